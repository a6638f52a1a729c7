/**
 * The operator's home (decision 0055, 0056): every panel's figures for a data set whose totals are
 * known, checked again against a recomputation from the rows; the daily rollups equal that
 * recomputation; each panel is open only to the roles its permission names; the stage waits and thread
 * facts that triggers keep (decision 0062) equal a recomputation. On both engines.
 */

import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { createStaffMember, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { EIN_STATUSES } from '../../../shared/features/ein/ein.domain';
import { nextStageOf } from '../../../shared/features/formations/stage-waits.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { einApplications, stageHistory, supportMessages, supportThreads } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { runDailyReminders } from '../compliance/compliance-reminders.service';
import { recordStageReached } from '../timeline/stage-history.service';
import { OVERVIEW_EXPECTED as E, OVERVIEW_RANGE, seedOverview } from './overview.fixtures';
import { GROWTH_METRICS_FOR_TEST } from './overview.service';
import { liveDaily, readDaily, rolledThrough, writeOverviewRollups } from './overview-rollups.service';

const test = apiTest;
let t: TestApp;
let owner: TestClient;
let support: TestClient;
let finance: TestClient;
let seeded: Awaited<ReturnType<typeof seedOverview>>;
let today: string;
const RANGE = `from=${OVERVIEW_RANGE.from}&to=${OVERVIEW_RANGE.to}`;

test.beforeAll(async ({ app }) => {
  t = app;
  today = serverToday(t.deps.env);
  seeded = await seedOverview(t.deps.database.db, today);
  [owner, support, finance] = (
    await Promise.all([createStaffMember(t, 'owner'), createStaffMember(t, 'support'), createStaffMember(t, 'finance')])
  ).map((m) => m.c);
}, 120_000);

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
    // The figure's link: the customers who joined in the range, exactly those counted.
    const joined = await owner.get(
      `/api/admin/users?joinedFrom=${OVERVIEW_RANGE.from}&joinedTo=${OVERVIEW_RANGE.to}&customers=1`,
    );
    expect(joined.status).toBe(200);
    expect(joined.body.total).toBe(E.growth.signups);
    // c5 signed up at 23:30 UTC on the range's last day: counted in the week of 2025-03-31.
    expect(body.weeks.at(-1)).toMatchObject({ week: '2025-03-31', signups: 1 });
  });

  it('growth: each figure opens a list whose total is the figure (the links of AdminHomePage)', async () => {
    const { from, to } = OVERVIEW_RANGE;
    const lists: Record<keyof typeof E.growth, string> = {
      signups: `/api/admin/users?joinedFrom=${from}&joinedTo=${to}&customers=1`,
      onboarding: `/api/admin/formations?createdFrom=${from}&createdTo=${to}`,
      formationsStarted: `/api/admin/orders?status=paid&mode=live&kind=formation_package&paidFrom=${from}&paidTo=${to}`,
      formationsCompleted: `/api/admin/formations?status=formation_completed&reachedFrom=${from}&reachedTo=${to}`,
      einsIssued: `/api/admin/ein-applications?status=ein_issued&reachedFrom=${from}&reachedTo=${to}`,
    };
    for (const [figure, path] of Object.entries(lists)) {
      const res = await owner.get(path);
      expect(res.status, `${figure}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.total, figure).toBe(E.growth[figure as keyof typeof E.growth]);
    }
    // A period that ends before it starts is refused by every list, not read as empty.
    for (const path of [
      '/api/admin/users?joinedFrom=2025-03-02&joinedTo=2025-03-01',
      '/api/admin/formations?createdFrom=2025-03-02&createdTo=2025-03-01',
      '/api/admin/formations?reachedFrom=2025-03-02&reachedTo=2025-03-01',
      '/api/admin/formations/export.csv?createdFrom=2025-03-02&createdTo=2025-03-01',
      '/api/admin/ein-applications?reachedFrom=2025-03-02&reachedTo=2025-03-01',
      '/api/admin/orders?paidFrom=2025-03-02&paidTo=2025-03-01',
    ])
      expect((await owner.get(path)).status, path).toBe(400);
  });

  it('funnel: each step opens a list whose total is the step, with and without its attribution filter', async () => {
    const { from, to } = OVERVIEW_RANGE;
    const lists = {
      signups: `/api/admin/users?joinedFrom=${from}&joinedTo=${to}&customers=1`,
      onboarding: `/api/admin/formations?createdFrom=${from}&createdTo=${to}`,
      firstPayment: `/api/admin/orders?first=1&paidFrom=${from}&paidTo=${to}`,
      einIssued: `/api/admin/ein-applications?status=ein_issued&reachedFrom=${from}&reachedTo=${to}`,
    };
    for (const [filter, expected] of [
      ['', E.funnel],
      [`&utm=${seeded.google}`, E.funnelGoogle],
      [`&link=${seeded.spring}`, E.funnelSpring],
    ] as const) {
      for (const [step, path] of Object.entries(lists)) {
        const res = await owner.get(`${path}${filter}`);
        expect(res.status, `${step}${filter}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.total, `${step}${filter}`).toBe(expected[step as keyof typeof lists]);
      }
    }
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
    // The figures' link: the orders list, paid and live in the range, holds exactly those orders.
    const desk = await owner.get(
      `/api/admin/orders?status=paid&mode=live&paidFrom=${OVERVIEW_RANGE.from}&paidTo=${OVERVIEW_RANGE.to}`,
    );
    expect(desk.status).toBe(200);
    expect(desk.body.total).toBe(E.money.orders);
    expect(desk.body.items.reduce((n: number, o: { amountCents: number }) => n + o.amountCents, 0)).toBe(E.money.cents);
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
    // The figure's link: the support desk's "waiting" filter lists exactly that thread (c3's).
    const desk = await owner.get('/api/admin/support/threads?waiting=1');
    expect(desk.status).toBe(200);
    expect(desk.body.total).toBe(E.waitingOver24h);
    expect(desk.body.items.map((i: { userId: string }) => i.userId)).toEqual([seeded.customers.c3]);
  });

  it('deadlines: due in 30 days and not done; passed and unmarked', async () => {
    const body = await get(owner, 'deadlines');
    expect(body).toMatchObject({ today, dueSoon: E.dueSoon, overdue: E.deadlinesOverdue });
    expect(body.weeks.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(E.dueSoon);
    // The figures' links: the desk's open items of 30 days, and its overdue view, hold what they count.
    expect((await owner.get('/api/admin/compliance/deadlines?days=30&open=1')).body.total).toBe(E.dueSoon);
    expect((await owner.get('/api/admin/compliance/deadlines?days=30')).body.total).toBe(E.dueSoon + 1);
    expect((await owner.get('/api/admin/compliance/deadlines?overdue=1')).body.total).toBe(E.deadlinesOverdue);
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

describe('the stored waits (decision 0062)', () => {
  type Rows = { rows: Record<string, unknown>[] };
  const rowsOf = async (q: ReturnType<typeof sql>) =>
    ((await t.deps.database.db.execute(q)) as unknown as Rows).rows.map((r) => JSON.stringify(r));

  /** ein_stage_waits as the triggers keep it, and recomputed from stage_history by the domain's stage order. */
  async function einWaits() {
    const pairs = EIN_STATUSES.flatMap((stage) => {
      const next = nextStageOf('ein', stage);
      return next ? [sql`(${stage}::text, ${next}::text)`] : [];
    });
    const stored = await rowsOf(sql`select user_id, stage, submitted_at::text as at, seconds::text as seconds
      from ein_stage_waits order by 1, 2`);
    const recomputed = await rowsOf(sql`
      select h.user_id, h.stage, a.created_at::text as at, extract(epoch from (n.reached_at - h.reached_at))::float8::text as seconds
      from (values ${sql.join(pairs, sql`, `)}) as s(stage, next)
      join stage_history h on h.kind = 'ein' and h.stage = s.stage
      join stage_history n on n.user_id = h.user_id and n.kind = 'ein' and n.stage = s.next
      join ein_applications a on a.user_id = h.user_id
      where n.reached_at >= h.reached_at order by 1, 2`);
    return { stored, recomputed };
  }

  /** Each thread's first staff reply and whether its newest message is staff's, stored and recomputed. */
  async function threadFacts() {
    const stored = await rowsOf(sql`select id, first_reply_at::text as first, last_message_by_staff as staff
      from support_threads order by id`);
    const recomputed = await rowsOf(sql`select t.id,
        (select min(m.created_at) from support_messages m where m.thread_id = t.id and m.is_admin_reply)::text as first,
        coalesce((select m.is_admin_reply from support_messages m where m.thread_id = t.id
          order by m.created_at desc, m.id desc limit 1), false) as staff
      from support_threads t order by t.id`);
    return { stored, recomputed };
  }

  it('equal a recomputation from the rows after stages are reached, re-reached, removed and erased', async () => {
    const db = t.deps.database.db;
    const { c1, c2, c3 } = seeded.customers;
    let w = await einWaits();
    expect(w.stored.length).toBe(7);
    expect(w.stored).toEqual(w.recomputed);
    // c3 reaches the last stage; c1 is moved back and re-reaches ss4_uploaded after submitted_to_irs
    // (that pair no longer counts); c2 gets an application after its stages were recorded.
    await recordStageReached(db, { userId: c3, kind: 'ein', stage: 'ein_issued' });
    await recordStageReached(db, { userId: c1, kind: 'ein', stage: 'ss4_uploaded' });
    await db.insert(stageHistory).values([
      { userId: c2, kind: 'ein', stage: 'waiting_for_form', reachedAt: new Date('2025-03-20T09:00:00Z') },
      { userId: c2, kind: 'ein', stage: 'ss4_ready', reachedAt: new Date('2025-03-22T09:00:00Z') },
    ]);
    expect((await einWaits()).stored.filter((r) => r.includes(c2))).toEqual([]);
    await db.insert(einApplications).values({
      userId: c2,
      businessName: 'Kartal LLC',
      email: `${c2}@example.com`,
      state: 'Wyoming',
      businessActivity: 'consulting',
      responsiblePartyName: 'Ali Kaya',
      responsiblePartyPhone: '+905551112233',
      createdAt: new Date('2025-03-20T09:00:00Z'),
    });
    w = await einWaits();
    expect(w.stored.filter((r) => r.includes(c2))).toHaveLength(1);
    expect(w.stored).toEqual(w.recomputed);
    // A stage row removed, and a whole application erased.
    await db.delete(stageHistory).where(and(eq(stageHistory.userId, c3), eq(stageHistory.stage, 'ss4_ready')));
    await db.delete(einApplications).where(eq(einApplications.userId, c2));
    w = await einWaits();
    expect(w.stored.filter((r) => r.includes(c2))).toEqual([]);
    expect(w.stored).toEqual(w.recomputed);
  });

  it('keep each thread’s first reply and newest author as its messages change', async () => {
    const db = t.deps.database.db;
    let f = await threadFacts();
    expect(f.stored).toEqual(f.recomputed);
    const [waiting] = await db
      .select({ id: supportThreads.id, userId: supportThreads.userId })
      .from(supportThreads)
      .where(eq(supportThreads.userId, seeded.customers.c3));
    // A staff reply, then the customer again, in one statement; then the customer's message removed.
    const [, last] = await db
      .insert(supportMessages)
      .values([
        { threadId: waiting.id, userId: waiting.userId, message: 'Yanıt', isAdminReply: true, createdAt: new Date() },
        {
          threadId: waiting.id,
          userId: waiting.userId,
          message: 'Teşekkürler',
          createdAt: new Date(Date.now() + 1000),
        },
      ])
      .returning({ id: supportMessages.id });
    f = await threadFacts();
    expect(f.stored).toEqual(f.recomputed);
    expect(f.stored.find((r) => r.includes(waiting.id))).toContain('"staff":false');
    await db.delete(supportMessages).where(eq(supportMessages.id, last.id));
    f = await threadFacts();
    expect(f.stored).toEqual(f.recomputed);
    expect(f.stored.find((r) => r.includes(waiting.id))).toContain('"staff":true');
  });
});
