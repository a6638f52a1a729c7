import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  dailyStep,
  type NoticeOffset,
  noticeOwed,
  statusAfter,
} from '../../../shared/features/renewals/renewals.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { renewalTasks, subscriptions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { addEvent, mailCustomer, type SubscriptionRow, SYSTEM, syncSubscriptions } from './renewals.service';

/*
 * The renewals' daily run, apart from the customer's and staff's actions (renewals.service.ts): it
 * shares their history rows and mails, and reads nothing else of theirs.
 */

type RenewalDeps = Pick<AppDeps, 'database' | 'mailer' | 'env' | 'logger'>;

/** The outbox key of a notice: once per subscription, period and offset, whichever copy queues it. */
export function noticeDedupeKey(id: string, periodEnd: string, kind: string): string {
  return `renewals:${id}:${periodEnd}:${kind}`;
}

/**
 * The renewals' part of the daily run (hung off runDailyReminders' claim, decision 0053), safe to run
 * any number of times and on several copies at once: each step is a conditional UPDATE on the status
 * and period the run read, each notice an event under a unique index and a mail under a unique dedupe
 * key, so one copy wins each and the other changes nothing. Missed days catch up: the state is what
 * is compared, not the day. Returns how many steps and notices it applied.
 */
export async function runRenewalsDaily(deps: RenewalDeps, today: string, batchSize = 500): Promise<number> {
  const db = deps.database.db;
  await syncSubscriptions(db, today);
  let applied = 0;
  let after: { periodEnd: string; id: string } | null = null;
  for (;;) {
    const batch: SubscriptionRow[] = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          or(
            and(
              inArray(subscriptions.status, ['active', 'renewal_due']),
              lte(subscriptions.periodEnd, addDays(today, 30)),
            ),
            and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.periodEnd, today)),
          ),
          after
            ? sql`(${subscriptions.periodEnd}, ${subscriptions.id}) > (${after.periodEnd}::date, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(subscriptions.periodEnd), asc(subscriptions.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    after = { periodEnd: batch[batch.length - 1].periodEnd, id: batch[batch.length - 1].id };
    for (const row of batch) applied += await stepOne(deps, row, today);
    if (batch.length < batchSize) break;
  }
  deps.mailer.kick();
  return applied;
}

async function stepOne(deps: RenewalDeps, row: SubscriptionRow, today: string): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    let applied = 0;
    const step = dailyStep(row.status, row.periodEnd, today);
    if (step) {
      const status = statusAfter(step);
      const [moved] = await tx
        .update(subscriptions)
        .set({ status, updatedAt: new Date(), ...(step === 'lapse' ? { lapsedAt: new Date() } : {}) })
        .where(
          and(
            eq(subscriptions.id, row.id),
            eq(subscriptions.status, row.status),
            eq(subscriptions.periodEnd, row.periodEnd),
          ),
        )
        .returning({ id: subscriptions.id });
      if (!moved) return 0;
      applied += 1;
      if (step === 'grace' && (await addEvent(tx, row, 'grace', row.periodEnd))) {
        await mailCustomer(deps, tx, row, 'renewals.grace', noticeDedupeKey(row.id, row.periodEnd, 'grace'));
      }
      if (step === 'lapse' || step === 'end') {
        const kind = step === 'lapse' ? 'lapsed' : 'ended';
        await addEvent(tx, row, kind, row.periodEnd);
        await recordAudit(tx, {
          ...SYSTEM,
          action: `subscription.${kind}`,
          entityType: 'subscription',
          entityId: row.id,
          subjectUserId: row.userId,
          before: { status: row.status },
          after: { status, periodEnd: row.periodEnd },
          network: null,
        });
        if (step === 'lapse') {
          await mailCustomer(deps, tx, row, 'renewals.lapsed', noticeDedupeKey(row.id, row.periodEnd, 'lapsed'));
          if (row.product === 'registered_agent') {
            await tx
              .insert(renewalTasks)
              .values({ subscriptionId: row.id, userId: row.userId, periodEnd: row.periodEnd })
              .onConflictDoNothing();
          }
        }
      }
      if (status !== 'renewal_due') return applied;
    }
    const offset: NoticeOffset | null = noticeOwed(row.periodEnd, today);
    if (offset !== null && (row.status === 'active' || row.status === 'renewal_due')) {
      const kind = offset === 30 ? 'notice_30' : 'notice_7';
      if (await addEvent(tx, row, kind, row.periodEnd)) {
        await mailCustomer(deps, tx, row, 'renewals.notice', noticeDedupeKey(row.id, row.periodEnd, kind));
        applied += 1;
      }
    }
    return applied;
  });
}
