/**
 * The home bank panel's daily rollup (decision 0103): the panel read from bank_daily and the answers
 * recorded since equals the same figures counted live from bank_applications, before the first run, rolled
 * through part of the days, after the daily run, after an answer recorded today and after a second run;
 * answers sit on both sides of UTC midnights. On both engines.
 */

import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { bankSummarySchema } from '../../../shared/features/bank-readiness/bank-readiness.contracts';
import { PROVIDERS } from '../../../shared/features/bank-readiness/providers.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { rolledThrough } from '../../db/daily-rollup';
import { bankApplications } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { runDailyReminders } from '../compliance/compliance-reminders.service';
import { writeBankRollups } from './bank-rollups.service';

const test = apiTest;
let t: TestApp;
let owner: TestClient;
let customerId: string;
let today: string;

const OUTCOMES = ['approved', 'more_info', 'refused'] as const;
const REASONS = ['Website empty', '  website EMPTY ', 'Owner must have a US address', 'Too vague', null];

test.beforeAll(async ({ app, owner: o }) => {
  t = app;
  owner = o.c;
  customerId = (await signedInCustomer(app)).id;
  today = serverToday(t.deps.env);
  const rows: (typeof bankApplications.$inferInsert)[] = [];
  // Six days back to yesterday, answers ten minutes each side of every UTC midnight.
  for (let back = 6; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    for (let i = 0; i < 7 + back; i += 1) {
      const outcome = OUTCOMES[(i + back) % 3]!;
      rows.push({
        userId: customerId,
        provider: PROVIDERS[(i * 5 + back) % PROVIDERS.length]!,
        outcome,
        reason: outcome === 'refused' ? REASONS[(i + back) % REASONS.length] : null,
        decidedOn: day,
        createdAt: new Date(`${day}T${i % 2 === 0 ? '00:10:00' : '23:50:00'}Z`),
      });
    }
  }
  await t.deps.database.db.insert(bankApplications).values(rows);
}, 120_000);

async function panel() {
  const res = await owner.get('/api/admin/bank-readiness/summary');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { providers, reasons } = bankSummarySchema.parse(res.body);
  return { providers, reasons };
}

/** The panel's figures counted from the answers themselves, as it read them before its rollup. */
async function live() {
  const db = t.deps.database.db;
  type Row = Record<string, string | number>;
  const counts = (
    (await db.execute(sql`select provider, outcome, count(*)::int as n from bank_applications
    group by 1, 2`)) as unknown as { rows: Row[] }
  ).rows;
  const reasons = (
    (await db.execute(sql`select lower(trim(reason)) as reason, count(*)::int as n
    from bank_applications where outcome = 'refused' and reason is not null
    group by 1 order by 2 desc, 1 limit 5`)) as unknown as { rows: Row[] }
  ).rows;
  const of = (provider: string, outcome: string) =>
    Number(counts.find((c) => c.provider === provider && c.outcome === outcome)?.n ?? 0);
  return {
    providers: PROVIDERS.map((provider) => ({
      provider,
      approved: of(provider, 'approved'),
      moreInfo: of(provider, 'more_info'),
      refused: of(provider, 'refused'),
    })),
    reasons: reasons.map((r) => ({ reason: String(r.reason), n: Number(r.n) })),
  };
}

async function expectPanelEqualsLive() {
  const got = await panel();
  expect(got).toEqual(await live());
  return got;
}

describe('the home bank panel from its daily rollup (decision 0103)', () => {
  test('equals the live counts before, across and after the rolled days, and a second run counts nothing twice', async () => {
    const db = t.deps.database.db;
    expect(await rolledThrough(db, 'bank')).toBeNull();
    const before = await expectPanelEqualsLive();
    expect(before.reasons[0]).toEqual({ reason: 'website empty', n: expect.any(Number) });
    expect(before.providers.reduce((n, p) => n + p.approved + p.moreInfo + p.refused, 0)).toBe(63);
    // Rolled through three days ago: the older days stored, the rest live.
    expect(await writeBankRollups(db, addDays(today, -2))).toEqual({
      from: addDays(today, -6),
      to: addDays(today, -3),
    });
    expect(await expectPanelEqualsLive()).toEqual(before);
    expect((await runDailyReminders(t.deps, today)).outcome).toBe('ran');
    expect(await rolledThrough(db, 'bank')).toBe(addDays(today, -1));
    expect(await expectPanelEqualsLive()).toEqual(before);
    // An answer recorded today counts at once, from the live part.
    await db.insert(bankApplications).values({
      userId: customerId,
      provider: 'wise',
      outcome: 'refused',
      reason: 'Too vague',
      decidedOn: today,
    });
    const after = await expectPanelEqualsLive();
    expect(after.providers.find((p) => p.provider === 'wise')?.refused).toBe(
      (before.providers.find((p) => p.provider === 'wise')?.refused ?? 0) + 1,
    );
    await writeBankRollups(db, today);
    expect(await expectPanelEqualsLive()).toEqual(after);
  });
});
