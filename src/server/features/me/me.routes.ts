import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { meSchema, okSchema, updateMeSchema } from '../../../shared/contracts/auth';
import { users } from '../../db/schema';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { homeFor } from '../auth/auth.service';

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
  router.openapi(getMe, async (c) => {
    const user = currentUser(c);
    const { home, hasFormation } = await homeFor(c.var.deps.database.db, user.id, user.role);
    return c.json(
      {
        user: {
          id: user.id,
          email: user.email,
          fullName: user.name,
          role: user.role,
          emailVerified: user.emailVerified,
          lang: user.lang,
        },
        hasFormation,
        home,
        twoFactorEnabled: user.twoFactorEnabled,
      },
      200,
    );
  });
  router.openapi(patchMe, async (c) => {
    const user = currentUser(c);
    const { lang } = c.req.valid('json');
    await c.var.deps.database.db.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, user.id));
    return c.json({ ok: true as const }, 200);
  });
  return router;
}
