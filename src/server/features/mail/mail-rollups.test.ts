/**
 * The home mail panel's daily rollup (decision 0103): the panel read from mail_daily and today's letters
 * equals the same figures computed live from the letters (percentile_cont over the times rounded to the
 * hour), before the first run, rolled through the middle of the range, after the daily run and after a
 * second run; letters sit on both sides of UTC midnights. On both engines.
 */

import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import type { TestApp, TestClient } from '../../../../tests/support/test-app';
import { mailSummarySchema } from '../../../shared/features/mail/mail.contracts';
import { addDays } from '../../../shared/format/calendar-days';
import { rolledThrough } from '../../db/daily-rollup';
import { letters } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { runDailyReminders } from '../compliance/compliance-reminders.service';
import { percentileOfCounts, writeMailRollups } from './mail-rollups.service';

const test = apiTest;
let t: TestApp;
let owner: TestClient;
let ownerId: string;
let today: string;

const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
const HOUR = 3600_000;

test.beforeAll(async ({ app, owner: signedIn }) => {
  t = app;
  owner = signedIn.c;
  ownerId = signedIn.id;
  today = serverToday(t.deps.env);
  const rows: { created: Date; scannedAfterHours: number | null }[] = [];
  // Eight days back to today, letters 30 minutes each side of every UTC midnight, scanned after times that
  // round both ways and cross into the next day (and month, on the first).
  for (let back = 8; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    rows.push(
      { created: at(day, '00:20:00'), scannedAfterHours: 0.4 + back },
      { created: at(day, '00:40:00'), scannedAfterHours: 23.6 },
      { created: at(day, '12:00:00'), scannedAfterHours: null },
      { created: at(day, '23:30:00'), scannedAfterHours: 2.5 + (back % 3) },
      { created: at(day, '23:50:00'), scannedAfterHours: 0.2 },
    );
  }
  const now = Date.now();
  await t.deps.database.db.insert(letters).values(
    rows.map((r, i) => {
      const scanned = r.scannedAfterHours === null ? null : new Date(r.created.getTime() + r.scannedAfterHours * HOUR);
      // A scan not done yet by the test's clock is a letter still waiting.
      const done = scanned !== null && scanned.getTime() <= now;
      return {
        envelopeName: `ROLLUP ${i} LLC`,
        sender: 'irs' as const,
        kind: 'unknown' as const,
        receivedOn: r.created.toISOString().slice(0, 10),
        pages: 1,
        status: done ? ('scanned' as const) : ('received' as const),
        scannedAt: done ? scanned : null,
        createdAt: r.created,
      };
    }),
  );
}, 120_000);

const RANGE = () => ({ from: addDays(today, -6), to: today });

async function panel() {
  const { from, to } = RANGE();
  const res = await owner.get(`/api/admin/mail/summary?from=${from}&to=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return mailSummarySchema.parse(res.body);
}

/** The panel's figures straight from the letters, in one SQL, as the panel was before its rollup. */
async function live() {
  const { from, to } = RANGE();
  const lo = sql`(${from}::date)::timestamp at time zone 'UTC'`;
  const hi = sql`(${to}::date + 1)::timestamp at time zone 'UTC'`;
  const rounded = sql`floor(extract(epoch from (scanned_at - created_at)) / 3600 + 0.5)`;
  const exact = sql`extract(epoch from (scanned_at - created_at)) / 3600`;
  type Row = { month: string | null; n: string; median: number | null; p90: number | null; em: number | null };
  const scans = async (group: boolean) =>
    (
      (await t.deps.database.db.execute(sql`
        select ${group ? sql`to_char(scanned_at at time zone 'UTC', 'YYYY-MM')` : sql`null`} as month, count(*) as n,
          percentile_cont(0.5) within group (order by ${rounded}) as median,
          percentile_cont(0.9) within group (order by ${rounded}) as p90,
          percentile_cont(0.5) within group (order by ${exact}) as em
        from letters where scanned_at >= ${lo} and scanned_at < ${hi} group by 1 order by 1`)) as unknown as {
        rows: Row[];
      }
    ).rows;
  const received = (
    (await t.deps.database.db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as n from letters
      where created_at >= ${lo} and created_at < ${hi} group by 1`)) as unknown as { rows: Row[] }
  ).rows;
  const [total] = await scans(false);
  const months = await scans(true);
  const monthNames = [...new Set([...received.map((r) => r.month), ...months.map((m) => m.month)])].sort();
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    exactMedian: num(total?.em),
    summary: {
      totals: {
        received: received.reduce((s, r) => s + Number(r.n), 0),
        scanned: Number(total?.n ?? 0),
        medianHours: num(total?.median),
        p90Hours: num(total?.p90),
      },
      months: monthNames.map((month) => {
        const m = months.find((r) => r.month === month);
        return {
          month: month as string,
          received: Number(received.find((r) => r.month === month)?.n ?? 0),
          scanned: Number(m?.n ?? 0),
          medianHours: num(m?.median),
          p90Hours: num(m?.p90),
        };
      }),
    },
  };
}

