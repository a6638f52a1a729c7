import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm } from '../../../../tests/support/files';
import type { TestApp, TestClient } from '../../../../tests/support/test-app';
import { companyFormations, einApplications, stageHistory, users } from '../../db/schema';
import { applicationForm, einDocumentForm, helpers, PREPARED, SIGNED } from '../ein/ein.fixtures';
import { forgetStageStats } from './stage-history.service';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
});

const { db, completedCustomer, applicant, applicationOf } = helpers(() => t);
const adminBase = '/api/admin/ein-applications';

const ok = async (res: Promise<{ status: number; body: any }>, status = 200) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
};

async function historyOf(userId: string, kind: 'formation' | 'ein') {
  const rows = await db()
    .select({ stage: stageHistory.stage, reachedAt: stageHistory.reachedAt })
    .from(stageHistory)
    .where(and(eq(stageHistory.userId, userId), eq(stageHistory.kind, kind)))
    .orderBy(asc(stageHistory.reachedAt));
  return rows;
}

async function reachedAtOf(userId: string) {
  const [f] = await db()
    .select({ at: companyFormations.stageReachedAt })
    .from(companyFormations)
    .where(eq(companyFormations.userId, userId));
  const [e] = await db()
    .select({ at: einApplications.stageReachedAt })
    .from(einApplications)
    .where(eq(einApplications.userId, userId));
  return { formation: f?.at.toISOString(), ein: e?.at.toISOString() };
}

/** Users that exist only to own stage_history samples. */
async function sampleUsers(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await db()
    .insert(users)
    .values(ids.map((id) => ({ id, name: 'Sample', email: `sample-${id}@example.com` })));
  return ids;
}

/** One finished submitted_to_irs stage per user: reached `startDaysAgo`, left `endDaysAgo` days ago. */
async function irsSamples(samples: Array<[startDaysAgo: number, endDaysAgo: number]>) {
  const ids = await sampleUsers(samples.length);
  // Hours, not days: a day of a time zone's calendar may last 23 or 25 hours.
  const at = (days: number) => sql`now() - make_interval(hours => ${days * 24}::int)`;
  await db()
    .insert(stageHistory)
    .values(
      samples.flatMap(([start, end], i) => [
        { userId: ids[i], kind: 'ein' as const, stage: 'submitted_to_irs', reachedAt: at(start) },
        { userId: ids[i], kind: 'ein' as const, stage: 'ein_issued', reachedAt: at(end) },
      ]),
    );
}

describe('expected wait', () => {
  it('states the catalogue range below 10 finished stages of the last 180 days and the median from 10', async () => {
    const { c, id } = await applicant();
    const app = await applicationOf(id);
    for (const to of ['ss4_ready', 'ss4_uploaded', 'submitted_to_irs']) {
      await ok(admin.post(`${adminBase}/${app?.id}/advance`, { to }));
    }
    const wait = async () => (await ok(c.get('/api/formations/me'))).body.timeline.ein.expectedWait;

    forgetStageStats(db());
    expect(await wait()).toEqual({ source: 'default', min: 3, max: 8, unit: 'weeks', samples: 0 });

    // Nine stages of 20..28 days, and two that must not count: one finished 200 days ago, and one whose
    // "next" stage predates it (an admin moved the application back and on again).
    await irsSamples(Array.from({ length: 9 }, (_, i): [number, number] => [30 + i, 10]));
    await irsSamples([
      [230, 200],
      [5, 40],
    ]);
    forgetStageStats(db());
    expect(await wait()).toEqual({ source: 'default', min: 3, max: 8, unit: 'weeks', samples: 9 });

    // The tenth (29 days): the median of 20..29 is 24.5, stated as "under 25 days"; the 90th percentile
    // (28.1) is the upper bound, rounded up.
    await irsSamples([[39, 10]]);
    forgetStageStats(db());
    expect(await wait()).toEqual({ source: 'median', days: 25, upperDays: 29, samples: 10 });

    // The medians are cached for a few minutes: a new sample shows once the cache is renewed.
    await irsSamples([[11, 10]]);
    expect(await wait()).toMatchObject({ samples: 10 });
    forgetStageStats(db());
    expect(await wait()).toEqual({ source: 'median', days: 24, upperDays: 28, samples: 11 });
  });
});

