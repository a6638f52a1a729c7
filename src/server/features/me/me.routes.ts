import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { meSchema, okSchema, updateMeSchema } from '../../../shared/features/auth/auth.contracts';
import { users } from '../../db/schema';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { meOf } from './me.service';

const getMe = createRoute({
  method: 'get',
  path: '/',
  tags: ['me'],
  summary: 'The signed-in user, their role and where they belong',
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(meSchema, 'The current user'), 401: errorResponses[401] },
});

const patchMe = createRoute({
  method: 'patch',
  path: '/',
  tags: ['me'],
  summary: "Change the user's own preferences (language). The role cannot be changed here.",
  middleware: [requireUser()] as const,
  request: jsonBody(updateMeSchema),
  responses: { 200: jsonResponse(okSchema, 'Saved'), 400: errorResponses[400], 401: errorResponses[401] },
});

export function meRoutes() {
  const router = createRouter();
  router.openapi(getMe, async (c) => c.json(await meOf(c.var.deps.database.db, currentUser(c)), 200));
  router.openapi(patchMe, async (c) => {
    const user = currentUser(c);
    const { lang } = c.req.valid('json');
    await c.var.deps.database.db.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, user.id));
    return c.json({ ok: true as const }, 200);
  });
  return router;
}
