/**
 * The operator's home (decision 0055, 0056): every panel's figures for a data set whose totals are
 * known, checked again against a recomputation from the rows; the daily rollups equal that
 * recomputation; each panel is open only to the roles its permission names. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember, createTestApp, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { addDays } from '../../../shared/domain/overview';
import { serverToday } from '../../platform/clock';
import { runDailyReminders } from '../compliance/compliance-reminders.service';
import { OVERVIEW_EXPECTED as E, OVERVIEW_RANGE, seedOverview } from './overview.fixtures';
import { GROWTH_METRICS_FOR_TEST } from './overview.service';
import { liveDaily, readDaily, rolledThrough, writeOverviewRollups } from './overview-rollups.service';

let t: TestApp;
let owner: TestClient;
let support: TestClient;
let finance: TestClient;
let seeded: Awaited<ReturnType<typeof seedOverview>>;
let today: string;
const RANGE = `from=${OVERVIEW_RANGE.from}&to=${OVERVIEW_RANGE.to}`;

beforeAll(async () => {
  t = await createTestApp();
  today = serverToday(t.deps.env);
  seeded = await seedOverview(t.deps.database.db, today);
  [owner, support, finance] = (
    await Promise.all([createStaffMember(t, 'owner'), createStaffMember(t, 'support'), createStaffMember(t, 'finance')])
  ).map((m) => m.c);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get(client: TestClient, path: string) {
  const res = await client.get(`/api/admin/home/${path}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const steps = (body: { steps: { step: string; count: number; previous: number }[] }, key: 'count' | 'previous') =>
  Object.fromEntries(body.steps.map((s) => [s.step, s[key]]));

/** Every panel as the owner reads it for the fixed range. */
async function allPanels() {
  return {
    growth: await get(owner, `growth?${RANGE}`),
    funnel: await get(owner, `funnel?${RANGE}`),
    money: await get(owner, `money?${RANGE}`),
  };
}

