/**
 * Decision 0029: one reminder run a day for all copies, and each day's run reads only what changed
 * since the last finished one. A file of its own: the runs move the schedule forward to 2026, which
 * the other compliance tests, on their own days, must not see.
 */
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { companyFormations, complianceReminderRuns, mailOutbox } from '../../db/schema';
import { runComplianceReminders, runDailyReminders } from './compliance-reminders.service';

const test = apiTest;
let t: TestApp;
const db = () => t.deps.database.db;

test.beforeAll(({ app }) => {
  t = app;
});

/** A turnkey customer's company (their package paid, so the agent is ours with a subscription: decision 0074). */
async function company(state: string, formedOn: string) {
  const { id } = await signedInCustomer(t);
  await db().insert(companyFormations).values({
    userId: id,
    companyFormationPreference: 'service',
    paymentStatus: 'paid',
    stateSelected: state,
    formedOn,
    businessName: 'R LLC',
  });
  return id;
}

async function remindersOf(userId: string): Promise<string[]> {
  const rows = await db()
    .select({ key: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `compliance:${userId}:%`));
  return rows.map((r) => (r.key ?? '').split(':').slice(2).join(' ')).sort();
}

describe('daily reminder runs (decision 0029)', () => {
  it('runs once a day across copies, then only for what changed: reminder days reached, rows filed since, days missed', async () => {
    // Formed 10 March 2025 in Wyoming: the annual report is due 1 March 2026, the agent renews 10 March.
    const a = await company('Wyoming', '2025-03-10');

    // 1 January: the first run ever reads every row due within 60 days: the report's 60-day mail.
    expect(await runDailyReminders(t.deps, '2026-01-01')).toEqual({ outcome: 'ran', attempted: 1 });
    expect(await remindersOf(a)).toEqual(['wyoming_annual_report 2026-03-01 60']);
    // Another copy, or a restart, the same day: nothing to do.
    expect(await runDailyReminders(t.deps, '2026-01-01')).toEqual({ outcome: 'finished' });

    // Between the runs staff record a company formed on 15 February 2025: its report (1 February 2026)
    // is 30 days away on 2 January. Its agent renewal (15 February, 44 days) is the renewals' own notice
    // now (decision 0053): the run creates the subscription first, and the reminders leave it out.
    const b = await company('Wyoming', '2025-02-15');

    // 2 January, two copies at once: one runs, the other is told a copy is on it (or already done).
    const both = await Promise.all([runDailyReminders(t.deps, '2026-01-02'), runDailyReminders(t.deps, '2026-01-02')]);
    const ran = both.filter((r) => r.outcome === 'ran');
    expect(ran).toHaveLength(1);
    // Only B's reminder was tried: A's report (58 days left, its 60-day mail sent) was not read again,
    // where a full pass tries it once more and lets the outbox drop the duplicate.
    expect(ran[0]).toEqual({ outcome: 'ran', attempted: 1 });
    expect(await remindersOf(b)).toEqual(['wyoming_annual_report 2026-02-01 30']);
    expect(await runComplianceReminders(t.deps, '2026-01-02')).toBe(2);

    // No copy runs from 3 to 9 January. On the 10th A's renewal (10 March) is 59 days away: its 60-day
    // reminder day, 9 January, was missed, and the subscription's notices (30 and 7 days) own it now.
    expect(await runDailyReminders(t.deps, '2026-01-10')).toEqual({ outcome: 'ran', attempted: 0 });
    expect(await remindersOf(a)).toEqual(['wyoming_annual_report 2026-03-01 60']);
    // 30 January, after another gap: A's report reaches its 30-day day today; B's report passed its 7-day
    // one on 25 January, caught up once, late. B's renewal (16 days left) got the renewals' 30-day notice.
    expect(await runDailyReminders(t.deps, '2026-01-30')).toEqual({ outcome: 'ran', attempted: 2 });
    expect(await remindersOf(a)).toContain('wyoming_annual_report 2026-03-01 30');
    expect(await remindersOf(b)).toEqual(['wyoming_annual_report 2026-02-01 30', 'wyoming_annual_report 2026-02-01 7']);
    const [notice] = await db()
      .select({ key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, 'renewals:%:2026-02-15:notice_30'));
    expect(notice).toBeDefined();

    const runs = await db().select().from(complianceReminderRuns).orderBy(complianceReminderRuns.day);
    expect(runs.map((r) => [r.day, r.attempted, r.finishedAt !== null])).toEqual([
      ['2026-01-01', 1, true],
      ['2026-01-02', 1, true],
      ['2026-01-10', 0, true],
      ['2026-01-30', 2, true],
    ]);
  });

  it('leaves a fresh unfinished claim to its copy, and takes over one left for 30 minutes', async () => {
    await db().insert(complianceReminderRuns).values({ day: '2026-02-01' });
    expect(await runDailyReminders(t.deps, '2026-02-01')).toEqual({ outcome: 'busy' });
    await db()
      .update(complianceReminderRuns)
      .set({ claimedAt: sql`now() - interval '31 minutes'` })
      .where(eq(complianceReminderRuns.day, '2026-02-01'));
    expect((await runDailyReminders(t.deps, '2026-02-01')).outcome).toBe('ran');
    expect(await runDailyReminders(t.deps, '2026-02-01')).toEqual({ outcome: 'finished' });
  });
});
