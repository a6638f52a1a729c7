/**
 * Decision 0057 on both engines: the deadlines desk's registered agent renewal is the agent
 * subscription's period end and status, as the customer's calendar shows it (after an early renewal, a
 * cancel, a lapse), and a corrected formation date moves an unrenewed subscription's period with it.
 */

import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { createStaffMember, signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { periodEndFrom } from '../../../shared/features/renewals/renewals.domain';
import { addDays, daysBetween } from '../../../shared/format/calendar-days';
import { companyFormations, subscriptionEvents, subscriptions } from '../../db/schema';
import { serverToday } from '../../platform/clock';

const test = apiTest;
let t: TestApp;
let staff: TestClient;
const db = () => t.deps.database.db;
let names = 0;

test.beforeAll(async ({ app }) => {
  t = app;
  staff = (await createStaffMember(t, 'operations')).c;
});
afterEach(() => {
  t.deps.env.TEST_CLOCK_OFFSET_DAYS = 0;
});

/**
 * A turnkey customer's Wyoming company (its package paid: our agent, decision 0074) formed on `formedOn`,
 * named so that the desk's search finds it alone.
 */
async function company(formedOn: string) {
  const customer = await signedInCustomer(t);
  const businessName = `Takvim Uyumu ${++names} ${customer.id.slice(0, 8)} LLC`;
  const [formation] = await db()
    .insert(companyFormations)
    .values({
      userId: customer.id,
      companyFormationPreference: 'service',
      paymentStatus: 'paid',
      stateSelected: 'Wyoming',
      formedOn,
      businessName,
    })
    .returning({ id: companyFormations.id });
  // The customer's own subscriptions page creates the agent subscription (decision 0054).
  const res = await customer.c.get('/api/renewals');
  expect(res.status).toBe(200);
  const agent = res.body.subscriptions.find((s: { product: string }) => s.product === 'registered_agent');
  return { ...customer, businessName, formationId: formation.id, agent };
}

interface Agreement {
  dueDate: string;
  itemKey: string;
  renewal: { status: string; periodEnd: string; renewed: boolean } | null;
}

/** The desk's agent row for the company (null when it lists none) over `days`. */
async function deskAgent(businessName: string, days = 180): Promise<Agreement | null> {
  const res = await staff.get(
    `/api/admin/compliance/deadlines?days=${days}&rule=registered_agent_renewal&q=${encodeURIComponent(businessName)}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.items.length).toBeLessThanOrEqual(1);
  const [row] = res.body.items;
  return row ? { dueDate: row.dueDate, itemKey: row.itemKey, renewal: row.renewal } : null;
}

/** The calendar's agent item for the customer. */
async function calendarAgent(c: TestClient): Promise<Agreement & { done: boolean }> {
  const res = await c.get('/api/compliance/me');
  expect(res.status).toBe(200);
  const items = res.body.items.filter((i: { ruleId: string }) => i.ruleId === 'registered_agent_renewal');
  expect(items).toHaveLength(1);
  return { dueDate: items[0].dueDate, itemKey: items[0].key, renewal: items[0].renewal, done: items[0].done };
}

async function renewEarly(c: TestClient, id: string) {
  const started = await c.post(`/api/renewals/${id}/checkout`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const session = String(started.body.url).split('/').pop();
  expect((await c.post(`/api/payments/test-checkout/${session}/pay`, {})).status).toBe(200);
}

function moveClock(days: number) {
  t.deps.env.TEST_CLOCK_OFFSET_DAYS = days;
}

describe('the deadlines desk reads the agent subscription (decision 0057)', () => {
  it('agrees with the calendar before and after an early renewal, on a cancel, and when marked done', async () => {
    const today = serverToday(t.deps.env);
    const { c, id, businessName, agent } = await company(addDays(today, -340));
    expect(agent.periodEnd).toBe(addDays(today, 25));

    // Before: both at the first period's end, renewal due.
    const before = await deskAgent(businessName, 30);
    expect(before).toEqual({
      dueDate: agent.periodEnd,
      itemKey: `registered_agent_renewal:${agent.periodEnd}`,
      renewal: { status: 'renewal_due', periodEnd: agent.periodEnd, renewed: false },
    });
    expect(await calendarAgent(c)).toMatchObject(before as Agreement);

    // Renewed 25 days early: the period runs a year from the old end, and the old end is gone from both.
    await renewEarly(c, agent.id);
    const newEnd = periodEndFrom(agent.periodEnd);
    expect(await deskAgent(businessName, 30)).toBeNull();
    const calendar = await calendarAgent(c);
    expect(calendar.dueDate).toBe(newEnd);

    // 220 days on, the new end is within the desk's 180 days; the formation anniversary (the old rule's
    // date, now passed) is not listed again in its place, before or after the daily roll.
    moveClock(220);
    const later = serverToday(t.deps.env);
    expect(daysBetween(later, newEnd)).toBeLessThanOrEqual(180);
    const renewed = {
      dueDate: newEnd,
      itemKey: `registered_agent_renewal:${newEnd}`,
      renewal: { status: 'active', periodEnd: newEnd, renewed: true },
    };
    expect(await deskAgent(businessName)).toEqual(renewed);
    expect(await calendarAgent(c)).toMatchObject(renewed);
    await db().execute(sql`select compliance_schedule_roll(${later}::date)`);
    expect(await deskAgent(businessName)).toEqual(renewed);

    // "Do not renew": both say cancelled, ending on the new end.
    const cancel = await c.post(`/api/renewals/${agent.id}/cancel`, { periodEnd: newEnd });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const cancelled = { ...renewed, renewal: { ...renewed.renewal, status: 'cancelled' } };
    expect(await deskAgent(businessName)).toEqual(cancelled);
    expect(await calendarAgent(c)).toMatchObject(cancelled);

    // Marked done from the desk, under the key both show: the calendar shows it done.
    const marked = await staff.request(
      'PUT',

      `/api/admin/compliance/customers/${encodeURIComponent(id)}/items/${encodeURIComponent(renewed.itemKey)}/done`,
      {},
    );
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect((await calendarAgent(c)).done).toBe(true);
  });

  it('drops an agent row whose period ended unrenewed, where the anniversary rule rolled it a year on', async () => {
    const today = serverToday(t.deps.env);
    const { c, id, businessName, agent } = await company(addDays(today, -300));
    expect(agent.periodEnd).toBe(addDays(today, 65));
    expect((await deskAgent(businessName, 90))?.dueDate).toBe(agent.periodEnd);

    // 100 days on: the end passed 35 days ago, grace is over, the subscription has lapsed. The calendar
    // says so on the old end; the desk lists no agent renewal (next year's anniversary is not one).
    moveClock(100);
    const later = serverToday(t.deps.env);
    const calendar = await calendarAgent(c);
    expect(calendar.dueDate).toBe(agent.periodEnd);
    expect(calendar.renewal?.status).toBe('lapsed');
    expect(await deskAgent(businessName)).toBeNull();
    await db().execute(sql`select compliance_schedule_roll(${later}::date)`);
    expect(await deskAgent(businessName)).toBeNull();
    // The roll removed the row rather than move it to the next anniversary, and left no passed row
    // behind for the desk's probe of unrolled rows.
    const rows = await db().execute<{ rule_id: string; due_date: string }>(
      sql`select rule_id, due_date::text from compliance_schedule where user_id = ${id} or due_date < ${later}::date`,
    );
    expect(rows.rows.map((r) => r.rule_id).sort()).toEqual(['federal_form_5472', 'wyoming_annual_report']);
  });
});

describe('a corrected formation date (decision 0057)', () => {
  async function correct(formationId: string, formedOn: string) {
    const res = await staff.request('PUT', `/api/admin/formations/${formationId}/company`, { formedOn });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it('moves an unrenewed agent period with it, in the desk and the calendar; a renewed one stays', async () => {
    const today = serverToday(t.deps.env);
    const formed = addDays(today, -300);
    const { c, id, businessName, formationId, agent } = await company(formed);
    expect([agent.periodStart, agent.periodEnd]).toEqual([formed, addDays(today, 65)]);

    // Staff find the state approved it 40 days earlier: the first period starts and ends 40 days earlier.
    const corrected = addDays(formed, -40);
    await correct(formationId, corrected);
    const [moved] = await db().select().from(subscriptions).where(eq(subscriptions.id, agent.id));
    expect([moved.periodStart, moved.periodEnd, moved.status]).toEqual([
      corrected,
      periodEndFrom(corrected),
      'renewal_due',
    ]);
    expect(moved.periodEnd).toBe(addDays(today, 25));
    const events = await db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, agent.id));
    expect(events.map((e) => e.kind).sort()).toEqual(['moved', 'started']);
    const due = {
      dueDate: moved.periodEnd,
      itemKey: `registered_agent_renewal:${moved.periodEnd}`,
      renewal: { status: 'renewal_due', periodEnd: moved.periodEnd, renewed: false },
    };
    expect(await deskAgent(businessName, 30)).toEqual(due);
    expect(await calendarAgent(c)).toMatchObject(due);
    const audit = await db().execute<{ action: string }>(
      sql`select action from audit_events where subject_user_id = ${id} and action = 'subscription.moved'`,
    );
    expect(audit.rows).toHaveLength(1);

    // Renewed, then corrected again: the year paid for keeps its end.
    await renewEarly(c, agent.id);
    const paidEnd = periodEndFrom(moved.periodEnd);
    await correct(formationId, addDays(corrected, 10));
    const [kept] = await db().select().from(subscriptions).where(eq(subscriptions.id, agent.id));
    expect([kept.periodStart, kept.periodEnd]).toEqual([moved.periodEnd, paidEnd]);
    expect((await calendarAgent(c)).dueDate).toBe(paidEnd);
    moveClock(220);
    expect((await deskAgent(businessName))?.dueDate).toBe(paidEnd);
  });

  it('leaves a lapsed subscription as it was', async () => {
    const today = serverToday(t.deps.env);
    const formed = addDays(today, -300);
    const { formationId, agent } = await company(formed);
    await db().update(subscriptions).set({ status: 'lapsed' }).where(eq(subscriptions.id, agent.id));
    await correct(formationId, addDays(formed, -5));
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, agent.id));
    expect([row.periodStart, row.periodEnd, row.status]).toEqual([agent.periodStart, agent.periodEnd, 'lapsed']);
  });
});
