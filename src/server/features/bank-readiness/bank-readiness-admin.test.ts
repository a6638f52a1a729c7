import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffMember,
  createTestApp,
  nextSecondFactorCode,
  signedInCustomer,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { auditEvents, users } from '../../db/schema';
import { bankReadyCompany, HOME_IN_TURKEY } from './bank-readiness.fixtures';

let t: TestApp;
let ops: TestClient;
let support: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  ops = (await createStaffMember(t, 'operations')).c;
  support = (await createStaffMember(t, 'support')).c;
});
afterAll(async () => {
  await t?.close();
});

describe('the bank catalogue in the back office (decision 0085)', () => {
  it('lists every rule with its sources and checked day, none stale on the day of the check', async () => {
    const res = await ops.get('/api/admin/bank-readiness/rules');
    expect(res.status).toBe(200);
    const relay = res.body.rules.find((r: any) => r.provider === 'relay' && r.key === 'address.owner_home');
    expect(relay).toMatchObject({ checkedOn: '2026-11-28', disagree: true, withdrawn: false });
    expect(relay.sources.length).toBeGreaterThan(1);
    expect(res.body.maxAgeDays).toBe(180);
  });

  it('withdraws a rule (the check then asks the customer to ask the bank) with an audit row', async () => {
    const founder = await signedInCustomer(t);
    await bankReadyCompany(t, founder.id);
    await founder.c.request('PUT', '/api/bank-readiness/addresses/owner_home', HOME_IN_TURKEY);
    await founder.c.request('PUT', '/api/bank-readiness/addresses/physical', HOME_IN_TURKEY);
    const res = await ops.request('PUT', '/api/admin/bank-readiness/rules/mercury/address.physical', {
      checkedOn: null,
      withdrawn: true,
      note: 'Page moved',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const audit = await t.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bank.rule_changed'), eq(auditEvents.entityId, 'mercury:address.physical')));
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ withdrawn: true, note: 'Page moved' });
    const mercury = (await founder.c.get('/api/bank-readiness')).body.checks.find((c: any) => c.provider === 'mercury');
    expect(mercury.reasons.some((r: any) => r.code === 'address_rules_unknown' || r.role === 'physical')).toBe(false);
    // Restored: re-checked on a day.
    await ops.request('PUT', '/api/admin/bank-readiness/rules/mercury/address.physical', {
      checkedOn: '2026-11-28',
      withdrawn: false,
    });
    const rules = (await ops.get('/api/admin/bank-readiness/rules')).body.rules;
    expect(rules.find((r: any) => r.provider === 'mercury' && r.key === 'address.physical').withdrawn).toBe(false);
  });

  it('refuses a checked day after today, and changes nothing', async () => {
    const res = await ops.request('PUT', '/api/admin/bank-readiness/rules/wise/review', {
      checkedOn: '2999-01-01',
      withdrawn: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ checkedOn: 'bankReadiness.validation.checkedInFuture' });
    const rules = (await ops.get('/api/admin/bank-readiness/rules')).body.rules;
    expect(rules.find((r: any) => r.provider === 'wise' && r.key === 'review').checkedOn).toBe('2026-11-28');
    const audit = await t.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bank.rule_changed'), eq(auditEvents.entityId, 'wise:review')));
    expect(audit).toHaveLength(0);
  });

  it('refuses an unknown rule with 404 and a role without the permission with 403', async () => {
    const body = { checkedOn: '2026-11-28', withdrawn: false };
    expect((await ops.request('PUT', '/api/admin/bank-readiness/rules/payoneer/address.legal', body)).status).toBe(404);
    expect((await support.request('PUT', '/api/admin/bank-readiness/rules/mercury/ssn', body)).status).toBe(403);
    expect((await support.get('/api/admin/bank-readiness/rules')).status).toBe(403);
  });

  it("gives the home's figures: answers per provider and the common refusal reasons", async () => {
    const founder = await signedInCustomer(t);
    await bankReadyCompany(t, founder.id);
    for (const provider of ['relay', 'relay', 'wise']) {
      await founder.c.post('/api/bank-readiness/applications', {
        provider,
        outcome: 'refused',
        reason: ' Owner must have a US address',
        decidedOn: '2026-11-20',
      });
    }
    const res = await support.get('/api/admin/bank-readiness/summary');
    expect(res.status).toBe(200);
    expect(res.body.providers.find((p: any) => p.provider === 'relay').refused).toBeGreaterThanOrEqual(2);
    expect(res.body.reasons[0]).toMatchObject({ reason: 'owner must have a us address' });
    expect(res.body.staleRules).toBe(0);
  });

  it("shows support a customer's bank history on the customer file", async () => {
    const founder = await signedInCustomer(t);
    await bankReadyCompany(t, founder.id);
    const res = await support.get(`/api/admin/bank-readiness/customers/${founder.id}`);
    expect(res.status).toBe(200);
    expect(res.body.checks).toHaveLength(6);
  });
});

