import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatUsd } from '../../../shared/catalogue/money';
import { ADDRESS_PRICES, REGISTERED_AGENT_RENEWAL } from '../../../shared/catalogue/packages';
import type { SubscriptionView } from '../../../shared/features/renewals/renewals.contracts';
import {
  type CancelReason,
  canCancel,
  canRenew,
  canResume,
  correctedAgentPeriod,
  dailyStep,
  graceEnd,
  inGrace,
  periodEndFrom,
  renewalPrice,
  renewedPeriod,
  renewedStatus,
  resumedStatus,
  type SubscriptionProduct,
  type SubscriptionStatus,
  showsRenewalCard,
  statusAfter,
} from '../../../shared/features/renewals/renewals.domain';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { type Language, toLanguage } from '../../../shared/i18n/languages';
import { orders, subscriptionEvents, subscriptions, userProfiles, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import type { MailTemplate } from '../../platform/mail/templates';
import type { OrderRow } from '../payments';
import { startCheckout } from '../payments';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const SYSTEM = { actorId: null, actorRole: 'system' } as const;

/**
 * Creates the subscriptions the portal's records call for and that do not exist yet (migration 0020's
 * subscriptions_sync, decision 0054): the agent from the formation date, the address from its first
 * paid order. For one customer (their page, a paid package order) or all (the daily run).
 */
export async function syncSubscriptions(db: DbOrTx, today: string, userId: string | null = null): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select subscriptions_sync(${today}::date, ${REGISTERED_AGENT_RENEWAL}::int, ${ADDRESS_PRICES.private_address}::int, ${userId}::text) as n`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The status as of `today`, the daily run's date steps applied: a read between midnight and the run
 * shows what the run is about to write (the run stays the one that writes, mails and audits).
 */
export function effectiveStatus(row: Pick<SubscriptionRow, 'status' | 'periodEnd'>, today: string): SubscriptionStatus {
  const step = dailyStep(row.status, row.periodEnd, today);
  return step ? statusAfter(step) : row.status;
}

/**
 * Whether the customer's address or registered agent runs today (active, due with its grace still on, or
 * cancelled before its period's end):
 * the mailroom holds the letters of a customer with neither (decision 0089). With `product`, whether that
 * one runs (the mailroom's scans follow the private address's plan while it runs, decision 0099).
 */
export async function hasCurrentSubscription(
  db: DbOrTx,
  userId: string,
  today: string,
  product?: SubscriptionProduct,
): Promise<boolean> {
  const rows = await db
    .select({ status: subscriptions.status, periodEnd: subscriptions.periodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), product ? eq(subscriptions.product, product) : undefined));
  return rows.some((row) => {
    const status = effectiveStatus(row, today);
    // A cancelled one still runs to the end of the period paid for.
    return status === 'active' || status === 'renewal_due' || status === 'cancelled';
  });
}

export async function findOwnSubscription(db: DbOrTx, userId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** What the customer (and staff in the customer file) see of each subscription, with receipts and history. */
export async function subscriptionViews(db: DbOrTx, userId: string, today: string): Promise<SubscriptionView[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.product));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [paid, events] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(inArray(orders.subscriptionId, ids), eq(orders.status, 'paid')))
      .orderBy(desc(orders.paidAt)),
    db
      .select()
      .from(subscriptionEvents)
      .where(inArray(subscriptionEvents.subscriptionId, ids))
      .orderBy(desc(subscriptionEvents.createdAt)),
  ]);
  return rows.map((row) => {
    const status = effectiveStatus(row, today);
    return {
      id: row.id,
      product: row.product,
      status,
      state: row.state,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      graceEndsOn: graceEnd(row.periodEnd),
      inGrace: inGrace(status, row.periodEnd, today),
      nextPeriodEnd: periodEndFrom(row.periodEnd),
      priceCents: renewalPrice(row.product, row.state),
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      noticeShown: showsRenewalCard(status, row.periodEnd, today),
      canRenew: canRenew(status, row.periodEnd, today),
      canCancel: canCancel(status, row.periodEnd, today),
      canResume: canResume(status, row.periodEnd, today),
      receipts: paid
        .filter((o) => o.subscriptionId === row.id)
        .map((o) => ({
          orderId: o.id,
          amountCents: o.amountCents,
          paidAt: o.paidAt?.toISOString() ?? o.updatedAt.toISOString(),
          renewsFrom: o.renewsFrom,
          testMode: o.provider === 'local',
          flagged: o.flag !== null,
        })),
      history: events
        .filter((e) => e.subscriptionId === row.id)
        .map((e) => ({ kind: e.kind, periodEnd: e.periodEnd, at: e.createdAt.toISOString() })),
    };
  });
}

function productName(lang: Language, product: SubscriptionRow['product']): string {
  return translate(lang, `renewals.products.${product}`);
}

/** "Renew for a year": a renewal order through the services' checkout, for the period after the current end. */
export async function startRenewalCheckout(deps: AppDeps, user: SessionUser, id: string): Promise<{ url: string }> {
  const today = serverToday(deps.env);
  const row = await findOwnSubscription(deps.database.db, user.id, id);
  if (!canRenew(effectiveStatus(row, today), row.periodEnd, today)) throw new ApiError('INVALID_TRANSITION');
  const next = renewedPeriod(row.periodEnd);
  const amountCents = renewalPrice(row.product, row.state);
  const title = (lang: Language) =>
    translate(lang, 'renewals.orderTitle', {
      product: productName(lang, row.product),
      until: formatCalendarDateLong(next.end, lang),
    });
  const { url } = await startCheckout(deps, user, {
    kind: 'renewal',
    subscriptionId: row.id,
    renewsFrom: row.periodEnd,
    title: title('tr'),
    titleEn: title('en'),
    amountCents,
  });
  return { url };
}

export async function addEvent(
  tx: Pick<Tx, 'insert'>,
  row: Pick<SubscriptionRow, 'id' | 'userId'>,
  kind: (typeof subscriptionEvents.$inferInsert)['kind'],
  periodEnd: string,
  extra: { orderId?: string; actorId?: string | null; detail?: Record<string, unknown> } = {},
): Promise<boolean> {
  const inserted = await tx
    .insert(subscriptionEvents)
    .values({ subscriptionId: row.id, userId: row.userId, kind, periodEnd, ...extra })
    .onConflictDoNothing()
    .returning({ id: subscriptionEvents.id });
  return inserted.length > 0;
}

/**
 * Staff corrected `userId`'s formation date from `from` to `to` (in the same transaction): the agent
 * subscription's period follows it by correctedAgentPeriod (decision 0057), with a `moved` history row
 * and an audit row in the staff member's name. Its status is reset as a resumed one's would be (due
 * within 30 days of the new end); a cancelled one stays cancelled, to the new end. Returns the new
 * period, or null when the subscription stays (none yet, renewed, lapsed, ended, or no change).
 */
export async function followFormationDate(
  tx: Tx,
  input: { userId: string; from: string; to: string; actorId: string },
  today: string,
): Promise<{ start: string; end: string } | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, input.userId), eq(subscriptions.product, 'registered_agent')))
    .for('update');
  if (!row) return null;
  const [renewed] = await tx
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.subscriptionId, row.id), eq(subscriptionEvents.kind, 'renewed')))
    .limit(1);
  const next = correctedAgentPeriod(
    { start: row.periodStart, end: row.periodEnd, status: row.status, renewed: renewed !== undefined },
    input.from,
    input.to,
  );
  if (!next) return null;
  const status = row.status === 'cancelled' ? 'cancelled' : resumedStatus(next.end, today);
  await tx
    .update(subscriptions)
    .set({ periodStart: next.start, periodEnd: next.end, status, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
  const detail = {
    formedOn: { from: input.from, to: input.to },
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
  };
  await addEvent(tx, row, 'moved', next.end, { actorId: input.actorId, detail });
  await recordAudit(tx, {
    actorId: input.actorId,
    actorRole: 'admin',
    action: 'subscription.moved',
    entityType: 'subscription',
    entityId: row.id,
    subjectUserId: row.userId,
    before: { status: row.status, periodStart: row.periodStart, periodEnd: row.periodEnd },
    after: { status, periodStart: next.start, periodEnd: next.end },
  });
  return next;
}

/**
 * "Do not renew". `periodEnd` is the end the customer was shown: when a renewal was paid meanwhile
 * (the end moved), the cancel is refused with SUBSCRIPTION_CHANGED rather than cancel a year just
 * bought (decision 0054: a payment and a cancel racing end renewed and active).
 */
export async function cancelSubscription(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: { periodEnd: string; reason?: CancelReason | null },
): Promise<void> {
  const today = serverToday(deps.env);
  await deps.database.db.transaction(async (tx) => {
    const row = await findOwnSubscription(tx, user.id, id, true);
    if (row.periodEnd !== input.periodEnd) throw new ApiError('SUBSCRIPTION_CHANGED');
    const status = effectiveStatus(row, today);
    if (!canCancel(status, row.periodEnd, today)) throw new ApiError('INVALID_TRANSITION');
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: input.reason ?? null, updatedAt: new Date() })
      .where(eq(subscriptions.id, row.id));
    await addEvent(tx, row, 'cancelled', row.periodEnd, {
      actorId: user.id,
      detail: input.reason ? { reason: input.reason } : undefined,
    });
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'subscription.cancelled',
      entityType: 'subscription',
      entityId: row.id,
      subjectUserId: row.userId,
      before: { status },
      after: { status: 'cancelled', periodEnd: row.periodEnd, reason: input.reason ?? null },
    });
    await mailCustomer(deps, tx, row, 'renewals.cancelled', undefined);
  });
  deps.mailer.kick();
}

/** Undoes "Do not renew", until the period's end. */
export async function resumeSubscription(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const today = serverToday(deps.env);
  await deps.database.db.transaction(async (tx) => {
    const row = await findOwnSubscription(tx, user.id, id, true);
    if (!canResume(effectiveStatus(row, today), row.periodEnd, today)) throw new ApiError('INVALID_TRANSITION');
    const status = resumedStatus(row.periodEnd, today);
    await tx
      .update(subscriptions)
      .set({ status, cancelledAt: null, cancelReason: null, updatedAt: new Date() })
      .where(eq(subscriptions.id, row.id));
    await addEvent(tx, row, 'resumed', row.periodEnd, { actorId: user.id });
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'subscription.resumed',
      entityType: 'subscription',
      entityId: row.id,
      subjectUserId: row.userId,
      before: { status: 'cancelled' },
      after: { status },
    });
    await mailCustomer(deps, tx, row, 'renewals.resumed', undefined);
  });
  deps.mailer.kick();
}

/**
 * A paid renewal order's effect (fulfil.service.ts, in its transaction, once per order). The
 * subscription is locked; the order extends it only when it renews from the current end, so a second
 * order paid for the same year extends nothing and is flagged paid_twice for staff to refund. A payment
 * wins over a cancellation, a lapse or an end: the customer paid for the year, so it is theirs.
 */
export async function settleRenewalOrder(
  deps: Pick<AppDeps, 'env'>,
  tx: Tx,
  order: OrderRow,
): Promise<'paid_twice' | null> {
  if (!order.subscriptionId || !order.renewsFrom) return null;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId)).for('update');
  if (!row) return null;
  const today = serverToday(deps.env);
  if (row.periodEnd !== order.renewsFrom) {
    await addEvent(tx, row, 'paid_twice', row.periodEnd, { orderId: order.id });
    return 'paid_twice';
  }
  const next = renewedPeriod(row.periodEnd);
  const status = renewedStatus(next.end, today);
  await tx
    .update(subscriptions)
    .set({
      periodStart: next.start,
      periodEnd: next.end,
      status,
      priceCents: order.amountCents,
      cancelledAt: null,
      cancelReason: null,
      lapsedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, row.id));
  await addEvent(tx, row, 'renewed', next.end, {
    orderId: order.id,
    detail: { from: row.periodEnd, statusBefore: row.status },
  });
  await recordAudit(tx, {
    ...SYSTEM,
    action: 'subscription.renewed',
    entityType: 'subscription',
    entityId: row.id,
    subjectUserId: row.userId,
    before: { status: row.status, periodEnd: row.periodEnd },
    after: { status, periodEnd: next.end, orderId: order.id },
  });
  return null;
}

export async function mailCustomer(
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  tx: Pick<Tx, 'insert' | 'select'>,
  row: SubscriptionRow,
  template: MailTemplate,
  dedupeKey: string | undefined,
): Promise<void> {
  const [user] = await tx
    .select({
      email: users.email,
      lang: users.lang,
      name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, row.userId));
  if (!user) return;
  const lang = toLanguage(user.lang) ?? 'tr';
  const url = `${deps.env.publicUrl}/account/subscriptions`;
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `renewals.mail.${key}`, vars);
  const excerpt = [
    t('what', { product: productName(lang, row.product) }),
    t('amount', { amount: formatUsd(renewalPrice(row.product, row.state), lang) }),
    // Each date named (decision 0072): the period's end, and for grace and lapse the last day of grace.
    t('periodEnd', { date: formatCalendarDateLong(row.periodEnd, lang) }),
    ...(template === 'renewals.grace' || template === 'renewals.lapsed'
      ? [t('graceEnd', { date: formatCalendarDateLong(graceEnd(row.periodEnd), lang) })]
      : []),
    ...(template === 'renewals.notice' || template === 'renewals.grace'
      ? [t('renew', { url: `${url}?renew=${row.id}` }), t('cancel', { url: `${url}?cancel=${row.id}` })]
      : []),
    ...(template === 'renewals.cancelled' && row.product === 'registered_agent' ? [t('agentResigns')] : []),
    // A lapsed agent resigns like a cancelled one; the customer must know the company now needs another.
    ...(template === 'renewals.lapsed' && row.product === 'registered_agent' ? [t('agentResigned')] : []),
    ...(template === 'renewals.cancelled' && row.product === 'private_address' ? [t('mailStops')] : []),
  ].join('\n');
  await deps.mailer.enqueue(
    {
      to: user.email,
      template,
      lang,
      vars: { name: user.name, url, subject: productName(lang, row.product), excerpt },
      dedupeKey,
    },
    tx,
  );
}
