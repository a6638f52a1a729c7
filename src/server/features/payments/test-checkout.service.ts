import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { localCheckoutSessions, orders } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import { type LocalSessionRow, localSessionState } from '../../platform/payments/local-provider';
import { type OrderRow, toOrderView } from './orders.service';
import { handleWebhook } from './webhook.service';

/*
 * The local TEST MODE checkout (decision 0012): what Stripe's hosted page does, done by the portal when
 * no Stripe keys are set. Paying or cancelling changes the local session and then delivers the event
 * Stripe would send, signed like Stripe signs it, to the webhook's own handler: the order is confirmed
 * by exactly the code that confirms a real payment.
 */

const rand = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, '');

/** Available only where the local provider is the provider (no Stripe keys, not production). */
export function testCheckoutEnabled(deps: AppDeps): boolean {
  return Boolean(deps.payments.signTestEvent) && !deps.env.production;
}

async function findOwnSession(deps: AppDeps, userId: string, sessionId: string) {
  const [row] = await deps.database.db
    .select({ session: localCheckoutSessions, order: orders })
    .from(localCheckoutSessions)
    .innerJoin(orders, eq(orders.id, localCheckoutSessions.orderId))
    .where(and(eq(localCheckoutSessions.id, sessionId), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw new ApiError('ORDER_NOT_FOUND');
  return row;
}

export async function viewTestCheckout(deps: AppDeps, userId: string, sessionId: string) {
  const { session, order } = await findOwnSession(deps, userId, sessionId);
  const state = localSessionState(session, order.id);
  return {
    id: session.id,
    status: state.status as LocalSessionRow['status'],
    amountCents: session.amountCents,
    currency: session.currency,
    order: toOrderView(order),
  };
}

/** The Checkout Session object Stripe would put in the event, from the local session. */
function stripeShapedSession(session: LocalSessionRow, order: OrderRow) {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    livemode: false,
    client_reference_id: order.id,
    metadata: { order_id: order.id },
    customer_email: session.customerEmail,
    amount_subtotal: session.amountCents,
    amount_total: session.amountCents,
    currency: session.currency,
    status: session.status,
    payment_status: session.paymentStatus,
    payment_intent: session.paymentIntentId,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    created: Math.floor(session.createdAt.getTime() / 1000),
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
  };
}

async function deliver(deps: AppDeps, type: string, session: LocalSessionRow, order: OrderRow) {
  const payload = JSON.stringify({
    id: `evt_test_local_${rand(18)}`,
    object: 'event',
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: stripeShapedSession(session, order) },
  });
  const sign = deps.payments.signTestEvent;
  if (!sign) throw new ApiError('NOT_FOUND');
  await handleWebhook(deps, payload, sign(payload));
}

/** Closes the open session as paid or abandoned, once: a second click finds it closed. */
async function closeSession(deps: AppDeps, userId: string, sessionId: string, paid: boolean) {
  const { order } = await findOwnSession(deps, userId, sessionId);
  const [session] = await deps.database.db
    .update(localCheckoutSessions)
    .set(
      paid
        ? { status: 'complete', paymentStatus: 'paid', paymentIntentId: `pi_test_local_${rand(18)}` }
        : { status: 'expired' },
    )
    .where(
      and(
        eq(localCheckoutSessions.id, sessionId),
        eq(localCheckoutSessions.status, 'open'),
        // An expired session can still be cancelled (its order closes), never paid.
        paid ? gt(localCheckoutSessions.expiresAt, new Date()) : undefined,
      ),
    )
    .returning();
  if (!session) throw new ApiError('CHECKOUT_CLOSED');
  await deliver(deps, paid ? 'checkout.session.completed' : 'checkout.session.expired', session, order);
  return session;
}

export async function payTestCheckout(deps: AppDeps, userId: string, sessionId: string) {
  const session = await closeSession(deps, userId, sessionId, true);
  return { redirectUrl: session.successUrl };
}

export async function cancelTestCheckout(deps: AppDeps, userId: string, sessionId: string) {
  const session = await closeSession(deps, userId, sessionId, false);
  return { redirectUrl: session.cancelUrl };
}
