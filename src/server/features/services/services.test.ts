import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  createTestApp,
  signedInCustomer,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { auditEvents, orders, services } from '../../db/schema';
import { EXAMPLE_SERVICES, seedExampleServices } from './services.seed';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
});

const db = () => t.deps.database.db;
const VALID = { title: 'Form 5472 Beyanı', description: 'Yıllık beyan', priceCents: 34_900 };

describe('admin services', () => {
  it('creates, lists newest first, edits, toggles and deletes a service, with audit rows', async () => {
    const created = await admin.post('/api/admin/services', { ...VALID, titleEn: 'Form 5472 filing' });
    expect(created.status).toBe(201);
    const id = created.body.service.id as string;
    expect(created.body.service).toMatchObject({
      ...VALID,
      titleEn: 'Form 5472 filing',
      descriptionEn: null,
      isActive: true,
    });
    const second = await admin.post('/api/admin/services', { ...VALID, title: 'İkinci' });
    const list = await admin.get('/api/admin/services');
    expect(list.body.stripePriceIdRequired).toBe(false);
    const ids = list.body.services.map((s: { id: string }) => s.id);
    expect(ids.indexOf(second.body.service.id)).toBeLessThan(ids.indexOf(id));

    const edited = await admin.patch(`/api/admin/services/${id}`, { title: 'Form 5472 ve 1120', priceCents: 39_900 });
    expect(edited.body.service).toMatchObject({
      title: 'Form 5472 ve 1120',
      priceCents: 39_900,
      description: VALID.description,
    });
    const off = await admin.patch(`/api/admin/services/${id}`, { isActive: false });
    expect(off.body.service.isActive).toBe(false);
    expect((await t.client().get('/api/services')).body.services.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await t.client().get(`/api/services/${id}`)).body.error.code).toBe('SERVICE_NOT_FOUND');

    expect((await admin.request('DELETE', `/api/admin/services/${id}`)).body).toEqual({ outcome: 'deleted' });
    expect(await db().select().from(services).where(eq(services.id, id))).toEqual([]);
    const actions = (await db().select().from(auditEvents).where(eq(auditEvents.entityId, id))).map((a) => a.action);
    expect(actions.sort()).toEqual(['service.created', 'service.deleted', 'service.updated', 'service.updated']);
  });

  it('sets the compliance rules a service files, checked against the catalogue (decisions 0052, 0058)', async () => {
    const created = await admin.post('/api/admin/services', {
      ...VALID,
      complianceRules: ['wyoming_annual_report', 'texas_public_information_report', 'wyoming_annual_report'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.service.id as string;
    expect(created.body.service.complianceRules).toEqual(['wyoming_annual_report', 'texas_public_information_report']);
    // A service made without them files nothing; an edit that leaves them out keeps them.
    expect((await admin.post('/api/admin/services', VALID)).body.service.complianceRules).toEqual([]);
    expect(
      (await admin.patch(`/api/admin/services/${id}`, { priceCents: 1_000 })).body.service.complianceRules,
    ).toEqual(['wyoming_annual_report', 'texas_public_information_report']);

    // An id the catalogue does not have, or one that never falls due: a translated 400, nothing changed.
    for (const rules of [['wyoming_annual_report', 'mars_annual_report'], ['new_mexico_annual_report'], 'x']) {
      const refused = await admin.request(
        'PATCH',
        `/api/admin/services/${id}`,
        { title: 'Değişmemeli', complianceRules: rules },
        { 'accept-language': 'en' },
      );
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { complianceRules: 'validation.complianceRuleUnknown' },
      });
      expect(refused.body.error.message).not.toMatch(/^errors\./);
    }
    const newRefused = await admin.post('/api/admin/services', { ...VALID, complianceRules: ['unknown_rule'] });
    expect(newRefused.status).toBe(400);
    const [row] = await db().select().from(services).where(eq(services.id, id));
    expect(row).toMatchObject({
      title: VALID.title,
      complianceRules: ['wyoming_annual_report', 'texas_public_information_report'],
    });

    const cleared = await admin.patch(`/api/admin/services/${id}`, { complianceRules: [] });
    expect(cleared.body.service.complianceRules).toEqual([]);
  });

  it('deactivates instead of deleting a service that has orders', async () => {
    const id = (await admin.post('/api/admin/services', VALID)).body.service.id as string;
    const buyer = await signedInCustomer(t);
    expect((await buyer.c.post('/api/payments/checkout', { serviceId: id })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/services/${id}`)).body).toEqual({ outcome: 'deactivated' });
    const [row] = await db().select().from(services).where(eq(services.id, id));
    expect(row.isActive).toBe(false);
    expect((await db().select().from(orders).where(eq(orders.serviceId, id))).length).toBe(1);
    const listed = (await admin.get('/api/admin/services?status=inactive')).body.services;
    expect(listed.find((s: { id: string }) => s.id === id)?.orderCount).toBe(1);
  });

  it.each([
    [{ ...VALID, title: '  ' }, 'title', 'validation.serviceTitleRequired'],
    [{ ...VALID, description: '' }, 'description', 'validation.serviceDescriptionRequired'],
    [{ ...VALID, priceCents: 0 }, 'priceCents', 'validation.servicePriceRequired'],
    [{ ...VALID, priceCents: 12.345 }, 'priceCents', 'validation.servicePriceRequired'],
    [{ ...VALID, priceCents: '100' }, 'priceCents', 'validation.servicePriceRequired'],
  ])('refuses case %# naming the field, and writes nothing', async (body, field, key) => {
    const before = (await db().select().from(services)).length;
    const res = await admin.post('/api/admin/services', body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(key);
    expect((await db().select().from(services)).length).toBe(before);
  });

  it('searches the texts with Turkish letters folded', async () => {
    await admin.post('/api/admin/services', { ...VALID, title: 'Şirket İptali (Dissolution)' });
    const found = await admin.get(`/api/admin/services?q=${encodeURIComponent('sirket iptali')}`);
    expect(found.body.services.map((s: { title: string }) => s.title)).toEqual(['Şirket İptali (Dissolution)']);
  });
});

describe('with real Stripe configured', () => {
  it('requires a Stripe price id', async () => {
    const app = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    try {
      const a = app.client();
      await signUpAdmin(a);
      expect((await a.get('/api/admin/services')).body.stripePriceIdRequired).toBe(true);
      const res = await a.post('/api/admin/services', VALID);
      expect(res.body.error.fields).toEqual({ stripePriceId: 'validation.stripePriceIdRequired' });
      expect((await a.post('/api/admin/services', { ...VALID, stripePriceId: 'price_123' })).status).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('the public catalogue', () => {
  it('lists active services oldest first, without admin fields', async () => {
    const res = await t.client().get('/api/services');
    expect(res.status).toBe(200);
    const times = res.body.services.map((s: { createdAt: string }) => s.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(res.body.services[0]).not.toHaveProperty('stripePriceId');
    expect(res.body.services[0]).not.toHaveProperty('isActive');
  });

  it('answers SERVICE_NOT_FOUND for a malformed id', async () => {
    expect((await t.client().get('/api/services/not-a-uuid')).status).toBe(404);
  });
});

describe('the example services', () => {
  it('are added to a brand-new database only, in both languages', async () => {
    const app = await createTestApp();
    try {
      expect(await seedExampleServices(app.deps.database.db)).toBe(EXAMPLE_SERVICES.length);
      const listed = (await app.client().get('/api/services')).body.services;
      expect(listed.map((s: { title: string }) => s.title)).toEqual(EXAMPLE_SERVICES.map((s) => s.title));
      expect(listed.every((s: { titleEn: string | null }) => s.titleEn)).toBe(true);
      // Deleted by the operator after someone signed up: they stay deleted.
      await signedInCustomer(app);
      await app.deps.database.db.delete(services);
      expect(await seedExampleServices(app.deps.database.db)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
