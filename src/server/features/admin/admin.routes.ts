import { z } from '@hono/zod-openapi';
import { count, inArray } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../shared/domain/roles';
import { companyFormations, users } from '../../db/schema';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';

const overviewSchema = z
  .object({ users: z.number().int(), admins: z.number().int(), formations: z.number().int() })
  .openapi('AdminOverview');

const overview = adminRoute('overview.read', {
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

/** The back office's landing counts. */
export function adminOverviewRoutes() {
  const router = createRouter();
  router.openapi(overview, async (c) => {
    const { db } = c.var.deps.database;
    const [[all], [admins], [formations]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db
        .select({ n: count() })
        .from(users)
        .where(inArray(users.role, [...STAFF_ROLES])),
      db.select({ n: count() }).from(companyFormations),
    ]);
    return c.json({ users: all.n, admins: admins.n, formations: formations.n }, 200);
  });
  return router;
}
