import { and, eq, inArray, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatUsd } from '../../../shared/catalogue/money';
import { isUuid } from '../../../shared/domain/ids';
import type { OrderFlag } from '../../../shared/features/payments/orders.domain';
import { formatInstantUtc } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { toLanguage } from '../../../shared/i18n/languages';
import { companyFormations, formationServiceRequests, orders, paymentEvents, users } from '../../db/schema';
import type { Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { type CheckoutSessionState, sessionStateFromStripe } from '../../platform/payments/provider';
import { openOrderedFiling } from '../filings';
import { publishOrderPaid, settlerOf } from './order-paid.service';
import type { OrderRow } from './orders.service';

/*
 * The one place where money changes an order (decision 0012). Everything here runs on the payment
 * provider's word only: a webhook whose signature was checked, or a session fetched from the provider
 * by our server. Each change is one conditional UPDATE ... WHERE status = 'pending', so however often
 * and however concurrently the same word arrives, exactly one caller gets the row back and runs the
 * order's effect (the formation's payment status, the receipt).
 */

export type FulfilOutcome = 'paid' | 'already_done' | 'not_paid' | 'mismatch' | 'unknown_order';

const SYSTEM = { actorId: null, actorRole: 'system' } as const;

/** True when the session says the money is in: 'paid' (or nothing was due). */
export function moneyIsIn(session: CheckoutSessionState): boolean {
  return session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
}

/**
 * Marks the order paid and runs its effect, once. Refuses when the session is not this order's or its
 * amount or currency differ from ours (a Stripe price edited behind our back, a forged session): the
 * order then stays pending and the mismatch is logged and audited for a person to look at.
 */
export async function fulfilOrder(
  deps: AppDeps,
  tx: Tx,
  order: OrderRow,
  session: CheckoutSessionState,
  source: string,
): Promise<FulfilOutcome> {
  if (!moneyIsIn(session)) return 'not_paid';
  if (
    session.id !== order.providerSessionId ||
    session.amountTotal !== order.amountCents ||
    session.currency?.toLowerCase() !== order.currency
  ) {
    deps.logger.error(
      {
        orderId: order.id,
        sessionId: session.id,
        expected: { sessionId: order.providerSessionId, amount: order.amountCents, currency: order.currency },
        got: { amount: session.amountTotal, currency: session.currency },
      },
      'payment does not match its order; the order stays unpaid',
    );
    await recordAudit(tx, {
      ...SYSTEM,
      action: 'order.payment_mismatch',
      entityType: 'order',
      entityId: order.id,
      subjectUserId: order.userId,
      after: { source, sessionId: session.id, amountTotal: session.amountTotal, currency: session.currency },
    });
    return 'mismatch';
  }
  // A cancelled order is paid too when the provider says the money is in (a checkout replaced by a
  // newer one, paid before its expiry reached the provider): the money is recorded, never dropped.
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: new Date(), providerPaymentId: session.paymentIntentId, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'cancelled'])))
    .returning();
  if (!paid) return 'already_done';
  const flag =
    paid.kind === 'formation_package'
      ? await settleTurnkeyRequest(tx, paid, order.status)
      : paid.kind === 'renewal'
        ? await settlerOf('renewal')(deps, tx, paid)
        : null;
  if (flag && paid.kind === 'renewal') {
    await tx.update(orders).set({ flag, updatedAt: new Date() }).where(eq(orders.id, paid.id));
    await recordAudit(tx, {
      ...SYSTEM,
      action: 'order.flagged',
      entityType: 'order',
      entityId: paid.id,
      subjectUserId: paid.userId,
      after: { flag, subscriptionId: paid.subscriptionId, renewsFrom: paid.renewsFrom },
    });
  }
  // The features that sold what the order bought listen (decision 0082), e.g. renewals.
  if (!flag) await publishOrderPaid(deps, tx, paid);
  await recordAudit(tx, {
    ...SYSTEM,
    action: 'order.paid',
    entityType: 'order',
    entityId: paid.id,
    subjectUserId: paid.userId,
    after: {
      source,
      sessionId: session.id,
      paymentId: session.paymentIntentId,
      amountCents: paid.amountCents,
      ...(flag ? { flag } : {}),
    },
  });
  // Decision 0052: a paid "Let us file it" opens the filing of its calendar item for staff.
  if (paid.complianceItemKey) await openOrderedFiling(tx, paid);
  await queueReceipt(deps, tx, paid);
  return 'paid';
}