async function expectPanelEqualsLive() {
  const [got, want] = [await panel(), await live()];
  expect(got.totals.received).toBeGreaterThan(20);
  expect(got.totals.scanned).toBeGreaterThan(15);
  expect({ totals: got.totals, months: got.months }).toEqual(want.summary);
  // Rounded to the hour, the median stays within half an hour of the exact one.
  expect(Math.abs((got.totals.medianHours ?? 0) - (want.exactMedian ?? 0))).toBeLessThanOrEqual(0.5);
  return got;
}

describe('the home mail panel from its daily rollup (decision 0103)', () => {
  test('equals the live figures before, across and after the rolled days, and a second run counts nothing twice', async () => {
    const db = t.deps.database.db;
    expect(await rolledThrough(db, 'mail')).toBeNull();
    const before = await expectPanelEqualsLive();
    // Rolled through three days ago: the range is part stored, part live, cut at a UTC midnight.
    expect(await writeMailRollups(db, addDays(today, -2))).toEqual({
      from: addDays(today, -8),
      to: addDays(today, -3),
    });
    expect(await expectPanelEqualsLive()).toEqual(before);
    // The daily run writes it under its claim of the day, through yesterday.
    expect((await runDailyReminders(t.deps, today)).outcome).toBe('ran');
    expect(await rolledThrough(db, 'mail')).toBe(addDays(today, -1));
    expect(await expectPanelEqualsLive()).toEqual(before);
    const storedRows = async () =>
      ((await db.execute(sql`select count(*)::int as n from mail_daily`)) as unknown as { rows: { n: number }[] })
        .rows[0]?.n;
    const stored = await storedRows();
    await writeMailRollups(db, today);
    expect(await storedRows()).toBe(stored);
    expect(await expectPanelEqualsLive()).toEqual(before);
  });
});

describe('the letters counted per status (letter_counts, decision 0103)', () => {
  test('equal a recount after inserts, status changes, unmatching and deletes, and give the panel its "now"', async () => {
    const db = t.deps.database.db;
    const counted = async () =>
      (
        (await db.execute(sql`select status, matched, n::int as n from letter_counts where n <> 0
          order by 1, 2`)) as unknown as { rows: unknown[] }
      ).rows;
    const recount = async () =>
      (
        (await db.execute(sql`select status, user_id is not null as matched, count(*)::int as n from letters
          group by 1, 2 order by 1, 2`)) as unknown as { rows: unknown[] }
      ).rows;
    expect(await counted()).toEqual(await recount());
    const [first, second, third] = await db
      .select({ id: letters.id })
      .from(letters)
      .where(eq(letters.status, 'received'))
      .limit(3);
    await db.update(letters).set({ status: 'to_forward' }).where(eq(letters.id, first!.id));
    await db
      .update(letters)
      .set({ userId: ownerId })
      .where(inArray(letters.id, [second!.id, third!.id]));
    await db.update(letters).set({ userId: null }).where(eq(letters.id, third!.id));
    await db.delete(letters).where(eq(letters.status, 'scanned'));
    expect(await counted()).toEqual(await recount());
    const figures = await panel();
    expect(figures.toForward).toBe(1);
    expect(figures.openDecisions).toBe(1);
  });
});

describe('percentiles of counted hours', () => {
  test('interpolate as percentile_cont does', () => {
    const counts = new Map([
      [1, 2],
      [3, 1],
      [10, 1],
    ]);
    // 1, 1, 3, 10: the median halfway between 1 and 3; the 90th at 0.7 of the way from 3 to 10.
    expect(percentileOfCounts(counts, 0.5)).toBe(2);
    expect(percentileOfCounts(counts, 0.9)).toBeCloseTo(7.9, 10);
    expect(percentileOfCounts(new Map(), 0.5)).toBeNull();
  });
});
