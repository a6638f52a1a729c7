/**
 * Renewals (decisions 0053, 0054) on both engines: the daily run's notices once under two copies, a
 * renewal paid twice at once extending once, a cancel racing a payment ending renewed, ownership and
 * the desk's permissions. One app for the file; each test makes only the accounts it needs.
 */

import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  createStaffMember,
  nextSecondFactorCode,
  signedInCustomer,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import {
  renewalDeskListSchema,
  renewalTaskListSchema,
  subscriptionListSchema,
} from '../../../shared/features/renewals/renewals.contracts';
import { GRACE_DAYS, graceEnd, periodEndFrom } from '../../../shared/features/renewals/renewals.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import {
  companyFormations,
  mailOutbox,
  orders,
  renewalTasks,
  subscriptionEvents,
  subscriptions,
  users,
} from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { runDailyReminders } from '../compliance/compliance-reminders.service';
import { runRenewalsDaily } from './renewals-daily.service';

const test = apiTest;
let t: TestApp;
const db = () => t.deps.database.db;

test.beforeAll(({ app }) => {
  t = app;
});

async function company(formedOn: string, businessName = 'Yenileme LLC') {
  const customer = await signedInCustomer(t);
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, customer.id));
  await db().insert(companyFormations).values({
    userId: customer.id,
    // A turnkey package paid: the agent is ours, so it has a subscription (decision 0074).
    companyFormationPreference: 'service',
    paymentStatus: 'paid',
    stateSelected: 'Wyoming',
    formedOn,
    businessName,
  });
  return { ...customer, email: user.email };
}

async function agentOf(c: TestClient) {
  const res = await c.get('/api/renewals');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  subscriptionListSchema.parse(res.body); // calendar days and moments where the contract says (decision 0076)
  return res.body.subscriptions.find((s: { product: string }) => s.product === 'registered_agent');
}

async function renewalMails(subscriptionId: string): Promise<string[]> {
  const rows = await db()
    .select({ key: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `renewals:${subscriptionId}:%`));
  return rows.map((r) => (r.key ?? '').split(':').slice(2).join(' ')).sort();
}

async function checkout(c: TestClient, id: string): Promise<string> {
  const res = await c.post(`/api/renewals/${id}/checkout`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.url).split('/').pop() as string;
}

describe('the daily run (decision 0053)', () => {
  it('sends each notice once under two copies at once, then the grace mail, then lapses with one task', async () => {
    // Runs on days of its own far ahead, so the other tests' subscriptions (ending around today) are
    // stepped too but never read here.
    const day = '2031-03-01';
    const formed = addDays('2030-03-01', 20); // the first period ends 2031-03-21: 20 days from `day`
    const { id: userId } = await company(formed);
    const both = await Promise.all([runRenewalsDaily(t.deps, day), runRenewalsDaily(t.deps, day)]);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub.periodEnd).toBe('2031-03-21');
    expect(sub.status).toBe('renewal_due');
    expect(both.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await renewalMails(sub.id)).toEqual(['2031-03-21 notice_30']);

    // Seven days out, through the daily claim itself, two copies at once: the 7-day notice once.
    const week = '2031-03-14';
    const runs = await Promise.all([runDailyReminders(t.deps, week), runDailyReminders(t.deps, week)]);
    expect(runs.filter((r) => r.outcome === 'ran')).toHaveLength(1);
    await Promise.all([runRenewalsDaily(t.deps, week), runRenewalsDaily(t.deps, week)]);
    expect(await renewalMails(sub.id)).toEqual(['2031-03-21 notice_30', '2031-03-21 notice_7']);

    // The end passes unpaid: the grace mail, once.
    await Promise.all([runRenewalsDaily(t.deps, '2031-03-22'), runRenewalsDaily(t.deps, '2031-03-22')]);
    expect(await renewalMails(sub.id)).toEqual(['2031-03-21 grace', '2031-03-21 notice_30', '2031-03-21 notice_7']);

    // Fourteen days of grace later it lapses: one lapse mail, one task for operations, one history row.
    await Promise.all([runRenewalsDaily(t.deps, '2031-04-05'), runRenewalsDaily(t.deps, '2031-04-05')]);
    const [lapsed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(lapsed.status).toBe('lapsed');
    expect(await renewalMails(sub.id)).toEqual([
      '2031-03-21 grace',
      '2031-03-21 lapsed',
      '2031-03-21 notice_30',
      '2031-03-21 notice_7',
    ]);
    expect(await db().select().from(renewalTasks).where(eq(renewalTasks.subscriptionId, sub.id))).toHaveLength(1);
    const kinds = (await db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, sub.id)))
      .map((e) => e.kind)
      .sort();
    expect(kinds).toEqual(['grace', 'lapsed', 'notice_30', 'notice_7', 'started']);

    // Decision 0072: each date named, the grace read from GRACE_DAYS, the lapsed agent's consequences told.
    const text = async (kind: string) => {
      const [row] = await db()
        .select({ text: mailOutbox.text, lang: mailOutbox.lang })
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, `renewals:${sub.id}:2031-03-21:${kind}`));
      expect(row.lang).toBe('tr');
      return row.text;
    };
    const notice = await text('notice_7');
    expect(notice).toContain(`Dönem sonu: ${formatCalendarDateLong('2031-03-21', 'tr')}`);
    expect(notice).not.toMatch(/Tarih:/);
    const grace = await text('grace');
    expect(grace).toContain(`${GRACE_DAYS} günlük ek süre`);
    expect(grace).toContain(`Ek sürenin son günü: ${formatCalendarDateLong(graceEnd('2031-03-21'), 'tr')}`);
    expect(grace).not.toMatch(/sona erdi/);
    const lapse = await text('lapsed');
    expect(lapse).toContain('Kayıtlı temsilciliğinizden çekiliyoruz');
    expect(lapse).toContain('feshedebilir');
    expect(lapse).toContain('yeni bir kayıtlı temsilci atayın');
  });
});

