import { createRoute } from '@hono/zod-openapi';
import { isStaff } from '../../../shared/domain/roles';
import { customerTimelinePageSchema, timelineQuerySchema } from '../../../shared/features/dashboard/timeline.contracts';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { listCustomerTimeline } from './timeline.service';

const getTimeline = createRoute({
  method: 'get',
  path: '/',
  tags: ['me'],
  summary: "The signed-in customer's own history, newest first: stage changes, documents from staff, payments",
  description:
    'At most `limit` (1-100, default 100) items; pass `nextCursor` back as `before` for older ones. Customers ' +
    "only: admins read a customer's full timeline in the customer file.",
  middleware: [requireUser()] as const,
  request: { query: timelineQuerySchema },
  responses: {
    200: jsonResponse(customerTimelinePageSchema, 'One page of the history'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export function timelineRoutes() {
  const router = createRouter();
  router.openapi(getTimeline, async (c) => {
    const user = currentUser(c);
    // An admin has no history of their own here; their view of a customer is the admin timeline.
    if (isStaff(user.role)) throw new ApiError('FORBIDDEN');
    const page = await listCustomerTimeline(c.var.deps.database.db, user.id, c.req.valid('query'));
    return c.json(page, 200);
  });
  return router;
}
