import { count, inArray } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../shared/domain/roles';
import { adminOverviewSchema } from '../../../shared/features/overview/overview.contracts';
import { companyFormations, users } from '../../db/schema';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';

const overview = adminRoute('overview.read', {
  method: 'get',
  path: '/overview',
  tags: ['admin'],
  summary: 'Counts for the back office landing page',
  responses: {
    200: jsonResponse(adminOverviewSchema, 'Counts'),
    ...guarded,
  },
});

/**
 * The back office's first counts (GET /api/admin/overview), part of the admin home's feature (decision
 * 0083); the home's panels are overview.routes.ts.
 */
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
