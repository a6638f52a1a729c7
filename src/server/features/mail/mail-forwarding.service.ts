import { and, eq, sql } from 'drizzle-orm';
import type {
  ForwardingAddressInput,
  ForwardingAddressView,
  MailSettings,
} from '../../../shared/features/mail/mail.contracts';
import { canForward, forwardBandOf, type StandingRule } from '../../../shared/features/mail/mail.domain';
import { forwardingAddresses, letters, mailStandingRules } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { type OrderRow, onOrderPaid, startCheckout } from '../payments';
import { mailroomService } from '../services';
import { settlePaidLetter } from './mail-paid.service';
import { settleScan } from './mail-scans.service';

/*
 * Forwarding a letter, paid through the services' checkout (decision 0089), and the customer's mail
 * settings: the forwarding address and the standing rules. The letter moves to "to forward" only in the
 * payment provider's confirmed word (the paid webhook's transaction), once.
 */

type AddressRow = typeof forwardingAddresses.$inferSelect;

function toAddressView(row: AddressRow): ForwardingAddressView {
  return {
    recipient: row.recipient,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
  };
}

/** The address as the desk writes it on the envelope: one line each, the country's code last. */
export function addressLines(a: ForwardingAddressView): string {
  const cityLine = [a.postalCode, a.city, a.region].filter(Boolean).join(' ');
  return [a.recipient, a.line1, a.line2, cityLine, a.country].filter(Boolean).join('\n');
}

export type StandingRules = Record<StandingRule, boolean>;
const NO_RULES: StandingRules = { scanGovernment: false, shredAdvertising: false };

export async function standingRulesOf(db: DbOrTx, userId: string): Promise<StandingRules> {
  const [row] = await db.select().from(mailStandingRules).where(eq(mailStandingRules.userId, userId));
  return row ? { scanGovernment: row.scanGovernment, shredAdvertising: row.shredAdvertising } : NO_RULES;
}

export async function mailSettings(db: DbOrTx, userId: string): Promise<MailSettings> {
  const [[address], rules] = await Promise.all([
    db.select().from(forwardingAddresses).where(eq(forwardingAddresses.userId, userId)),
    standingRulesOf(db, userId),
  ]);
  return { address: address ? toAddressView(address) : null, rules };
}

export async function saveForwardingAddress(
  deps: Pick<AppDeps, 'database'>,
  user: Pick<SessionUser, 'id' | 'role'>,
  input: ForwardingAddressInput,
): Promise<MailSettings> {
  const values = {
    recipient: input.recipient,
    line1: input.line1,
    line2: input.line2 || null,
    city: input.city,
    region: input.region || null,
    postalCode: input.postalCode || null,
    country: input.country,
  };
  await deps.database.db.transaction(async (tx) => {
    await tx
      .insert(forwardingAddresses)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: forwardingAddresses.userId, set: { ...values, updatedAt: sql`now()` } });
    // The address itself is personal data: the audit says that it changed, not what it says.
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'letter.address_saved',
      entityType: 'user',
      entityId: user.id,
      subjectUserId: user.id,
      after: { country: values.country },
    });
  });
  return mailSettings(deps.database.db, user.id);
}

export async function saveStandingRules(
  deps: Pick<AppDeps, 'database'>,
  user: Pick<SessionUser, 'id' | 'role'>,
  rules: StandingRules,
): Promise<MailSettings> {
  await deps.database.db.transaction(async (tx) => {
    const before = await standingRulesOf(tx, user.id);
    await tx
      .insert(mailStandingRules)
      .values({ userId: user.id, ...rules })
      .onConflictDoUpdate({ target: mailStandingRules.userId, set: { ...rules, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'letter.rules_saved',
      entityType: 'user',
      entityId: user.id,
      subjectUserId: user.id,
      before,
      after: rules,
    });
  });
  return mailSettings(deps.database.db, user.id);
}

/**
 * "Forward this letter": a checkout for its weight band's service at the catalogue's price. The letter
 * records the order and the address as it is now, and waits (forward_requested); nothing is posted
 * before the webhook says paid. Asking again (an abandoned checkout) starts a new order.
 */
export async function requestForwarding(deps: AppDeps, user: SessionUser, id: string): Promise<{ url: string }> {
  const { db } = deps.database;
  const [row] = await db
    .select()
    .from(letters)
    .where(and(eq(letters.id, id), eq(letters.userId, user.id)));
  if (!row) throw new ApiError('NOT_FOUND');
  if (!canForward(row.status)) throw new ApiError('INVALID_TRANSITION');
  const [address] = await db.select().from(forwardingAddresses).where(eq(forwardingAddresses.userId, user.id));
  if (!address) throw new ApiError('FORWARDING_ADDRESS_REQUIRED');
  const service = await mailroomService(db, forwardBandOf(row.pages));
  if (!service) throw new ApiError('FORWARDING_UNAVAILABLE');
  if (!(await deps.rateLimiter.hit('checkoutPerUser', user.id))) throw new ApiError('TOO_MANY_REQUESTS');
  const { url, orderId } = await startCheckout(deps, user, {
    kind: 'service',
    serviceId: service.id,
    title: service.title,
    titleEn: service.titleEn,
    amountCents: service.priceCents,
    stripePriceId: service.stripePriceId,
  });
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(letters)
      .set({
        status: 'forward_requested',
        forwardOrderId: orderId,
        forwardTo: addressLines(toAddressView(address)),
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(letters.id, id), eq(letters.userId, user.id), sql`${letters.status} = ${row.status}`))
      .returning({ id: letters.id });
    // Changed meanwhile (another tab, staff): the checkout is left to expire unpaid.
    if (!saved) throw new ApiError('INVALID_TRANSITION');
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'letter.forward_requested',
      entityType: 'letter',
      entityId: id,
      subjectUserId: user.id,
      before: { status: row.status },
      after: { status: 'forward_requested', orderId, serviceId: service.id, amountCents: service.priceCents },
    });
  });
  return { url };
}

/**
 * The paid webhook's part (in its transaction, run once per order): the letter the order forwards moves
 * to "to forward". A letter the customer meanwhile decided otherwise keeps that decision; the payment is
 * audited for staff to post it anyway or refund (decision 0089).
 */
export async function settleForwarding(tx: Tx, order: OrderRow): Promise<void> {
  await settlePaidLetter(tx, order, {
    orderOf: letters.forwardOrderId,
    waiting: ['forward_requested'],
    next: 'to_forward',
    action: 'letter.forward_paid',
  });
}

/** The mailroom listens to payments (decision 0082): createApp calls this once per app; again replaces. */
export function mailListensToPayments(): void {
  onOrderPaid('mail:forwarding', (_deps, tx, order) => settleForwarding(tx, order));
  onOrderPaid('mail:scans', (_deps, tx, order) => settleScan(tx, order));
}