describe('the home panels', () => {
  it('growth: the known totals, the previous period beside them, and weeks that add up to them', async () => {
    const body = await get(owner, `growth?${RANGE}`);
    expect(body.range).toEqual(OVERVIEW_RANGE);
    expect(body.previous).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(body.totals).toEqual(E.growth);
    expect(body.previousTotals).toEqual(E.growthPrevious);
    expect(body.weeks[0].week).toBe('2025-02-24');
    const summed = Object.fromEntries(
      Object.keys(E.growth).map((k) => [k, body.weeks.reduce((n: number, w: Record<string, number>) => n + w[k], 0)]),
    );
    expect(summed).toEqual(E.growth);
    // c5 signed up at 23:30 UTC on the range's last day: counted in the week of 2025-03-31.
    expect(body.weeks.at(-1)).toMatchObject({ week: '2025-03-31', signups: 1 });
  });

  it('funnel: each step, filtered by UTM source and by short link', async () => {
    const all = await get(owner, `funnel?${RANGE}`);
    expect(steps(all, 'count')).toEqual(E.funnel);
    expect(steps(all, 'previous')).toEqual(E.funnelPrevious);
    expect(all.links).toEqual([seeded.spring, `autumn-${seeded.tag}`]);
    expect(steps(await get(owner, `funnel?${RANGE}&utm=${seeded.google}`), 'count')).toEqual(E.funnelGoogle);
    expect(steps(await get(owner, `funnel?${RANGE}&link=${seeded.spring}`), 'count')).toEqual(E.funnelSpring);
  });

  it('money: paid live orders by month and item; TEST MODE and unpaid orders never count', async () => {
    const body = await get(owner, `money?${RANGE}`);
    expect(body.totals).toEqual(E.money);
    expect(body.previousTotals).toEqual(E.moneyPrevious);
    expect(body.renewals).toBeNull();
    expect(body.rows).toEqual([
      {
        month: '2025-03',
        item: 'formation_only',
        kind: 'package',
        title: null,
        titleEn: null,
        cents: 49_900,
        orders: 1,
      },
      {
        month: '2025-03',
        item: seeded.serviceId,
        kind: 'service',
        title: `Adres hizmeti ${seeded.tag}`,
        titleEn: `Address service ${seeded.tag}`,
        cents: 10_000,
        orders: 2,
      },
    ]);
  });

  it('IRS clock: median and p90 days per stage by month of submission, and the overdue application', async () => {
    const body = await get(owner, `irs?${RANGE}`);
    const got = Object.fromEntries(
      body.rows.map((r: { month: string; stage: string; samples: number; medianDays: number; p90Days: number }) => [
        r.stage,
        [r.samples, r.medianDays, r.p90Days],
      ]),
    );
    expect(body.rows.every((r: { month: string }) => r.month === '2025-03')).toBe(true);
    // The customers' expected waits come from the same stage times; the fixture's are older than 180 days.
    expect(body.waits.map((w: { stage: string }) => w.stage)).toEqual([
      'waiting_for_form',
      'ss4_ready',
      'ss4_uploaded',
      'submitted_to_irs',
    ]);
    expect(body.waits.every((w: { samples: number }) => w.samples === 0)).toBe(true);
    expect(got).toEqual(E.irs);
    expect(body.overdueTotal).toBe(E.overdue);
    expect(body.overdue.find((o: { stage: string }) => o.stage === 'submitted_to_irs').count).toBe(1);
    // The figure's link: the EIN desk filtered by the same condition lists exactly that application.
    const desk = await owner.get('/api/admin/ein-applications?overdue=1&sort=waiting_longest');
    expect(desk.status).toBe(200);
    expect(desk.body.total).toBe(E.overdue);
    expect(desk.body.items.map((i: { userId: string }) => i.userId)).toEqual([seeded.customers.c3]);
  });

  it('care: time to first staff reply, and the thread waiting over 24 hours now', async () => {
    const body = await get(owner, `care?${RANGE}`);
    expect(body.totals).toEqual(E.care);
    expect(body.previousTotals).toEqual(E.carePrevious);
    expect(body.months).toEqual([{ month: '2025-03', ...E.care }]);
    expect(body.waitingOver24h).toBe(E.waitingOver24h);
  });

  it('deadlines: due in 30 days and not done; passed and unmarked', async () => {
    const body = await get(owner, 'deadlines');
    expect(body).toMatchObject({ today, dueSoon: E.dueSoon, overdue: E.deadlinesOverdue });
    expect(body.weeks.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(E.dueSoon);
  });

  it('refuses a reversed or too long range, changing nothing', async () => {
    expect((await owner.get('/api/admin/home/growth?from=2025-03-10&to=2025-03-01')).status).toBe(400);
    expect((await owner.get('/api/admin/home/growth?from=2020-01-01&to=2025-03-01')).status).toBe(400);
    // One end alone is kept within the same bounds.
    const early = await get(owner, 'growth?from=1900-01-01');
    expect(early.range).toEqual({ from: addDays(today, -730), to: today });
    expect((await get(owner, 'growth?to=2025-03-31')).range).toEqual(OVERVIEW_RANGE);
  });
});

describe('the daily rollups', () => {
  it('equal a recomputation from the rows, before, across and after the rolled days', async () => {
    const db = t.deps.database.db;
    const before = await allPanels();
    const sorted = (rows: Awaited<ReturnType<typeof liveDaily>>) =>
      [...rows].sort((a, b) => `${a.day}${a.metric}${a.item}`.localeCompare(`${b.day}${b.metric}${b.item}`));
    // Rolled through the middle of the range: half stored, half live.
    expect(await writeOverviewRollups(db, '2025-03-15')).toEqual({ from: '2025-02-10', to: '2025-03-14' });
    expect(await rolledThrough(db)).toBe('2025-03-14');
    for (const filter of [{}, { source: seeded.google }, { link: seeded.spring }]) {
      expect(sorted(await readDaily(db, '2025-02-01', '2025-03-31', GROWTH_METRICS_FOR_TEST, filter))).toEqual(
        sorted(await liveDaily(db, '2025-02-01', '2025-03-31', GROWTH_METRICS_FOR_TEST, filter)),
      );
    }
    expect(await allPanels()).toEqual(before);
    // The daily run writes them under its claim of the day: every finished day up to yesterday.
    const run = await runDailyReminders(t.deps, today);
    expect(run.outcome).toBe('ran');
    expect(await rolledThrough(db)).toBe(addDays(today, -1));
    expect(await allPanels()).toEqual(before);
    // Run again (another copy, or the next hour): the same rows, nothing counted twice.
    await writeOverviewRollups(db, today);
    expect(await allPanels()).toEqual(before);
  });
});

describe('who sees which panel', () => {
  it('support sees growth, funnel, the IRS clock and care, not money nor deadlines', async () => {
    for (const p of ['growth', 'funnel', 'irs', 'care'])
      expect((await support.get(`/api/admin/home/${p}`)).status).toBe(200);
    for (const p of ['money', 'deadlines']) expect((await support.get(`/api/admin/home/${p}`)).status).toBe(403);
  });

  it('finance sees money, not the IRS clock', async () => {
    expect((await finance.get(`/api/admin/home/money?${RANGE}`)).status).toBe(200);
    expect((await finance.get('/api/admin/home/irs')).status).toBe(403);
  });
});
