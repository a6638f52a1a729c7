import { createRoute } from '@hono/zod-openapi';
import { isCustomer } from '../../../shared/domain/roles';
import {
  orderResultSchema,
  purchaseSchema,
  redirectResult,
  sessionIdParams,
  testCheckoutResultSchema,
  urlResult,
  webhookAckSchema,
} from '../../../shared/features/payments/payments.contracts';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { requireRealItem } from '../compliance';
import { findActiveService } from '../services';
import { startCheckout } from './checkout.service';
import { reconcileOrder } from './fulfil.service';
import { findUserOrderBySession, toOrderView } from './orders.service';
import { cancelTestCheckout, payTestCheckout, testCheckoutEnabled, viewTestCheckout } from './test-checkout.service';
import { handleWebhook } from './webhook.service';

const tags = ['payments'];

/** Where the provider posts its events; the app gives this path its own body limit (webhookBody). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';
const orderNotFound = jsonResponse(errorSchema, 'ORDER_NOT_FOUND: no such session of yours');

const checkout = createRoute({
  method: 'post',
  path: '/checkout',
  tags,
  summary: "Buy a service: a pending order and a checkout session; answers the checkout's url",
  description:
    'The buyer is the session user and the amount comes from the catalogue; the body names the service only.',
  middleware: [requireUser()] as const,
  request: jsonBody(purchaseSchema),
  responses: {
    200: jsonResponse(urlResult, 'Where to send the browser'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: jsonResponse(errorSchema, 'SERVICE_NOT_FOUND: unknown or inactive'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
    502: jsonResponse(errorSchema, 'PAYMENT_PROVIDER_FAILED'),
  },
});

const sessionResult = createRoute({
  method: 'get',
  path: '/checkout-sessions/{sessionId}',
  tags,
  summary: "The success page's order: asks the provider while it is pending, and confirms it when paid",
  middleware: [requireUser()] as const,
  request: { params: sessionIdParams },
  responses: {
    200: jsonResponse(orderResultSchema, 'The order as the server knows it'),
    400: errorResponses[400],
    401: errorResponses[401],
    404: orderNotFound,
  },
});

const webhook = createRoute({
  method: 'post',
  path: '/stripe/webhook',
  tags,
  summary: "Stripe's webhook: checkout.session.* events, signed (Stripe-Signature, 300 s tolerance)",
  description:
    'The raw body is verified before it is parsed, so it is not declared as a schema here. Each event id is acted on once.',
  responses: {
    200: jsonResponse(webhookAckSchema, 'Acknowledged (also for event types it ignores)'),
    400: jsonResponse(errorSchema, 'INVALID_SIGNATURE (refused before the body is read when the header is missing)'),
    413: jsonResponse(errorSchema, 'BODY_TOO_LARGE: over 1 MB'),
  },
});

const testCheckout = createRoute({
  method: 'get',
  path: '/test-checkout/{sessionId}',
  tags,
  summary: 'The local TEST MODE checkout session (only without Stripe keys, never in production)',
  middleware: [requireUser()] as const,
  request: { params: sessionIdParams },
  responses: {
    200: jsonResponse(testCheckoutResultSchema, 'The session'),
    400: errorResponses[400],
    401: errorResponses[401],
    404: orderNotFound,
  },
});

const testCheckoutAction = (action: 'pay' | 'cancel') =>
  createRoute({
    method: 'post',
    path: `/test-checkout/{sessionId}/${action}`,
    tags,
    summary:
      action === 'pay'
        ? 'TEST MODE: pay; a signed checkout.session.completed goes through the webhook code'
        : 'TEST MODE: abandon; a signed checkout.session.expired goes through the webhook code',
    middleware: [requireUser()] as const,
    request: { params: sessionIdParams },
    responses: {
      200: jsonResponse(redirectResult, 'Where the provider would send the browser'),
      400: errorResponses[400],
      401: errorResponses[401],
      404: orderNotFound,
      409: jsonResponse(errorSchema, 'CHECKOUT_CLOSED'),
    },
  });

export function paymentsRoutes() {
  const router = createRouter();

  router.openapi(checkout, async (c) => {
    const user = currentUser(c);
    if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
    const deps = c.var.deps;
    const { serviceId, complianceItemKey } = c.req.valid('json');
    const service = await findActiveService(deps.database.db, serviceId);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND');
    if (complianceItemKey) {
      // Decision 0052: only one of the buyer's own items, of a rule this service files.
      const item = await requireRealItem(deps.database.db, user.id, complianceItemKey, serverToday(deps.env));
      if (!service.complianceRules.includes(item.ruleId)) {
        throw new ApiError('VALIDATION_FAILED', { complianceItemKey: 'validation.invalid' });
      }
    }
    if (!(await deps.rateLimiter.hit('checkoutPerUser', user.id))) throw new ApiError('TOO_MANY_REQUESTS');
    const { url } = await startCheckout(deps, user, {
      kind: 'service',
      serviceId: service.id,
      title: service.title,
      titleEn: service.titleEn,
      amountCents: service.priceCents,
      stripePriceId: service.stripePriceId,
      complianceItemKey,
    });
    return c.json({ url }, 200);
  });

  router.openapi(sessionResult, async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const order = await findUserOrderBySession(deps.database.db, user.id, c.req.valid('param').sessionId);
    if (!order) throw new ApiError('ORDER_NOT_FOUND');
    let current = order;
    try {
      current = await reconcileOrder(deps, order, 'success_page');
    } catch (err) {
      // The webhook will still confirm it; the page shows "confirming" and asks again.
      deps.logger.warn({ err, orderId: order.id }, 'could not ask the payment provider about an order');
    }
    return c.json({ order: toOrderView(current) }, 200);
  });

  router.openapi(webhook, async (c) => {
    await handleWebhook(c.var.deps, await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true as const }, 200);
  });

  const requireTestCheckout = (deps: Parameters<typeof testCheckoutEnabled>[0]) => {
    if (!testCheckoutEnabled(deps)) throw new ApiError('NOT_FOUND');
  };

  router.openapi(testCheckout, async (c) => {
    requireTestCheckout(c.var.deps);
    const session = await viewTestCheckout(c.var.deps, currentUser(c).id, c.req.valid('param').sessionId);
    return c.json({ session }, 200);
  });

  for (const action of ['pay', 'cancel'] as const) {
    router.openapi(testCheckoutAction(action), async (c) => {
      requireTestCheckout(c.var.deps);
      const run = action === 'pay' ? payTestCheckout : cancelTestCheckout;
      return c.json(await run(c.var.deps, currentUser(c).id, c.req.valid('param').sessionId), 200);
    });
  }

  return router;
}
