/**
 * The facts and the registered agent at the API (decisions 0073, 0074): the agent subscription opens only for a
 * turnkey customer, a self-service company's calendar names its own agent without a price of ours, the
 * subscriptions the old sync opened for self-service companies go (a paid one stays); the deadlines desk
 * carries the Delaware watch note and the filings desk the IRS's 5472 fax and Ogden address.
 */

import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { addDays } from '../../../shared/format/calendar-days';
import { translate } from '../../../shared/i18n';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { companyFormations, complianceSchedule, orders, subscriptions } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { filingOf } from '../filings/filings.fixtures';
import { syncSubscriptions } from './renewals.service';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
const db = () => t.deps.database.db;

test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
});

/** A Wyoming company formed 100 days ago: a self-service one, or a turnkey one whose package was paid. */
async function company(kind: 'self' | 'turnkey') {
  const customer = await signedInCustomer(t);
  const formedOn = addDays(serverToday(t.deps.env), -100);
  await db()
    .insert(companyFormations)
    .values({
      userId: customer.id,
      companyFormationPreference: kind === 'self' ? 'self' : 'service',
      paymentStatus: kind === 'self' ? 'pending' : 'paid',
      stateSelected: 'Wyoming',
      formedOn,
      businessName: `Temsilci ${kind} ${customer.id.slice(0, 6)} LLC`,
    });
  return { ...customer, formedOn };
}

async function agentSubscriptions(userId: string) {
  return db()
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, 'registered_agent')));
}

async function agentItem(c: TestClient) {
  const res = await c.get('/api/compliance/me');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.find((i: { ruleId: string }) => i.ruleId === 'registered_agent_renewal');
}

describe('whose registered agent (decision 0074)', () => {
  it('opens no agent subscription for a self-service company, which sees its own agent and no price of ours', async () => {
    const self = await company('self');
    // Both the daily run (every customer) and the customer's own page (one) sync.
    await syncSubscriptions(db(), serverToday(t.deps.env));
    expect((await self.c.get('/api/renewals')).body.subscriptions).toEqual([]);
    expect(await agentSubscriptions(self.id)).toEqual([]);
    const item = await agentItem(self.c);
    expect(item).toMatchObject({ agent: 'own', amountCents: null, renewal: null, checked: { kind: 'ours' } });
  });

  it('opens the $125 agent subscription for a turnkey company, whose calendar says we bill it', async () => {
    const turnkey = await company('turnkey');
    await syncSubscriptions(db(), serverToday(t.deps.env), turnkey.id);
    const [sub] = await agentSubscriptions(turnkey.id);
    expect(sub).toMatchObject({ status: 'active', priceCents: 12_500 });
    const item = await agentItem(turnkey.c);
    expect(item).toMatchObject({ agent: 'ours', amountCents: 12_500, dueDate: sub.periodEnd });
  });

  it('words the two cases apart: who the agent is and who bills it', () => {
    for (const lang of LANGUAGES) {
      const ours = translate(lang, 'compliance.rules.registered_agent_renewal.what', { amount: '$125.00' });
      const own = translate(lang, 'compliance.rules.registered_agent_renewal.whatOwn');
      expect(own).not.toBe(ours);
      // A self-service founder has no package; only our own agent is in one.
      expect(ours).toMatch(lang === 'tr' ? /paketinize dahildir/ : /came with your package/);
      expect(own).not.toMatch(/paket|package/);
      expect(own).toMatch(lang === 'tr' ? /doğrudan o firma faturalandırır/ : /bills you directly/);
      expect(ours).toMatch(lang === 'tr' ? /biz faturalandırırız/ : /we bill it/);
    }
  });

  it('drops the subscriptions the old sync opened for self-service companies, keeping one that was paid', async () => {
    const opened = await company('self');
    const paid = await company('self');
    // As the sync before migration 0039 did for every formed company.
    const [a, b] = await db()
      .insert(subscriptions)
      .values(
        [opened, paid].map((c) => ({
          userId: c.id,
          product: 'registered_agent' as const,
          state: 'Wyoming',
          periodStart: c.formedOn,
          periodEnd: addDays(c.formedOn, 365),
          priceCents: 12_500,
        })),
      )
      .returning();
    await db().insert(orders).values({
      userId: paid.id,
      kind: 'renewal',
      subscriptionId: b.id,
      renewsFrom: b.periodEnd,
      title: 'Yenileme',
      amountCents: 12_500,
      provider: 'local',
      status: 'paid',
      paidAt: new Date(),
    });
    const result = await db().execute<{ n: number }>(sql`select subscriptions_drop_unowned_agents() as n`);
    expect(Number(result.rows[0].n)).toBeGreaterThanOrEqual(1);
    expect(await agentSubscriptions(opened.id)).toEqual([]);
    expect((await agentSubscriptions(paid.id)).map((s) => s.id)).toEqual([b.id]);
    expect(a.id).not.toBe(b.id);
    // Its calendar row is the formation anniversary again, and nothing was charged.
    const rows = await db()
      .select({ due: complianceSchedule.dueDate })
      .from(complianceSchedule)
      .where(and(eq(complianceSchedule.userId, opened.id), eq(complianceSchedule.ruleId, 'registered_agent_renewal')));
    expect(rows.map((r) => r.due)).toEqual([addDays(opened.formedOn, 365)]);
    expect(await db().select().from(orders).where(eq(orders.userId, opened.id))).toEqual([]);
  });
});

describe('facts on the staff desks (decision 0073)', () => {
  it('shows the operator the Delaware watch note on the deadlines desk, to check before 1 June 2027', async () => {
    const res = await admin.get('/api/admin/compliance/deadlines?days=30');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.watchNotes).toEqual([
      expect.objectContaining({
        id: 'delaware_llc_tax_400',
        ruleId: 'delaware_llc_annual_tax',
        checkBy: '2027-06-01',
        reportedCents: 40_000,
        shownCents: 30_000,
      }),
    ]);
    expect(
      translate('en', 'compliance.admin.watch.delaware_llc_tax_400', { reported: '$400.00', shown: '$300.00' }),
    ).toMatch(/\$400\.00 rate from tax year 2026.*not confirmed/);
  });

  it('gives staff the IRS fax number and Ogden address on a Form 5472 filing', async () => {
    const customer = await signedInCustomer(t);
    const filing = await filingOf(t, customer.id, 'signed');
    const res = await admin.get(`/api/admin/filings/${filing.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.filing.sendTo).toEqual({
      fax: { number: '855-887-7737', e164: '+18558877737' },
      mail: ['Internal Revenue Service', '1973 Rulon White Blvd, M/S 6112', 'Attn: PIN Unit', 'Ogden, UT 84201'],
      source: { url: 'https://www.irs.gov/instructions/i5472', checked: '2026-11-28' },
      check: { kind: 'third_party', row: '6g' },
    });
  });
});
