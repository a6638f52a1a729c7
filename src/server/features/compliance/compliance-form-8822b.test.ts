import { eq, like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { FORM_8822B_DAYS, form8822bDueDate } from '../../../shared/catalogue/compliance';
import { addDays, daysBetween } from '../../../shared/format/calendar-days';
import { todayUtc } from '../../../shared/format/dates';
import { bankAddresses, complianceMarks, mailOutbox, users } from '../../db/schema';
import { bankReadyCompany } from '../bank-readiness/bank-readiness.fixtures';
import { runComplianceReminders } from './compliance-reminders.service';
import { FEW_CUSTOMERS, listDeadlines } from './deadlines.service';

/*
 * Form 8822-B, owed once after a mailing address change (decision 0092), on the staff's deadlines desk,
 * in its export and in the reminder mails like the yearly items (decision 0100).
 */

const test = apiTest;
let t: TestApp;
let admin: TestClient;
const db = () => t.deps.database.db;
const today = todayUtc();
const tag = `f8b${Date.now().toString(36)}`;
const US_MAILING = {
  kind: 'office' as const,
  country: 'US',
  line1: '9 Elm St',
  city: 'Casper',
  region: 'WY',
  postalCode: '82601',
};
const SOURCE = 'https://grokipedia.com/page/IRS_Form_8822-B';

test.beforeAll(async ({ app, owner }) => {
  t = app;
  admin = owner.c;
});

/** A customer whose company (named with this file's tag) has a formation; `lang` their language. */
async function founder(name: string, lang: 'tr' | 'en' = 'tr') {
  const who = await signedInCustomer(t);
  await bankReadyCompany(t, who.id, { name: `${tag} ${name} LLC` });
  await db().update(users).set({ lang }).where(eq(users.id, who.id));
  return who;
}

/** The mailing address recorded as changed on `changedOn` (the API only ever writes today). */
async function changedMailing(userId: string, changedOn: string) {
  const row: typeof bankAddresses.$inferInsert = {
    userId,
    role: 'mailing',
    ...US_MAILING,
    form8822bChangedOn: changedOn,
  };
  await db()
    .insert(bankAddresses)
    .values(row)
    .onConflictDoUpdate({ target: [bankAddresses.userId, bankAddresses.role], set: { form8822bChangedOn: changedOn } });
}

const desk = (query: string) => admin.get(`/api/admin/compliance/deadlines?${query}`);

test('a mailing address change puts Form 8822-B on the deadlines desk, filtered, searched and marked like the others', async () => {
  const { c, id } = await founder('Adresçi');
  const res = await c.request('PUT', '/api/bank-readiness/addresses/mailing', US_MAILING);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.form8822b).toBe(true);
  const due = form8822bDueDate(today);
  const query = `days=90&q=${encodeURIComponent(`${tag} ADRESCI`)}`;

  const list = await desk(query);
  expect(list.status).toBe(200);
  const rows = list.body.items.filter((r: { ruleId: string }) => r.ruleId === 'form_8822b');
  expect(rows).toEqual([
    expect.objectContaining({
      userId: id,
      ruleId: 'form_8822b',
      itemKey: `form_8822b:${due}`,
      dueDate: due,
      daysLeft: daysBetween(today, due),
      businessName: `${tag} Adresçi LLC`,
      state: 'Wyoming',
      done: false,
      renewal: null,
      filedOn: null,
    }),
  ]);
  // The rule filter finds it alone; another rule, another state, or a horizon before its date do not.
  const only = await desk(`${query}&rule=form_8822b`);
  expect(only.body.items.map((r: { itemKey: string }) => r.itemKey)).toEqual([`form_8822b:${due}`]);
  expect(only.body.total).toBe(1);
  expect((await desk(`${query}&rule=federal_form_5472`)).body.items).toEqual([]);
  expect((await desk(`${query}&rule=form_8822b&state=Delaware`)).body.items).toEqual([]);
  expect((await desk(`days=30&q=${encodeURIComponent(`${tag} adresci`)}&rule=form_8822b`)).body.items).toEqual([]);
  // The customer's email finds it too, as every admin search does.
  const email = (await c.get('/api/me')).body.user.email as string;
  expect((await desk(`days=90&rule=form_8822b&q=${encodeURIComponent(email)}`)).body.items).toHaveLength(1);

  // Marked done from the desk (the same key the customer's calendar marks), and then not "open".
  const mark = await admin.request(
    'PUT',
    `/api/admin/compliance/customers/${id}/items/${encodeURIComponent(`form_8822b:${due}`)}/done`,
  );
  expect(mark.status, JSON.stringify(mark.body)).toBe(200);
  expect((await desk(`${query}&rule=form_8822b`)).body.items[0].done).toBe(true);
  expect((await desk(`${query}&rule=form_8822b&open=1`)).body.items).toEqual([]);
  const mine = (await c.get('/api/compliance/me')).body.items.find(
    (i: { ruleId: string }) => i.ruleId === 'form_8822b',
  );
  expect(mine.done).toBe(true);
});

