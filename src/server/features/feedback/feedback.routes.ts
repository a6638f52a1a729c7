import { createRoute } from '@hono/zod-openapi';
import { okSchema } from '../../../shared/contracts/common';
import { addressFeedbackSchema, bankFeedbackSchema } from '../../../shared/features/formations/formations.schemas';
import { bankAccountFeedback, businessAddressFeedback } from '../../db/schema';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';

const tags = ['feedback'];

const bank = createRoute({
  method: 'post',
  path: '/bank',
  tags,
  summary: "The bank guide's last step: did the user apply, and their feedback",
  middleware: [requireUser()] as const,
  request: jsonBody(bankFeedbackSchema),
  responses: { 201: jsonResponse(okSchema, 'Stored'), 400: errorResponses[400], 401: errorResponses[401] },
});

const businessAddress = createRoute({
  method: 'post',
  path: '/business-address',
  tags,
  summary: "The business address guide's last step: did the user rent one, and their feedback",
  middleware: [requireUser()] as const,
  request: jsonBody(addressFeedbackSchema),
  responses: { 201: jsonResponse(okSchema, 'Stored'), 400: errorResponses[400], 401: errorResponses[401] },
});

export function feedbackRoutes() {
  const router = createRouter();

  router.openapi(bank, async (c) => {
    const user = currentUser(c);
    const { completed, feedbackText } = c.req.valid('json');
    await c.var.deps.database.db
      .insert(bankAccountFeedback)
      .values({ userId: user.id, completed, feedbackText, tutorialCompleted: true });
    return c.json({ ok: true as const }, 201);
  });

  router.openapi(businessAddress, async (c) => {
    const user = currentUser(c);
    const { completed, feedbackText } = c.req.valid('json');
    await c.var.deps.database.db
      .insert(businessAddressFeedback)
      .values({ userId: user.id, completed, feedbackText, tutorialCompleted: true });
    return c.json({ ok: true as const }, 201);
  });

  return router;
}
