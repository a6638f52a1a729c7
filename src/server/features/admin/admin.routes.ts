import { createRoute, z } from '@hono/zod-openapi';
import { count, eq } from 'drizzle-orm';
import { companyFormations, users } from '../../db/schema';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { requireAdmin } from '../../platform/http/session';
import { einAdminRoutes } from '../ein/ein-admin.routes';

const overviewSchema = z
  .object({ users: z.number().int(), admins: z.number().int(), formations: z.number().int() })
  .openapi('AdminOverview');

const overview = createRoute({
  method: 'get',
  path: '/overview',
  tags: ['admin'],
  summary: 'Counts for the back office landing page',
  responses: {
    200: jsonResponse(overviewSchema, 'Counts'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

/** Every admin route is mounted behind requireAdmin(), so none can forget the check. */
export function adminRoutes() {
  const router = createRouter();
  router.use('*', requireAdmin());
  router.openapi(overview, async (c) => {
    const { db } = c.var.deps.database;
    const [[all], [admins], [formations]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(users).where(eq(users.role, 'admin')),
      db.select({ n: count() }).from(companyFormations),
    ]);
    return c.json({ users: all.n, admins: admins.n, formations: formations.n }, 200);
  });
  // After the guard above: Hono runs handlers in the order they were added, so these are covered too.
  router.route('/ein-applications', einAdminRoutes());
  return router;
}
