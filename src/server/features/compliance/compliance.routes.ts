import { createRoute, z } from '@hono/zod-openapi';
import { actorOf } from '../../../shared/domain/roles';
import {
  calendarFeedSchema,
  complianceViewSchema,
  itemKeyParam,
  markResultSchema,
} from '../../../shared/features/compliance/compliance.contracts';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { signedInOnly } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import { currentFeedUrl, regenerateFeed } from './calendar-feed.service';
import { complianceView, markDone, requireRealItem, unmarkDone } from './compliance.service';

const tags = ['compliance'];
const itemParams = z.object({ itemKey: itemKeyParam });

const getMine = createRoute({
  method: 'get',
  path: '/me',
  tags,
  summary: "The signed-in customer's compliance calendar: each deadline of the next ~400 days",
  description:
    "From the formation's state and formation date (formed_on); no items until staff record the formation date. " +
    '"Today" is the server\'s date in UTC. tracked is false for states whose own deadlines are not tracked yet.',
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(complianceViewSchema, 'The calendar'), ...signedInOnly },
});

const markRoute = (method: 'put' | 'delete') =>
  createRoute({
    method,
    path: '/me/items/{itemKey}/done',
    tags,
    summary: method === 'put' ? 'Mark one of my deadline items done' : 'Undo the done mark of one of my items',
    description: 'itemKey is `<rule id>:<due date>` of one of the items GET /me lists; any other key is 404.',
    middleware: [requireUser()] as const,
    request: { params: itemParams },
    responses: {
      200: jsonResponse(markResultSchema, 'The item as it is now'),
      404: jsonResponse(errorSchema, 'NOT_FOUND: not one of your items'),
      ...signedInOnly,
    },
  });

const getFeed = createRoute({
  method: 'get',
  path: '/me/calendar',
  tags,
  summary: 'My private calendar feed URL (.ics), or null when none was created',
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(calendarFeedSchema, 'The feed'), ...signedInOnly },
});

const postFeed = createRoute({
  method: 'post',
  path: '/me/calendar',
  tags,
  summary: 'Create my calendar feed, or regenerate it: the previous URL then answers 404',
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(calendarFeedSchema, 'The new feed'), ...signedInOnly },
});

/** The customer's own compliance calendar (decision 0020). app.ts mounts it at /api/compliance. */
export function complianceRoutes() {
  const router = createRouter();

  router.openapi(getMine, async (c) => {
    const user = currentUser(c);
    return c.json(await complianceView(c.var.deps.database.db, user.id, serverToday(c.var.deps.env)), 200);
  });

  router.openapi(markRoute('put'), async (c) => {
    const user = currentUser(c);
    const { itemKey } = c.req.valid('param');
    const db = c.var.deps.database.db;
    await requireRealItem(db, user.id, itemKey, serverToday(c.var.deps.env));
    await markDone(db, user.id, itemKey, { id: user.id, role: actorOf(user.role) });
    return c.json({ key: itemKey, done: true }, 200);
  });

  router.openapi(markRoute('delete'), async (c) => {
    const user = currentUser(c);
    const { itemKey } = c.req.valid('param');
    // A mark that exists is the customer's own; there is nothing to check it against beyond that.
    if (!(await unmarkDone(c.var.deps.database.db, user.id, itemKey))) throw new ApiError('NOT_FOUND');
    return c.json({ key: itemKey, done: false }, 200);
  });

  router.openapi(getFeed, async (c) => {
    const user = currentUser(c);
    return c.json({ url: await currentFeedUrl(c.var.deps, user.id) }, 200);
  });

  router.openapi(postFeed, async (c) => {
    const user = currentUser(c);
    return c.json({ url: await regenerateFeed(c.var.deps, user.id) }, 200);
  });

  return router;
}