test("a search for one customer finds their Form 8822-B and schedule items in the list's order, read by customer or by the walk alike", async () => {
  const { id } = await founder('Aynı Müşteri');
  await changedMailing(id, today);
  const q = `${tag} ayni musteri`;
  // `few` 0: the search is taken as matching many customers, so each branch walks its window in date order.
  const read = async (few: number, page = 1, pageSize = 100) =>
    listDeadlines(db(), { days: 180, q, page, pageSize }, today, few);
  const byCustomer = await read(FEW_CUSTOMERS);
  const keys = byCustomer.items.map((r) => `${r.dueDate} ${r.ruleId}`);
  expect(byCustomer.items.every((r) => r.userId === id)).toBe(true);
  expect(keys).toContain(`${form8822bDueDate(today)} form_8822b`);
  // The formation's yearly items are there too (a Wyoming company: the annual report, the 5472).
  expect(keys.some((k) => k.endsWith(' wyoming_annual_report'))).toBe(true);
  expect(keys.some((k) => k.endsWith(' federal_form_5472'))).toBe(true);
  expect(keys.length).toBeGreaterThanOrEqual(4);
  expect(keys).toEqual([...keys].sort());
  expect(byCustomer.total).toBe(keys.length);
  const walked = await read(0);
  expect(walked).toEqual(byCustomer);
  // Paged, each page cut before the union, both ways.
  for (const few of [0, FEW_CUSTOMERS]) {
    const pages = [await read(few, 1, 2), await read(few, 2, 2)];
    expect(pages.flatMap((p) => p.items)).toEqual(byCustomer.items.slice(0, 4));
  }
  // A search that no customer matches reads nothing and says so.
  expect(await listDeadlines(db(), { days: 180, q: `${tag} kimse`, page: 1, pageSize: 20 }, today)).toEqual({
    items: [],
    total: 0,
    totalKind: 'exact',
    page: 1,
    pageSize: 20,
  });
});