describe('stage dates', () => {
  it('records the date of every stage on every change path, and the timeline shows them', async () => {
    const me = async (c: TestClient) => (await ok(c.get('/api/formations/me'))).body;

    // Onboarding: the formation's first stage.
    const { c, id } = await completedCustomer();
    expect((await historyOf(id, 'formation')).map((r) => r.stage)).toEqual(['preparation', 'formation_completed']);

    // The EIN submit: the formation's ein_created and the application's first stage, in that order.
    await ok(c.post('/api/ein-applications', applicationForm()), 201);
    const app = await applicationOf(id);
    expect(app).not.toBeNull();
    const appId = app?.id as string;
    let body = await me(c);
    expect(body.timeline.ein.current).toBe('waiting_for_form');
    expect(body.timeline.ein.stages.map((s: { reachedAt: string | null }) => s.reachedAt !== null)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(body.timeline.formation.current).toBe('ein_created');
    expect(body.timeline.formation.expectedWait).toMatchObject({ source: 'default', min: 3, max: 8, unit: 'weeks' });

    // An advance to ss4_ready without the form: recorded, but for the customer still waiting for it.
    await ok(admin.post(`${adminBase}/${appId}/advance`, { to: 'ss4_ready' }));
    body = await me(c);
    expect(body.timeline.ein.current).toBe('waiting_for_form');
    expect(body.timeline.ein.stages[1]).toEqual({ stage: 'ss4_ready', reachedAt: null });
    // The form's upload then changes no status and records nothing new.
    const before = await historyOf(id, 'ein');
    await ok(admin.post(`${adminBase}/${appId}/ss4`, fileForm(PREPARED)));
    expect(await historyOf(id, 'ein')).toEqual(before);
    expect((await me(c)).timeline.ein.current).toBe('ss4_ready');

    // The customer's signed form, the admin's advance and the EIN letter (which also completes the formation).
    await ok(c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED)));
    await ok(admin.post(`${adminBase}/${appId}/advance`, { to: 'submitted_to_irs' }));
    await ok(admin.post(`${adminBase}/${appId}/ein-document`, einDocumentForm()));

    const ein = await historyOf(id, 'ein');
    expect(ein.map((r) => r.stage)).toEqual([
      'waiting_for_form',
      'ss4_ready',
      'ss4_uploaded',
      'submitted_to_irs',
      'ein_issued',
    ]);
    const formation = await historyOf(id, 'formation');
    expect(formation.map((r) => r.stage)).toEqual([
      'preparation',
      'formation_completed',
      'ein_created',
      'process_completed',
    ]);
    // Strictly later each time (clock_timestamp, not the transaction's start), and the record's
    // stage_reached_at is its current stage's date.
    for (const rows of [ein, formation]) {
      for (let i = 1; i < rows.length; i += 1) expect(rows[i].reachedAt > rows[i - 1].reachedAt).toBe(true);
    }
    expect(await reachedAtOf(id)).toEqual({
      formation: formation.at(-1)?.reachedAt.toISOString(),
      ein: ein.at(-1)?.reachedAt.toISOString(),
    });
    body = await me(c);
    expect(body.timeline.ein.current).toBe('ein_issued');
    expect(body.timeline.ein.expectedWait).toBeNull();
    expect(body.timeline.ein.stages.map((s: { reachedAt: string }) => s.reachedAt)).toEqual(
      ein.map((r) => r.reachedAt.toISOString()),
    );

    // An admin moving the formation back: preparation's date moves, later stages show no date.
    const [row] = await db().select().from(companyFormations).where(eq(companyFormations.userId, id));
    await ok(admin.request('PUT', `/api/admin/formations/${row.id}/status`, { formationStatus: 'preparation' }));
    const moved = await historyOf(id, 'formation');
    expect(moved.at(-1)?.stage).toBe('preparation');
    body = await me(c);
    expect(body.timeline.formation.current).toBe('preparation');
    expect(body.timeline.formation.stages[0].reachedAt).toBe(moved.at(-1)?.reachedAt.toISOString());
    expect(body.timeline.formation.stages.slice(1).every((s: { reachedAt: null }) => s.reachedAt === null)).toBe(true);
    expect((await reachedAtOf(id)).formation).toBe(moved.at(-1)?.reachedAt.toISOString());
  });
});

describe('EIN desk', () => {
  it('sorts open applications by the longest wait in their stage, and shows when the stage was reached', async () => {
    const a = await applicant();
    const b = await applicant();
    const c = await applicant();
    // b has waited longest, then a; c's application was issued long ago and waits for nothing.
    const daysAgo = (d: number) => sql`now() - make_interval(days => ${d}::int)`;
    await db()
      .update(einApplications)
      .set({ stageReachedAt: daysAgo(30) })
      .where(eq(einApplications.userId, b.id));
    await db()
      .update(einApplications)
      .set({ stageReachedAt: daysAgo(20) })
      .where(eq(einApplications.userId, a.id));
    await db()
      .update(einApplications)
      .set({ stageReachedAt: daysAgo(400), einStatus: 'ein_issued' })
      .where(eq(einApplications.userId, c.id));
    const mine = new Set([a.id, b.id, c.id]);

    const list = async (query: string) => {
      const res = await ok(admin.get(`${adminBase}?${query}`));
      return (res.body.items as { userId: string; stageReachedAt: string }[]).filter((i) => mine.has(i.userId));
    };
    const waiting = await list('sort=waiting_longest&pageSize=100');
    expect(waiting.map((i) => i.userId)).toEqual([b.id, a.id]);
    const [bRow] = await db().select().from(einApplications).where(eq(einApplications.userId, b.id));
    expect(waiting[0].stageReachedAt).toBe(bRow.stageReachedAt.toISOString());
    // Asked for by status, the issued ones are listed in the same order.
    expect((await list('sort=waiting_longest&status=ein_issued')).map((i) => i.userId)).toEqual([c.id]);
    // Paging mirrors created_desc: page 2 of one-row pages continues where page 1 stopped.
    const page1 = await ok(admin.get(`${adminBase}?sort=waiting_longest&pageSize=1&page=1`));
    const page2 = await ok(admin.get(`${adminBase}?sort=waiting_longest&pageSize=1&page=2`));
    expect(page1.body.items[0].userId).toBe(b.id);
    expect(page2.body.items[0].userId).toBe(a.id);
    // A customer cannot list the desk.
    expect((await a.c.get(`${adminBase}?sort=waiting_longest`)).status).toBe(403);
  });
});
