import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { AddressOption } from '../../../shared/catalogue/packages';
import type {
  ScanAllowances,
  ScanAllowancesInput,
  ScanAllowanceView,
} from '../../../shared/features/mail/mail.contracts';
import { decide, monthStartOf, scanBeyondAllowance } from '../../../shared/features/mail/mail.domain';
import { letters, mailScanAllowances } from '../../db/schema';
import { type DbOrTx, oneAtATime, type Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { type OrderRow, startCheckout } from '../payments';
import { hasCurrentSubscription } from '../renewals';
import { mailroomService } from '../services';
import { settlePaidLetter } from './mail-paid.service';

/*
 * Scans included a month with each address plan, and the extra scan beyond them (decision 0099). The
 * allowance counts the scans the customer asked for and those their standing rule sent, on the server's
 * UTC month; a scan beyond it is an order of the catalogue's extra-scan service, and the letter goes to
 * "to scan" only in the paid webhook's transaction, as forwarding does (decision 0089).
 */

/** The states from which a scan may be asked (the customer's "scan" decision). */
const SCANNABLE = (['received', 'held', 'forward_requested'] as const).filter((s) => decide(s, 'scan') !== null);

/** Finance's allowances per plan; a plan without a row counts nothing (null). */
export async function scanAllowances(db: DbOrTx): Promise<ScanAllowances> {
  const rows = await db.select().from(mailScanAllowances);
  const of = (plan: AddressOption) => rows.find((r) => r.plan === plan)?.scansPerMonth ?? null;
  return { shared_address: of('shared_address'), private_address: of('private_address') };
}

/** Finance edits the allowances (services.manage): both plans at once, audited as the catalogue's edits. */
export async function saveScanAllowances(
  deps: Pick<AppDeps, 'database'>,
  staff: Pick<SessionUser, 'id' | 'role'>,
  input: ScanAllowancesInput,
): Promise<ScanAllowances> {
  return deps.database.db.transaction(async (tx) => {
    const before = await scanAllowances(tx);
    for (const plan of ['shared_address', 'private_address'] as const) {
      const scansPerMonth = input[plan];
      if (scansPerMonth === null) await tx.delete(mailScanAllowances).where(eq(mailScanAllowances.plan, plan));
      else
        await tx
          .insert(mailScanAllowances)
          .values({ plan, scansPerMonth })
          .onConflictDoUpdate({ target: mailScanAllowances.plan, set: { scansPerMonth, updatedAt: sql`now()` } });
    }
    const after = await scanAllowances(tx);
    await recordAudit(tx, {
      actorId: staff.id,
      actorRole: staff.role,
      action: 'service.scan_allowances_updated',
      entityType: 'service',
      entityId: 'scan_allowances',
      before,
      after,
    });
    return after;
  });
}

/**
 * The customer's scans this UTC month against their plan: the private address's while it runs, else the
 * shared address every package includes.
 */
export async function scanAllowanceOf(db: DbOrTx, userId: string, today: string): Promise<ScanAllowanceView> {
  const [privateRuns, allowances, [{ n }], extra] = await Promise.all([
    hasCurrentSubscription(db, userId, today, 'private_address'),
    scanAllowances(db),
    db
      .select({ n: count() })
      .from(letters)
      .where(and(eq(letters.userId, userId), gte(letters.scanCountedOn, monthStartOf(today)))),
    mailroomService(db, 'scan_extra'),
  ]);
  const plan: AddressOption = privateRuns ? 'private_address' : 'shared_address';
  return { plan, used: Number(n), included: allowances[plan], extraPriceCents: extra?.priceCents ?? null };
}

/**
 * In a transaction about to count a scan: one at a time per customer, so two requests at the allowance's
 * edge cannot both take its last scan. Answers whether the next scan is still included.
 */
export async function nextScanIncluded(tx: Tx, userId: string, today: string): Promise<boolean> {
  await oneAtATime(tx, `mail-scans:${userId}`);
  const scans = await scanAllowanceOf(tx, userId, today);
  return !scanBeyondAllowance(scans.used, scans.included);
}

/**
 * "Scan it" beyond the month's included scans: a checkout for the extra-scan service at the catalogue's
 * price. The letter keeps its state and records the order; the paid webhook moves it to "to scan".
 * Asking again (an abandoned checkout) starts a new order.
 */
export async function requestScanCheckout(deps: AppDeps, user: SessionUser, id: string): Promise<{ url: string }> {
  const { db } = deps.database;
  const today = serverToday(deps.env);
  const [row] = await db
    .select()
    .from(letters)
    .where(and(eq(letters.id, id), eq(letters.userId, user.id)));
  if (!row) throw new ApiError('NOT_FOUND');
  if (!decide(row.status, 'scan')) throw new ApiError('INVALID_TRANSITION');
  if (row.heldReason && !(await hasCurrentSubscription(db, user.id, today))) throw new ApiError('INVALID_TRANSITION');
  const scans = await scanAllowanceOf(db, user.id, today);
  if (!scanBeyondAllowance(scans.used, scans.included)) throw new ApiError('SCAN_INCLUDED');
  const service = await mailroomService(db, 'scan_extra');
  if (!service) throw new ApiError('SCAN_UNAVAILABLE');
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
      .set({ scanOrderId: orderId, updatedAt: sql`now()` })
      .where(and(eq(letters.id, id), eq(letters.userId, user.id), eq(letters.status, row.status)))
      .returning({ id: letters.id });
    // Changed meanwhile (another tab, staff): the checkout is left to expire unpaid.
    if (!saved) throw new ApiError('INVALID_TRANSITION');
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'letter.scan_checkout',
      entityType: 'letter',
      entityId: id,
      subjectUserId: user.id,
      after: { status: row.status, orderId, serviceId: service.id, amountCents: service.priceCents },
    });
  });
  return { url };
}

/**
 * The paid webhook's part (in its transaction, which payments runs once per order): the letter the order
 * scans goes to "to scan", unless the customer meanwhile decided otherwise (that word wins; the payment
 * is audited for staff to scan it anyway or refund, as a late forwarding's).
 */
export async function settleScan(tx: Tx, order: OrderRow): Promise<void> {
  await settlePaidLetter(tx, order, {
    orderOf: letters.scanOrderId,
    waiting: SCANNABLE,
    next: 'scan_requested',
    stampDecision: true,
    action: 'letter.scan_paid',
  });
}