test('the desk export has the Form 8822-B row in both languages', async () => {
  const { id } = await founder('Exportçu');
  await changedMailing(id, today);
  const due = form8822bDueDate(today);
  const query = `days=90&rule=form_8822b&q=${encodeURIComponent(`${tag} exportcu`)}`;
  const csv = await admin.get(`/api/admin/compliance/deadlines/export.csv?${query}`);
  expect(csv.status).toBe(200);
  const lines = String(csv.body).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${due},${daysBetween(today, due)},Form 8822-B (change of address),`);
  expect(lines[1]).toContain(`${tag} Exportçu LLC`);
  const excel = await admin.get(`/api/admin/compliance/deadlines/export.csv?${query}&format=excel-tr`);
  expect(excel.status).toBe(200);
  expect(String(excel.body)).toContain('Form 8822-B (adres değişikliği)');
});

test('a passed Form 8822-B is overdue on the desk until marked done; a customer without a formation is listed too', async () => {
  const late = await founder('Gecikmiş');
  const changedOn = addDays(today, -(FORM_8822B_DAYS + 10));
  await changedMailing(late.id, changedOn);
  const due = form8822bDueDate(changedOn);
  expect(due < today).toBe(true);
  const q = `q=${encodeURIComponent(`${tag} gecikmis`)}&rule=form_8822b`;
  expect((await desk(`days=180&${q}`)).body.items).toEqual([]);
  const overdue = await desk(`overdue=1&${q}`);
  expect(overdue.body.items).toEqual([
    expect.objectContaining({ userId: late.id, dueDate: due, daysLeft: daysBetween(today, due) }),
  ]);
  await db()
    .insert(complianceMarks)
    .values({ userId: late.id, itemKey: `form_8822b:${due}` });
  expect((await desk(`overdue=1&${q}`)).body.items).toEqual([]);

  // No formation recorded (the bank page does not need one): the row has no business or state.
  const bare = await signedInCustomer(t);
  await changedMailing(bare.id, today);
  const email = (await bare.c.get('/api/me')).body.user.email as string;
  const rows = (await desk(`days=90&rule=form_8822b&q=${encodeURIComponent(email)}`)).body.items;
  expect(rows).toEqual([
    expect.objectContaining({ userId: bare.id, dueDate: form8822bDueDate(today), businessName: null, state: null }),
  ]);
});

test('SQL dates Form 8822-B as the catalogue does, and keeps that date on the address row', async () => {
  // Every change day of three years, weekends and federal holidays (and Inauguration Day) included.
  const result = await db().execute<{ changed: string; due: string }>(
    sql`select to_char(d, 'YYYY-MM-DD') as changed,
        to_char(federal_due_date(d::date + ${FORM_8822B_DAYS}::int), 'YYYY-MM-DD') as due
      from generate_series('2028-01-01'::date, '2030-12-31'::date, '1 day') as d`,
  );
  expect(result.rows).toHaveLength(365 * 3 + 1);
  for (const { changed, due } of result.rows) expect(due, changed).toBe(form8822bDueDate(changed));
  // The stored column (migration 0048) writes FORM_8822B_DAYS as a number of its own: the two must agree.
  const kept = await db().execute<{ expr: string }>(
    sql`select pg_get_expr(d.adbin, d.adrelid) as expr from pg_attrdef d
      join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
      where d.adrelid = 'bank_addresses'::regclass and a.attname = 'form_8822b_due_on'`,
  );
  expect(kept.rows[0]?.expr.replace(/\s+/g, ' ')).toMatch(
    new RegExp(`federal_due_date\\(\\(?form_8822b_changed_on \\+ ${FORM_8822B_DAYS}\\)?\\)`),
  );
});

test('reminds about Form 8822-B once per step, in the customer language, with its source and the 60-day caveat', async () => {
  const en = await founder('Mailer', 'en');
  const tr = await founder('Postacı', 'tr');
  const changedOn = '2027-03-01';
  const due = form8822bDueDate(changedOn); // 30 April 2027, a Friday
  expect(due).toBe('2027-04-30');
  await changedMailing(en.id, changedOn);
  await changedMailing(tr.id, changedOn);
  const mailsOf = (userId: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `compliance:${userId}:form_8822b:%`));

  // The day of the change (60 days ahead): two runs racing and a third, one mail each.
  await Promise.all([runComplianceReminders(t.deps, changedOn, 1), runComplianceReminders(t.deps, changedOn)]);
  await runComplianceReminders(t.deps, changedOn);
  const [enMail, ...enMore] = await mailsOf(en.id);
  expect(enMore).toEqual([]);
  expect(enMail.dedupeKey).toBe(`compliance:${en.id}:form_8822b:${due}:60`);
  expect(enMail.subject).toBe('Coming up: Form 8822-B (change of address)');
  expect(enMail.text).toContain('Due: April 30, 2027 (60 days left)');
  expect(enMail.text).toContain('60 days for a change of responsible party and no deadline for an address change');
  expect(enMail.text).toContain(SOURCE);
  const trMails = await mailsOf(tr.id);
  expect(trMails.map((m) => m.dedupeKey)).toEqual([`compliance:${tr.id}:form_8822b:${due}:60`]);
  expect(trMails[0].subject).toBe('Yaklaşan son tarih: Form 8822-B (adres değişikliği)');
  expect(trMails[0].text).toContain('sorumlu kişi değişikliği için 60 gün verir');
  expect(trMails[0].text).toContain(SOURCE);

  // A daily run after a finished one reads only what changed: the 30-day step comes on its day.
  const since = { day: addDays(due, -31), startedAt: new Date() };
  await runComplianceReminders(t.deps, addDays(due, -30), 500, since);
  await runComplianceReminders(t.deps, addDays(due, -30));
  expect((await mailsOf(en.id)).map((m) => m.dedupeKey).sort()).toEqual([
    `compliance:${en.id}:form_8822b:${due}:30`,
    `compliance:${en.id}:form_8822b:${due}:60`,
  ]);
  // Marked done: no 7-day reminder; the other customer gets theirs.
  await db()
    .insert(complianceMarks)
    .values({ userId: en.id, itemKey: `form_8822b:${due}` });
  await runComplianceReminders(t.deps, addDays(due, -7));
  expect(await mailsOf(en.id)).toHaveLength(2);
  expect((await mailsOf(tr.id)).map((m) => m.dedupeKey).sort()).toEqual([
    `compliance:${tr.id}:form_8822b:${due}:30`,
    `compliance:${tr.id}:form_8822b:${due}:60`,
    `compliance:${tr.id}:form_8822b:${due}:7`,
  ]);
});

test('a change made after the day run finished is reminded at the next run, not left for its next step', async () => {
  const late = await founder('Sonradan', 'en');
  const day = '2027-06-03'; // 60 days on is Monday 2 August 2027: its 60-day step is the change's own day
  // The run of `day` finished before the customer changed the address that same day.
  const since = { day, startedAt: new Date(Date.now() - 60_000) };
  await changedMailing(late.id, day);
  await runComplianceReminders(t.deps, addDays(day, 1), 500, since);
  const mails = await db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `compliance:${late.id}:form_8822b:%`));
  expect(mails.map((m) => m.dedupeKey)).toEqual([`compliance:${late.id}:form_8822b:${form8822bDueDate(day)}:60`]);
});