/** The provider says the money will not come: an async payment failed, or the checkout expired. */
export async function closeOrder(
  tx: Tx,
  order: OrderRow,
  status: 'failed' | 'cancelled',
  source: string,
): Promise<'closed' | 'already_done'> {
  const [closed] = await tx
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  if (!closed) return 'already_done';
  // An abandoned checkout is no failure of the formation's payment; a refused payment is.
  if (closed.kind === 'formation_package' && status === 'failed') await setFormationPaymentFailed(tx, closed.userId);
  await recordAudit(tx, {
    ...SYSTEM,
    action: `order.${status}`,
    entityType: 'order',
    entityId: closed.id,
    subjectUserId: closed.userId,
    after: { source },
  });
  return 'closed';
}

/** A refused payment shows on a formation and a turnkey request that nothing has bought yet. */
async function setFormationPaymentFailed(tx: Tx, userId: string) {
  const now = new Date();
  await tx
    .update(companyFormations)
    .set({ paymentStatus: 'failed', updatedAt: now })
    .where(and(eq(companyFormations.userId, userId), eq(companyFormations.paymentStatus, 'pending')));
  await tx
    .update(formationServiceRequests)
    .set({ paymentStatus: 'failed', updatedAt: now })
    .where(and(eq(formationServiceRequests.userId, userId), isNull(formationServiceRequests.paidOrderId)));
}

/**
 * Decision 0032: a paid package order buys the customer's turnkey request only when the request is not
 * bought yet and the order was still the open checkout (not replaced by a newer one). It then fixes
 * what was bought: the request takes the order's package and address, and locks (paid_order_id). Any
 * other paid package order changes nothing and is flagged for staff; the answer is that flag. The
 * request row is locked first, so two orders confirmed at once are decided one after the other.
 */
async function settleTurnkeyRequest(
  tx: Tx,
  order: OrderRow,
  statusBefore: OrderRow['status'],
): Promise<OrderFlag | null> {
  const now = new Date();
  const [request] = await tx
    .select()
    .from(formationServiceRequests)
    .where(eq(formationServiceRequests.userId, order.userId))
    .for('update');
  if (statusBefore === 'pending' && !request?.paidOrderId) {
    const bought = {
      packageSelected: order.packageId,
      businessAddress: order.addressOption,
      paymentStatus: 'paid',
      paidOrderId: order.id,
      updatedAt: now,
    };
    await tx
      .insert(formationServiceRequests)
      .values({ userId: order.userId, ...bought })
      .onConflictDoUpdate({ target: formationServiceRequests.userId, set: bought });
    await tx
      .update(companyFormations)
      .set({
        paymentStatus: 'paid',
        businessAddressPreference: order.addressOption as 'shared_address' | 'private_address' | null,
        updatedAt: now,
      })
      .where(eq(companyFormations.userId, order.userId));
    return null;
  }
  // What the request holds: the order that bought it, else the newer checkout that replaced this one.
  const referenceId = request?.paidOrderId ?? order.supersededBy;
  const [reference] = referenceId ? await tx.select().from(orders).where(eq(orders.id, referenceId)) : [];
  const same =
    reference !== undefined &&
    reference.packageId === order.packageId &&
    reference.addressOption === order.addressOption;
  const flag: OrderFlag = same ? 'paid_twice' : 'different_package';
  await tx.update(orders).set({ flag, updatedAt: now }).where(eq(orders.id, order.id));
  await recordAudit(tx, {
    ...SYSTEM,
    action: 'order.flagged',
    entityType: 'order',
    entityId: order.id,
    subjectUserId: order.userId,
    after: { flag, boughtWith: request?.paidOrderId ?? null, replacedBy: order.supersededBy },
  });
  return flag;
}