describe('renew and cancel (decision 0054)', () => {
  it('extends once from the current end when the same year is paid twice at the same moment', async () => {
    const today = serverToday(t.deps.env);
    const { c } = await company(addDays(today, -360));
    const before = await agentOf(c);
    expect(before.periodEnd).toBe(addDays(today, 5));
    expect(before.priceCents).toBe(12_500);
    const [first, second] = [await checkout(c, before.id), await checkout(c, before.id)];
    const paid = await Promise.all([
      c.post(`/api/payments/test-checkout/${first}/pay`, {}),
      c.post(`/api/payments/test-checkout/${second}/pay`, {}),
    ]);
    expect(paid.map((r) => r.status)).toEqual([200, 200]);
    const after = await agentOf(c);
    // An early renewal: a year from the old end, not from today.
    expect(after.periodStart).toBe(before.periodEnd);
    expect(after.periodEnd).toBe(periodEndFrom(before.periodEnd));
    expect(after.status).toBe('active');
    expect(after.receipts).toHaveLength(2);
    expect(after.receipts.filter((r: { flagged: boolean }) => r.flagged)).toHaveLength(1);
    expect(after.receipts.every((r: { testMode: boolean }) => r.testMode)).toBe(true);
    expect(after.history.filter((h: { kind: string }) => h.kind === 'renewed')).toHaveLength(1);
    // The renewal is an order like any other: in the customer's orders, with its receipt mailed.
    const mine = await c.get('/api/orders');
    expect(
      mine.body.orders.filter((o: { kind: string; status: string }) => o.kind === 'renewal' && o.status === 'paid'),
    ).toHaveLength(2);
  });

  it('ends renewed and active when a cancel races the payment, whichever lands first', async () => {
    const today = serverToday(t.deps.env);
    for (const cancelFirst of [true, false]) {
      const { c } = await company(addDays(today, -350));
      const sub = await agentOf(c);
      const session = await checkout(c, sub.id);
      const cancel = () =>
        c.post(`/api/renewals/${sub.id}/cancel`, { periodEnd: sub.periodEnd, reason: 'too_expensive' });
      const pay = () => c.post(`/api/payments/test-checkout/${session}/pay`, {});
      const [a, b] = cancelFirst ? [await cancel(), await pay()] : [await pay(), await cancel()];
      const cancelled = cancelFirst ? a : b;
      expect((cancelFirst ? b : a).status).toBe(200);
      if (cancelFirst) expect(cancelled.status).toBe(200);
      else expect(cancelled.body.error.code).toBe('SUBSCRIPTION_CHANGED');
      const after = await agentOf(c);
      expect(after.status).toBe('active');
      expect(after.periodEnd).toBe(periodEndFrom(sub.periodEnd));
      expect(after.cancelledAt).toBeNull();
    }
    // At the very same moment too.
    const { c } = await company(addDays(today, -350));
    const sub = await agentOf(c);
    const session = await checkout(c, sub.id);
    await Promise.all([
      c.post(`/api/renewals/${sub.id}/cancel`, { periodEnd: sub.periodEnd }),
      c.post(`/api/payments/test-checkout/${session}/pay`, {}),
    ]);
    const after = await agentOf(c);
    expect([after.status, after.periodEnd]).toEqual(['active', periodEndFrom(sub.periodEnd)]);
  });

  it('cancels with a reason and undoes it, only for the owner and only in the right status', async () => {
    const today = serverToday(t.deps.env);
    const owner = await company(addDays(today, -200));
    const other = await signedInCustomer(t);
    const sub = await agentOf(owner.c);
    expect((await other.c.post(`/api/renewals/${sub.id}/cancel`, { periodEnd: sub.periodEnd })).status).toBe(404);
    expect((await other.c.post(`/api/renewals/${sub.id}/checkout`, {})).status).toBe(404);
    expect((await owner.c.post(`/api/renewals/${sub.id}/resume`, {})).body.error.code).toBe('INVALID_TRANSITION');
    const bad = await owner.c.post(`/api/renewals/${sub.id}/cancel`, { periodEnd: sub.periodEnd, reason: 'bored' });
    expect(bad.status).toBe(400);

    const res = await owner.c.post(`/api/renewals/${sub.id}/cancel`, {
      periodEnd: sub.periodEnd,
      reason: 'not_needed',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let view = await agentOf(owner.c);
    expect([view.status, view.cancelReason, view.canResume, view.canRenew]).toEqual([
      'cancelled',
      'not_needed',
      true,
      false,
    ]);
    expect((await owner.c.post(`/api/renewals/${sub.id}/checkout`, {})).body.error.code).toBe('INVALID_TRANSITION');
    expect((await owner.c.post(`/api/renewals/${sub.id}/resume`, {})).status).toBe(200);
    view = await agentOf(owner.c);
    expect([view.status, view.cancelledAt]).toEqual(['active', null]);
    expect(view.history.map((h: { kind: string }) => h.kind)).toEqual(['resumed', 'cancelled', 'started']);
    const mails = await db()
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), like(mailOutbox.template, 'renewals.%')));
    expect(mails.map((m) => m.template).sort()).toEqual(['renewals.cancelled', 'renewals.resumed']);
  });

  it('starts the address on its first paid package order', async () => {
    const { c, id } = await company(serverToday(t.deps.env));
    await db().insert(orders).values({
      userId: id,
      kind: 'formation_package',
      packageId: 'formation_only',
      addressOption: 'private_address',
      amountCents: 48_900,
      status: 'paid',
      provider: 'local',
      paidAt: new Date(),
    });
    const res = await c.get('/api/renewals');
    const products = res.body.subscriptions.map((s: { product: string; priceCents: number }) => [
      s.product,
      s.priceCents,
    ]);
    expect(products).toEqual([
      ['private_address', 10_000],
      ['registered_agent', 12_500],
    ]);
  });
});

