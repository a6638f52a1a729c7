import { createRoute } from '@hono/zod-openapi';
import { isStaff } from '../../../shared/domain/roles';
import {
  formationResultSchema,
  guideCompletionSchema,
  myFormationResultSchema,
  onboardingSchema,
} from '../../../shared/features/formations/formations.contracts';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { myFormation } from '../me';
import { completeGuide, createFormation, toFormation } from './formations.service';

const tags = ['formations'];

const create = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: "Onboarding's submit: create the user's one formation record",
  middleware: [requireUser()] as const,
  request: jsonBody(onboardingSchema),
  responses: {
    201: jsonResponse(formationResultSchema, 'Created at preparation'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: jsonResponse(errorSchema, 'FORBIDDEN: admins do not form companies'),
    409: jsonResponse(errorSchema, 'FORMATION_EXISTS'),
  },
});

const getMine = createRoute({
  method: 'get',
  path: '/me',
  tags,
  summary: "The signed-in user's formation record (with its stage) and EIN summary",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(myFormationResultSchema, 'The formation'),
    401: errorResponses[401],
    404: jsonResponse(errorSchema, 'NOT_FOUND: no formation record yet'),
  },
});

const guideCompletion = createRoute({
  method: 'post',
  path: '/me/guide-completion',
  tags,
  summary: "The formation guide's last step: store feedback; a yes moves preparation → formation_completed",
  middleware: [requireUser()] as const,
  request: jsonBody(guideCompletionSchema),
  responses: {
    200: jsonResponse(formationResultSchema, 'Feedback stored; the formation as it is now'),
    400: errorResponses[400],
    401: errorResponses[401],
    404: jsonResponse(errorSchema, 'NOT_FOUND: no formation record'),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: already past preparation'),
  },
});

export function formationsRoutes() {
  const router = createRouter();

  router.openapi(create, async (c) => {
    const user = currentUser(c);
    if (isStaff(user.role)) throw new ApiError('FORBIDDEN');
    const row = await createFormation(c.var.deps.database.db, user, c.req.valid('json'));
    return c.json({ formation: toFormation(row) }, 201);
  });

  router.openapi(getMine, async (c) => {
    const mine = await myFormation(c.var.deps, currentUser(c).id);
    if (!mine) throw new ApiError('NOT_FOUND');
    return c.json(mine, 200);
  });

  router.openapi(guideCompletion, async (c) => {
    const user = currentUser(c);
    const row = await completeGuide(c.var.deps, user.id, c.req.valid('json'));
    return c.json({ formation: toFormation(row) }, 200);
  });

  return router;
}