/** The order's name in the buyer's language: the service's title, or the package (plus the private address). */
export function orderName(order: OrderRow, lang: 'tr' | 'en'): string {
  if (order.kind === 'service' || order.kind === 'renewal')
    return (lang === 'en' && order.titleEn) || order.title || '';
  const pkg = translate(lang, `catalogue.packages.${order.packageId}.name`);
  return order.addressOption === 'private_address'
    ? `${pkg} + ${translate(lang, 'mail.orderReceipt.privateAddress')}`
    : pkg;
}

async function queueReceipt(deps: AppDeps, tx: Tx, order: OrderRow) {
  const [user] = await tx
    .select({ email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  if (!user) return;
  const lang = toLanguage(user.lang) ?? 'tr';
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `mail.orderReceipt.${key}`, vars);
  const paidAt = formatInstantUtc(order.paidAt ?? new Date(), lang);
  const excerpt = [
    t('item', { item: orderName(order, lang) }),
    t('amount', { amount: formatUsd(order.amountCents, lang) }),
    t('date', { date: paidAt }),
    t('reference', { reference: order.id }),
  ].join('\n');
  await deps.mailer.enqueue(
    {
      to: user.email,
      template: 'orderReceipt',
      lang,
      vars: { name: user.name, url: `${deps.env.publicUrl}/dashboard`, subject: orderName(order, lang), excerpt },
    },
    tx,
  );
}

/** The webhook events the portal acts on; any other type is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export type WebhookOutcome = 'ignored' | 'duplicate' | 'unknown_order' | FulfilOutcome | 'closed';

/**
 * Acts on one verified event. The event id is recorded in the same transaction as its effect: a
 * redelivery finds it and does nothing, and an effect that fails rolls the record back, so the
 * provider's retry gets another chance.
 */
export async function applyPaymentEvent(deps: AppDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  const session = sessionStateFromStripe(event.data.object as Stripe.Checkout.Session);
  const metadataOrderId = (event.data.object as Stripe.Checkout.Session).metadata?.order_id;
  const orderId = session.clientReferenceId ?? metadataOrderId ?? null;
  const { db } = deps.database;
  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, orderId: orderId && isUuid(orderId) ? orderId : null })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate';
    const [order] =
      orderId && isUuid(orderId) ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update') : [];
    if (!order) {
      deps.logger.warn({ eventId: event.id, type: event.type }, 'payment event for an unknown order');
      return 'unknown_order';
    }
    const source = `webhook:${event.type}`;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return fulfilOrder(deps, tx, order, session, source);
      case 'checkout.session.async_payment_failed':
        return session.id === order.providerSessionId ? closeOrder(tx, order, 'failed', source) : 'mismatch';
      default:
        return session.id === order.providerSessionId ? closeOrder(tx, order, 'cancelled', source) : 'mismatch';
    }
  });
  deps.mailer.kick();
  return outcome;
}

/**
 * Asks the provider about a pending order (the success page, the admin's re-check) and acts on the
 * answer through the same functions as the webhook.
 */
export async function reconcileOrder(deps: AppDeps, order: OrderRow, source: string): Promise<OrderRow> {
  // A replaced checkout is asked about too: it may have been paid before its expiry reached the provider.
  const open = order.status === 'pending' || (order.status === 'cancelled' && order.supersededBy !== null);
  if (!open || !order.providerSessionId) return order;
  const session = await deps.payments.retrieveCheckout(order.providerSessionId);
  return (await actOnSession(deps, order.id, session, source)) ?? order;
}

/** Acts on a session state our server fetched from the provider, with the order locked. */
export async function actOnSession(
  deps: AppDeps,
  orderId: string,
  session: CheckoutSessionState,
  source: string,
): Promise<OrderRow | null> {
  const { db } = deps.database;
  const updated = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) return null;
    if (moneyIsIn(session)) await fulfilOrder(deps, tx, locked, session, source);
    else if (session.status === 'expired') await closeOrder(tx, locked, 'cancelled', source);
    const [after] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return after ?? locked;
  });
  deps.mailer.kick();
  return updated;
}
