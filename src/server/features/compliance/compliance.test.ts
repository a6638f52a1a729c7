import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { createTestApp, signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { deadlinesFor } from '../../../shared/catalogue/compliance';
import { RATE_LIMITS } from '../../../shared/domain/limits';
import { complianceViewSchema } from '../../../shared/features/compliance/compliance.contracts';
import { addDays } from '../../../shared/format/calendar-days';
import { todayUtc } from '../../../shared/format/dates';
import { auditEvents, companyFormations, complianceMarks, mailOutbox, services, users } from '../../db/schema';
import { runComplianceReminders } from './compliance-reminders.service';
import { listDeadlines } from './deadlines.service';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
const db = () => t.deps.database.db;
const today = todayUtc();
const tag = `cmp${Date.now().toString(36)}`;

test.beforeAll(async ({ app, owner }) => {
  t = app;
  admin = owner.c;
  await db()
    .insert(services)
    .values({
      title: 'Yıllık Rapor',
      titleEn: 'Annual report filing',
      description: 'x',
      priceCents: 9900,
      complianceRules: ['wyoming_annual_report', 'florida_annual_report'],
    });
});

/** A signed-in customer whose company was formed in `state` on `formedOn` (null: not recorded yet). */
async function company(state: string, formedOn: string | null, opts: { lang?: 'tr' | 'en'; name?: string } = {}) {
  const { c, id } = await signedInCustomer(t);
  await db()
    .insert(companyFormations)
    .values({
      userId: id,
      companyFormationPreference: 'self',
      stateSelected: state,
      formedOn,
      businessName: opts.name ?? `${tag} ${state} LLC`,
    });
  if (opts.lang) await db().update(users).set({ lang: opts.lang }).where(eq(users.id, id));
  return { c, id };
}

/** The first `MM-DD` on or after today, in the earliest year after `formedYear`. */
function nextOn(monthDay: string, formedYear: number): string {
  const year = Number(today.slice(0, 4));
  const candidate = `${year}-${monthDay}` >= today ? `${year}-${monthDay}` : `${year + 1}-${monthDay}`;
  return candidate < `${formedYear + 1}-${monthDay}` ? `${formedYear + 1}-${monthDay}` : candidate;
}

describe('GET /api/compliance/me', () => {
  it("lists a Wyoming company's deadlines on the right dates, with amounts, sources and the service that files it", async () => {
    const { c } = await company('Wyoming', '2024-02-29');
    const res = await c.get('/api/compliance/me');
    expect(res.status).toBe(200);
    complianceViewSchema.parse(res.body); // due dates are calendar days (decision 0076)
    const { items, tracked, notRequired } = res.body;
    expect(tracked).toBe(true);
    expect(notRequired.map((r: { ruleId: string }) => r.ruleId)).toEqual(['fincen_boi']);
    const wy = items.find((i: { ruleId: string }) => i.ruleId === 'wyoming_annual_report');
    expect(wy).toMatchObject({
      dueDate: nextOn('02-01', 2024),
      amountCents: 6000,
      source: 'https://sos.wyo.gov/Business/AnnualReports.aspx',
      done: false,
      service: { titleEn: 'Annual report filing', priceCents: 9900 },
    });
    expect(wy.key).toBe(`wyoming_annual_report:${wy.dueDate}`);
    const form5472 = items.find((i: { ruleId: string }) => i.ruleId === 'federal_form_5472');
    expect(form5472.dueDate).toBe(nextOn('04-15', 2024));
    expect(form5472.extendedDueDate).toBe(`${form5472.dueDate.slice(0, 4)}-10-15`);
    expect(form5472.penalty.amountCents).toBe(2_500_000);
    // 29 February's anniversary falls on 28 February in common years.
    const agent = items.find((i: { ruleId: string }) => i.ruleId === 'registered_agent_renewal');
    expect(['02-28', '02-29']).toContain(agent.dueDate.slice(5));
  });

  it('says an untracked state is untracked but still lists the federal and agent items; no date, no items', async () => {
    const nevada = await company('Nevada', '2025-06-10');
    const body = (await nevada.c.get('/api/compliance/me')).body;
    expect(body.tracked).toBe(false);
    expect(new Set(body.items.map((i: { ruleId: string }) => i.ruleId))).toEqual(
      new Set(['federal_form_5472', 'registered_agent_renewal']),
    );
    const waiting = await company('Wyoming', null);
    expect((await waiting.c.get('/api/compliance/me')).body).toMatchObject({
      tracked: true,
      formedOn: null,
      items: [],
    });
  });

  it('marks only real items of the caller done, and undoes the mark', async () => {
    const { c } = await company('Delaware', '2025-12-31');
    const item = (await c.get('/api/compliance/me')).body.items.find(
      (i: { ruleId: string }) => i.ruleId === 'delaware_llc_annual_tax',
    );
    expect(item.dueDate).toBe(nextOn('06-01', 2025));
    const path = `/api/compliance/me/items/${encodeURIComponent(item.key)}/done`;
    expect((await c.request('PUT', path)).status).toBe(200);
    expect((await c.request('PUT', path)).status).toBe(200);
    const after = (await c.get('/api/compliance/me')).body.items.find((i: { key: string }) => i.key === item.key);
    expect(after.done).toBe(true);
    // A Wyoming rule, a date that is not the due date, garbage: none is this company's item.
    for (const bad of [
      'wyoming_annual_report:2027-02-01',
      `delaware_llc_annual_tax:${addDays(item.dueDate, 1)}`,
      'x',
    ]) {
      const res = await c.request('PUT', `/api/compliance/me/items/${encodeURIComponent(bad)}/done`);
      expect(res.status, bad).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await c.request('DELETE', path)).status).toBe(200);
    expect((await c.request('DELETE', path)).status).toBe(404);
  });
});