describe('the list of bank applications (decision 0091)', () => {
  let founderId: string;
  beforeAll(async () => {
    const founder = await signedInCustomer(t);
    founderId = founder.id;
    await bankReadyCompany(t, founder.id, { name: 'Kıyı Çözüm Yazılım LLC' });
    await t.deps.database.db.update(users).set({ name: 'Ayşe Şimşekoğlu' }).where(eq(users.id, founder.id));
    const answers = [
      { provider: 'mercury', outcome: 'refused', reason: '  Virtual Address Not Accepted ' },
      { provider: 'relay', outcome: 'refused', reason: 'virtual address not accepted' },
      { provider: 'wise', outcome: 'approved' },
      { provider: 'relay', outcome: 'more_info', reason: 'Send a utility bill' },
    ];
    for (const a of answers) {
      const res = await founder.c.post('/api/bank-readiness/applications', { ...a, decidedOn: '2026-11-21' });
      expect(res.status).toBe(201);
    }
  });

  const list = async (query: string) => {
    const res = await ops.get(`/api/admin/bank-readiness/applications?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('finds a customer by name and a company by name, Turkish letters folded, newest first', async () => {
    const byName = await list('q=SIMSEKOGLU');
    expect(byName.items.map((r: any) => r.provider)).toEqual(['relay', 'wise', 'relay', 'mercury']);
    expect(byName.items[0]).toMatchObject({ userId: founderId, businessName: 'Kıyı Çözüm Yazılım LLC' });
    expect(byName.totalKind).toBe('exact');
    const byCompany = await list(`q=${encodeURIComponent('kiyi cozum')}`);
    expect(byCompany.total).toBe(4);
    expect((await list('q=nobody-by-this-name')).items).toEqual([]);
  });

  it('filters by provider and answer, and by a refusal reason as the home folds it', async () => {
    expect((await list('q=simsekoglu&provider=relay')).total).toBe(2);
    expect((await list('q=simsekoglu&outcome=approved')).items.map((r: any) => r.provider)).toEqual(['wise']);
    // The home's reason figure and the list behind it count the same rows.
    const summary = (await support.get('/api/admin/bank-readiness/summary')).body;
    const figure = summary.reasons.find((r: any) => r.reason === 'virtual address not accepted');
    expect(figure.n).toBeGreaterThanOrEqual(2);
    const behind = await list(`outcome=refused&reason=${encodeURIComponent(figure.reason)}`);
    expect(behind.total).toBe(figure.n);
    // A reason only filters refusals: the "more information" answer's text is not a refusal reason.
    expect((await list(`reason=${encodeURIComponent('send a utility bill')}`)).total).toBe(0);
  });

  it('refuses an unknown provider or answer with a clear error', async () => {
    const res = await ops.get('/api/admin/bank-readiness/applications?provider=chase');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect((await ops.get('/api/admin/bank-readiness/applications?outcome=maybe')).status).toBe(400);
  });

  it('lets support read the list, not export it; operations export it in both dialects', async () => {
    expect((await support.get('/api/admin/bank-readiness/applications')).status).toBe(200);
    expect((await support.get('/api/admin/bank-readiness/applications/export.csv')).status).toBe(403);
    const { c: opsFresh, email } = await createStaffMember(t, 'operations');
    await opsFresh.post('/api/me/two-factor/verify', { code: nextSecondFactorCode(email) });
    const csv = await opsFresh.get('/api/admin/bank-readiness/applications/export.csv?q=simsekoglu&provider=relay');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/bank-applications-\d{4}-\d{2}-\d{2}\.csv/);
    const text = String(csv.body);
    expect(text.split('\n')[0]).toContain('Answered on,Provider,Answer,Reason');
    expect(text).toContain('Kıyı Çözüm Yazılım LLC');
    expect(text).not.toContain('Wise');
    const tr = await opsFresh.get('/api/admin/bank-readiness/applications/export.csv?q=simsekoglu&format=excel-tr');
    expect(String(tr.body)).toContain('Yanıt tarihi;Sağlayıcı;Yanıt;Gerekçe');
    expect(String(tr.body)).toContain('Reddedildi');
  });
});