describe('the renewals desk', () => {
  it('lists as lapsed both the marked ones and those past the grace period the daily run has not marked yet', async () => {
    const today = serverToday(t.deps.env);
    const finance = await createStaffMember(t, 'finance');
    const [marked, pending, running] = await Promise.all([
      company(addDays(today, -200)),
      company(addDays(today, -200)),
      company(addDays(today, -200)),
    ]);
    const subs = await Promise.all([marked, pending, running].map((c) => agentOf(c.c)));
    const set = (i: number, values: Partial<typeof subscriptions.$inferInsert>) =>
      db().update(subscriptions).set(values).where(eq(subscriptions.id, subs[i].id));
    await set(0, { status: 'lapsed', periodEnd: addDays(today, -40) });
    await set(1, { periodEnd: addDays(today, -30) });
    await set(2, { periodEnd: addDays(today, -5) });
    const lapsedIds = async () => {
      const res = await finance.c.get('/api/admin/renewals?view=lapsed&sort=end_desc&pageSize=100');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      renewalDeskListSchema.parse(res.body);
      return res.body.items.map((r: { id: string }) => r.id).filter((id: string) => subs.some((sub) => sub.id === id));
    };
    // Past grace and not marked yet (between midnight and the daily run): listed with the marked one.
    expect(await lapsedIds()).toEqual([subs[1].id, subs[0].id]);
    // Once no running subscription is past its grace, the view is the marked ones alone.
    await set(1, { status: 'lapsed' });
    expect(await lapsedIds()).toEqual([subs[1].id, subs[0].id]);
    await set(1, { status: 'active', periodEnd: addDays(today, 300) });
    expect(await lapsedIds()).toEqual([subs[0].id]);
  });

  it('lists, searches, exports and counts for finance; operations mark the lapsed-agent task done; support is refused', async () => {
    const today = serverToday(t.deps.env);
    const due = await company(addDays(today, -355), 'Masa Çiçekçilik LLC');
    const dueSub = await agentOf(due.c);
    await due.c.post(`/api/renewals/${dueSub.id}/cancel`, { periodEnd: dueSub.periodEnd, reason: 'closing_company' });
    const finance = await createStaffMember(t, 'finance');
    const operations = await createStaffMember(t, 'operations');
    const support = await createStaffMember(t, 'support');

    const search = due.email.split('@')[0];
    const list = await finance.c.get(`/api/admin/renewals?view=cancelled&q=${encodeURIComponent(search)}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([dueSub.id]);
    expect(list.body.items[0]).toMatchObject({ businessName: 'Masa Çiçekçilik LLC', cancelReason: 'closing_company' });
    // Folded (İ → i) and asked row by row in this view (customerMatchesEach): a match and a miss.
    const folded = await finance.c.get(
      `/api/admin/renewals?view=cancelled&q=${encodeURIComponent(search.toLocaleUpperCase('tr'))}`,
    );
    expect(folded.body.items.map((r: { id: string }) => r.id)).toEqual([dueSub.id]);
    const none = await finance.c.get(`/api/admin/renewals?view=cancelled&q=${encodeURIComponent('zzqx nobody')}`);
    expect(none.body.items).toEqual([]);
    // The search text follows the customer (migration 0034's triggers): a new name is found, folded.
    await db().update(users).set({ name: 'Şükrü Öztürk' }).where(eq(users.id, due.id));
    const renamed = await finance.c.get(`/api/admin/renewals?view=cancelled&q=${encodeURIComponent('SUKRU ÖZTÜRK')}`);
    expect(renamed.body.items.map((r: { id: string }) => r.id)).toEqual([dueSub.id]);
    const summary = await finance.c.get('/api/admin/renewals/summary');
    expect(summary.body.reasons.find((r: { reason: string }) => r.reason === 'closing_company').count).toBeGreaterThan(
      0,
    );
    expect((await support.c.get('/api/admin/renewals')).status).toBe(403);
    const file = await finance.c.get(`/api/admin/renewals/customers/${due.id}`);
    expect(file.body.subscriptions[0].history.map((h: { kind: string }) => h.kind)).toEqual(['cancelled', 'started']);

    await finance.c.post('/api/me/two-factor/verify', { code: nextSecondFactorCode(finance.email) });
    const csv = await finance.c.get(
      `/api/admin/renewals/export.csv?view=cancelled&format=excel-tr&q=${encodeURIComponent(search)}`,
    );
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Masa Çiçekçilik LLC');
    expect(String(csv.body)).toContain('Şirketi kapatıyorum');
    // And so does a new company name.
    await db()
      .update(companyFormations)
      .set({ businessName: 'Yeni Ufuk LLC' })
      .where(eq(companyFormations.userId, due.id));
    const byCompany = await finance.c.get(`/api/admin/renewals?view=cancelled&q=${encodeURIComponent('yeni ufuk')}`);
    expect(byCompany.body.items.map((r: { id: string }) => r.id)).toEqual([dueSub.id]);

    // A lapsed agent's task: finance reads it, operations close it with a day and a note.
    const lapsedOne = await company(addDays(today, -400));
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, lapsedOne.id));
    expect(sub).toBeUndefined();
    await runRenewalsDaily(t.deps, addDays(today, 0));
    const open = await finance.c.get('/api/admin/renewals/tasks');
    renewalTaskListSchema.parse(open.body);
    const task = open.body.tasks.find((x: { userId: string }) => x.userId === lapsedOne.id);
    // Migrated into the period that holds today: no lapse for a customer nobody ever billed.
    expect(task).toBeUndefined();
    await db()
      .update(subscriptions)
      .set({ periodEnd: addDays(today, -20), periodStart: addDays(today, -385) })
      .where(eq(subscriptions.userId, lapsedOne.id));
    await runRenewalsDaily(t.deps, today);
    const tasks = (await finance.c.get('/api/admin/renewals/tasks')).body.tasks;
    const mine = tasks.find((x: { userId: string }) => x.userId === lapsedOne.id);
    expect(mine).toBeDefined();
    const body = { doneOn: today, note: 'Eyalete istifa bildirildi' };
    expect((await finance.c.post(`/api/admin/renewals/tasks/${mine.id}/done`, body)).status).toBe(403);
    expect((await operations.c.post(`/api/admin/renewals/tasks/${mine.id}/done`, body)).status).toBe(200);
    expect((await operations.c.post(`/api/admin/renewals/tasks/${mine.id}/done`, body)).status).toBe(404);
    const done = (await finance.c.get('/api/admin/renewals/tasks?open=false')).body.tasks;
    expect(done.find((x: { id: string }) => x.id === mine.id)).toMatchObject({ doneOn: today, note: body.note });
  });
});
