import { createRoute } from '@hono/zod-openapi';
import { okSchema } from '../../../shared/contracts/common';
import { isCustomer } from '../../../shared/domain/roles';
import {
  cancelSubscriptionSchema,
  checkoutUrlSchema,
  subscriptionIdParams,
  subscriptionListSchema,
} from '../../../shared/features/renewals/renewals.contracts';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import {
  cancelSubscription,
  resumeSubscription,
  startRenewalCheckout,
  subscriptionViews,
  syncSubscriptions,
} from './renewals.service';

const tags = ['renewals'];
const notFound = jsonResponse(errorSchema, 'NOT_FOUND: not one of your subscriptions');
const refused = jsonResponse(errorSchema, 'INVALID_TRANSITION: not possible in its status (or SUBSCRIPTION_CHANGED)');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The signed-in customer's subscriptions (registered agent, private address), with receipts and history",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(subscriptionListSchema, 'The subscriptions'), 401: errorResponses[401] },
});

const renew = createRoute({
  method: 'post',
  path: '/{id}/checkout',
  tags,
  summary: '"Renew for a year": a renewal order and a checkout session; the year runs from the current end',
  middleware: [requireUser()] as const,
  request: { params: subscriptionIdParams },
  responses: {
    200: jsonResponse(checkoutUrlSchema, 'Where to send the browser'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: refused,
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
    502: jsonResponse(errorSchema, 'PAYMENT_PROVIDER_FAILED'),
  },
});

const cancel = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags,
  summary: '"Do not renew": the period runs to its end; an optional reason. Refused when a payment moved the end',
  middleware: [requireUser()] as const,
  request: { params: subscriptionIdParams, ...jsonBody(cancelSubscriptionSchema) },
  responses: {
    200: jsonResponse(okSchema, 'Cancelled'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: refused,
  },
});

const resume = createRoute({
  method: 'post',
  path: '/{id}/resume',
  tags,
  summary: 'Undo "Do not renew", until the period\'s end',
  middleware: [requireUser()] as const,
  request: { params: subscriptionIdParams },
  responses: {
    200: jsonResponse(okSchema, 'Renewing again'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: refused,
  },
});

/** Customers only: staff run the desk, they do not hold subscriptions. */
function customer(c: Parameters<typeof currentUser>[0]) {
  const user = currentUser(c);
  if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
  return user;
}

/** /api/renewals: the customer's own subscriptions (/account/subscriptions and the dashboard card). */
export function renewalsRoutes() {
  const router = createRouter();
  router.openapi(list, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    const today = serverToday(c.var.deps.env);
    if (isCustomer(user.role)) await syncSubscriptions(db, today, user.id);
    return c.json({ today, subscriptions: await subscriptionViews(db, user.id, today) }, 200);
  });
  router.openapi(renew, async (c) => {
    const user = customer(c);
    const deps = c.var.deps;
    if (!(await deps.rateLimiter.hit('checkoutPerUser', user.id))) throw new ApiError('TOO_MANY_REQUESTS');
    return c.json(await startRenewalCheckout(deps, user, c.req.valid('param').id), 200);
  });
  router.openapi(cancel, async (c) => {
    const user = customer(c);
    await cancelSubscription(c.var.deps, user, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(resume, async (c) => {
    const user = customer(c);
    await resumeSubscription(c.var.deps, user, c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
  return router;
}