describe('deadline reminders', () => {
  it('queues each owed reminder once with two jobs racing, none for done items, in the customer language', async () => {
    // Formed 10 March 2025 in Wyoming: the annual report is due 1 March 2026, the agent renews 10 March 2026.
    const en = await company('Wyoming', '2025-03-10', { lang: 'en' });
    const tr = await company('Wyoming', '2025-03-10', { lang: 'tr' });
    await db().insert(complianceMarks).values({ userId: tr.id, itemKey: 'wyoming_annual_report:2026-03-01' });
    const day = '2026-01-30'; // 30 days before the report, 39 before the renewal (its 60-day mail, caught up)
    await Promise.all([runComplianceReminders(t.deps, day, 1), runComplianceReminders(t.deps, day)]);
    await runComplianceReminders(t.deps, day);
    const mailsOf = (userId: string) =>
      db()
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `compliance:${userId}:%`));
    const enMails = await mailsOf(en.id);
    expect(enMails.map((m) => m.dedupeKey).sort()).toEqual([
      `compliance:${en.id}:registered_agent_renewal:2026-03-10:60`,
      `compliance:${en.id}:wyoming_annual_report:2026-03-01:30`,
    ]);
    const report = enMails.find((m) => m.dedupeKey?.includes('wyoming'));
    expect(report?.subject).toBe('Coming up: Wyoming annual report');
    expect(report?.text).toContain('Due: March 1, 2026 (30 days left)');
    expect(report?.text).toContain('Amount: $60.00');
    expect(report?.text).toContain('https://sos.wyo.gov/Business/AnnualReports.aspx');
    const trMails = await mailsOf(tr.id);
    expect(trMails.map((m) => m.dedupeKey)).toEqual([`compliance:${tr.id}:registered_agent_renewal:2026-03-10:60`]);
    expect(trMails[0].subject).toBe('Yaklaşan son tarih: Kayıtlı temsilci (registered agent) yenilemesi');
    // A week later the next reminder is not due yet: nothing new.
    await runComplianceReminders(t.deps, '2026-02-06');
    expect(await mailsOf(en.id)).toHaveLength(2);
  });
  it('writes every date in the mail as words, the extension date included (no raw YYYY-MM-DD)', async () => {
    // Formed 10 March 2025: Form 5472 for 2025 is due 15 April 2026, extendable to 15 October 2026.
    const tr = await company('Wyoming', '2025-03-10', { lang: 'tr' });
    await runComplianceReminders(t.deps, '2026-03-16');
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `compliance:${tr.id}:federal_form_5472:%`));
    expect(mail.text).toContain('15 Nisan 2026');
    expect(mail.text).toContain('15 Ekim 2026');
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mail.html).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe('the calendar feed', () => {
  it('serves the feed for the current token only: regenerated and wrong tokens get 404', async () => {
    const { c } = await company('Wyoming', '2024-07-04');
    expect((await c.get('/api/compliance/me/calendar')).body).toEqual({ url: null });
    const first = (await c.post('/api/compliance/me/calendar')).body.url as string;
    expect(first).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Shown again on every visit, though only its hash is stored.
    expect((await c.get('/api/compliance/me/calendar')).body.url).toBe(first);
    const path = (url: string) => url.replace('http://localhost:3000', '');

    const feed = await t.client().get(path(first));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(feed.headers.get('x-robots-tag')).toBe('noindex');
    const due = nextOn('07-01', 2024);
    const event = String(feed.body)
      .split('BEGIN:VEVENT')
      .find((e) => e.includes(`UID:wyoming_annual_report-${due}@localhost:3000`));
    expect(event).toContain(`DTSTART;VALUE=DATE:${due.replaceAll('-', '')}`);
    expect(event).toContain('SUMMARY:Wyoming yıllık raporu (annual report)');
    const form5472 = String(feed.body)
      .split('BEGIN:VEVENT')
      .find((e) => e.includes('UID:federal_form_5472-'));
    // The description is folded at 75 octets; unfolded, its dates read as words, like the page's.
    const description = (form5472 ?? '').replace(/\r\n[ \t]/g, '').match(/DESCRIPTION:(.*)/)?.[1] ?? '';
    expect(description).toMatch(/Uzatılabileceği tarih: 15 Ekim \d{4}/);
    expect(description).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const second = (await c.post('/api/compliance/me/calendar')).body.url as string;
    expect(second).not.toBe(first);
    expect((await t.client().get(path(first))).status).toBe(404);
    expect((await t.client().get(path(second))).status).toBe(200);
    expect((await t.client().get(`/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await t.client().get('/calendar/nope')).status).toBe(404);
  });

  it('limits each feed to about once a minute, not the shared address of a calendar service', async () => {
    // Google fetches every subscriber's feed from a few addresses: one address, many feeds.
    const google = t.client({ ip: '66.249.84.10' });
    const feeds: string[] = [];
    for (const state of ['Wyoming', 'Delaware', 'Florida'] as const) {
      const { c } = await company(state, '2024-07-04');
      feeds.push(
        ((await c.post('/api/compliance/me/calendar')).body.url as string).replace('http://localhost:3000', ''),
      );
    }
    for (const feed of feeds) {
      expect((await google.get(feed)).status).toBe(200);
      expect((await google.get(feed)).status).toBe(200);
    }
    // A third fetch of the same feed within the minute is a loop or a leak, from any address.
    const third = await t.client({ ip: '203.0.113.77' }).get(feeds[0]);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('60');
    // A feed held back holds back no other feed behind the same address.
    const { c } = await company('Wyoming', '2023-03-01');
    const fresh = ((await c.post('/api/compliance/me/calendar')).body.url as string).replace(
      'http://localhost:3000',
      '',
    );
    expect((await google.get(fresh)).status).toBe(200);
    const limit = RATE_LIMITS.calendarFeedPerAddress;
    expect(limit.max / (limit.windowMs / 3_600_000)).toBeGreaterThanOrEqual(10_000);
  });

  it("stops an address past its ceiling, whoever's feeds it asks for", async () => {
    const low = await createTestApp({}, { rateLimits: { calendarFeedPerAddress: { max: 3, windowMs: 3_600_000 } } });
    try {
      const flood = low.client({ ip: '198.51.100.200' });
      for (let i = 0; i < 3; i++) expect((await flood.get(`/calendar/${String(i).repeat(43)}.ics`)).status).toBe(404);
      const over = await flood.get(`/calendar/${'9'.repeat(43)}.ics`);
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('3600');
      expect((await low.client({ ip: '198.51.100.201' }).get(`/calendar/${'9'.repeat(43)}.ics`)).status).toBe(404);
    } finally {
      await low.close();
    }
  });
});

describe('upcoming deadlines (admin)', () => {
  it('computes in SQL the same due dates as the catalogue rules, across leap years and year ends', async () => {
    const cases = [
      ['Wyoming', '2024-02-29'],
      ['Delaware', '2025-12-31'],
      ['Florida', '2025-05-02'],
      ['Texas', '2025-01-15'],
    ] as const;
    const sqlTag = `${tag}sql`;
    for (const [state, formedOn] of cases) await company(state, formedOn, { name: `${sqlTag} ${state}` });
    for (const day of ['2026-01-15', '2027-02-20', '2028-02-10', '2028-12-31']) {
      const { items: rows } = await listDeadlines(db(), { days: 180, q: sqlTag, page: 1, pageSize: 100 }, day);
      const got = rows.map((r) => `${r.state} ${r.ruleId} ${r.dueDate} ${r.daysLeft}`).sort();
      const expected = cases
        .flatMap(([state, formationDate]) =>
          deadlinesFor({ state, formationDate, today: day, horizonDays: 180 }).map(
            (d) => `${state} ${d.ruleId} ${d.dueDate} ${d.daysLeft}`,
          ),
        )
        .sort();
      expect(got.length, day).toBeGreaterThan(2);
      expect(got, day).toEqual(expected);
    }
  });

  it('lists, filters, searches and exports for admins only, and marks done with an audit row', async () => {
    // A first of the month 1-32 days away: a company formed in that month two years ago owes its report then.
    const next = `${addDays(today, 32).slice(0, 7)}-01`;
    const formedOn = `${Number(next.slice(0, 4)) - 2}${next.slice(4, 8)}15`;
    const name = `${tag} Adminçık`;
    const customer = await company('Wyoming', formedOn, { name });
    const query = `days=60&rule=wyoming_annual_report&q=${encodeURIComponent(`${tag} ADMINCIK`)}`;

    const list = await admin.get(`/api/admin/compliance/deadlines?${query}`);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ userId: customer.id, dueDate: next, state: 'Wyoming', done: false });
    expect((await admin.get(`/api/admin/compliance/deadlines?${query}&state=Delaware`)).body.items).toEqual([]);
    expect((await admin.get('/api/admin/compliance/deadlines?days=45')).status).toBe(400);

    const csv = await admin.get(`/api/admin/compliance/deadlines/export.csv?${query}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\r\n')[1]).toContain(`${next},`);
    expect(String(csv.body)).toContain(name);

    expect((await customer.c.get(`/api/admin/compliance/deadlines?${query}`)).status).toBe(403);
    const markPath = `/api/admin/compliance/customers/${customer.id}/items/${encodeURIComponent(`wyoming_annual_report:${next}`)}/done`;
    expect((await customer.c.request('PUT', markPath)).status).toBe(403);
    expect((await admin.request('PUT', markPath)).status).toBe(200);
    expect((await admin.get(`/api/admin/compliance/deadlines?${query}`)).body.items[0].done).toBe(true);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, customer.id), eq(auditEvents.action, 'compliance.marked_done')));
    expect(audits).toHaveLength(1);
    const mine = (await customer.c.get('/api/compliance/me')).body.items;
    expect(mine.find((i: { ruleId: string }) => i.ruleId === 'wyoming_annual_report').done).toBe(true);
  });
});
