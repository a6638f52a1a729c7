import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { auditEvents, companyFormations, formationServiceRequests, orders } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  // No Stripe keys: checkout opens the local TEST MODE checkout (payments.test.ts covers Stripe).
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;

async function customer(opts: { formation?: boolean } = {}): Promise<{ c: TestClient; id: string }> {
  const c = t.client();
  const { res } = await signUp(c);
  expect(res.status).toBe(201);
  if (opts.formation !== false) {
    expect((await c.post('/api/formations', { formationType: 'assisted', phoneNumber: '+905321234567' })).status).toBe(
      201,
    );
  }
  return { c, id: res.body.user.id };
}

const put = (c: TestClient, body: unknown) => c.request('PUT', '/api/formation-service/draft', body);

async function draftsOf(userId: string) {
  return db().select().from(formationServiceRequests).where(eq(formationServiceRequests.userId, userId));
}

async function checkoutAudits(userId: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.action, 'formation_service.checkout_started')));
}

const CHOICES = { packageSelected: 'formation_only', stateSelected: 'Wyoming', businessAddress: 'shared_address' };

describe('GET /api/formation-service/draft', () => {
  it('answers a null draft and the formation status before anything is saved', async () => {
    const { c } = await customer();
    const res = await c.get('/api/formation-service/draft');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ draft: null, purchase: null, formationStatus: 'preparation' });
  });

  it('tells the wizard when the formation is already formation_completed', async () => {
    const { c, id } = await customer();
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'formation_completed' })
      .where(eq(companyFormations.userId, id));
    expect((await c.get('/api/formation-service/draft')).body.formationStatus).toBe('formation_completed');
  });

  it('is 409 FORMATION_REQUIRED without a formation record', async () => {
    const { c } = await customer({ formation: false });
    const res = await c.get('/api/formation-service/draft');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('FORMATION_REQUIRED');
  });
});

describe('PUT /api/formation-service/draft', () => {
  it('inserts, then updates the same row; GET restores the saved values', async () => {
    const { c, id } = await customer();
    const first = await put(c, { packageSelected: 'formation_with_payment', stateType: 'recommended' });
    expect(first.status).toBe(200);
    expect(first.body.draft).toMatchObject({
      packageSelected: 'formation_with_payment',
      stateType: 'recommended',
      stateSelected: null,
      businessAddress: null,
      documentsReady: false,
      paymentStatus: 'pending',
    });
    const second = await put(c, { stateType: 'other', stateSelected: 'Texas', businessAddress: 'private_address' });
    expect(second.status).toBe(200);
    expect(second.body.draft).toMatchObject({
      packageSelected: 'formation_with_payment',
      stateType: 'other',
      stateSelected: 'Texas',
      businessAddress: 'private_address',
    });
    expect(await draftsOf(id)).toHaveLength(1);
    const got = await c.get('/api/formation-service/draft');
    expect(got.status).toBe(200);
    expect(got.body.draft).toEqual(second.body.draft);
  });

  it('clears a field sent as null and resets documentsReady on every save', async () => {
    const { c, id } = await customer();
    await put(c, { packageSelected: 'formation_only', stateSelected: 'Florida' });
    await db()
      .update(formationServiceRequests)
      .set({ documentsReady: true })
      .where(eq(formationServiceRequests.userId, id));
    const res = await put(c, { stateSelected: null });
    expect(res.body.draft).toMatchObject({
      packageSelected: 'formation_only',
      stateSelected: null,
      documentsReady: false,
    });
  });

  it('makes one row out of concurrent saves', async () => {
    const { c, id } = await customer();
    const results = await Promise.all(
      ['Wyoming', 'Florida', 'Delaware', 'Texas'].map((s) => put(c, { stateSelected: s })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await draftsOf(id)).toHaveLength(1);
  });

  it.each([
    { body: { packageSelected: 'gold' }, field: 'packageSelected' },
    { body: { stateType: 'nearby' }, field: 'stateType' },
    { body: { stateSelected: 'Ontario' }, field: 'stateSelected', key: 'validation.stateInvalid' },
    { body: { businessAddress: 'po_box' }, field: 'businessAddress' },
  ])('refuses case %# with 400 naming $field, and writes nothing', async ({ body, field, key }) => {
    const { c, id } = await customer();
    const res = await put(c, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(key ?? 'validation.invalid');
    expect(await draftsOf(id)).toHaveLength(0);
  });

  it("keeps each customer's draft to themselves", async () => {
    const a = await customer();
    const b = await customer();
    await put(a.c, { packageSelected: 'formation_with_payment', stateSelected: 'Wyoming' });
    expect((await b.c.get('/api/formation-service/draft')).body.draft).toBeNull();
    await put(b.c, { packageSelected: 'formation_only' });
    const [aRow] = await draftsOf(a.id);
    expect(aRow).toMatchObject({ packageSelected: 'formation_with_payment', stateSelected: 'Wyoming' });
  });

  it('is 409 FORMATION_REQUIRED without a formation record, and writes nothing', async () => {
    const { c, id } = await customer({ formation: false });
    const res = await put(c, { packageSelected: 'formation_only' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('FORMATION_REQUIRED');
    expect(await draftsOf(id)).toHaveLength(0);
  });
});

describe('POST /api/formation-service/checkout', () => {
  it('saves the choices and answers a checkout for the package, with a pending order and an audit row', async () => {
    const { c, id } = await customer();
    const res = await c.post('/api/formation-service/checkout', CHOICES);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^http:\/\/localhost:3000\/payment\/test-checkout\/cs_test_local_\w+$/);
    const [order] = await db().select().from(orders).where(eq(orders.userId, id));
    expect(order).toMatchObject({
      kind: 'formation_package',
      packageId: 'formation_only',
      amountCents: 38_900,
      status: 'pending',
    });
    const [row] = await draftsOf(id);
    expect(row).toMatchObject({ ...CHOICES, documentsReady: false });
    const audit = await checkoutAudits(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: id, entityType: 'formation_service_request', entityId: row.id });
  });

  it('prices Premium with a private address at $589 + $100 from the catalogue', async () => {
    const { c, id } = await customer();
    const res = await c.post('/api/formation-service/checkout', {
      ...CHOICES,
      packageSelected: 'formation_with_payment',
      businessAddress: 'private_address',
    });
    expect(res.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.userId, id));
    expect(order).toMatchObject({
      packageId: 'formation_with_payment',
      addressOption: 'private_address',
      amountCents: 68_900,
    });
  });

  it.each([
    { body: { ...CHOICES, packageSelected: undefined }, field: 'packageSelected', key: 'validation.packageRequired' },
    { body: { ...CHOICES, packageSelected: 'gold' }, field: 'packageSelected', key: 'validation.packageRequired' },
    { body: { ...CHOICES, stateSelected: undefined }, field: 'stateSelected', key: 'validation.stateSelectRequired' },
    { body: { ...CHOICES, stateSelected: 'Ontario' }, field: 'stateSelected', key: 'validation.stateInvalid' },
    {
      body: { ...CHOICES, businessAddress: undefined },
      field: 'businessAddress',
      key: 'validation.addressOptionRequired',
    },
  ])('refuses case %# with 400 naming $field, and writes nothing', async ({ body, field, key }) => {
    const { c, id } = await customer();
    const res = await c.post('/api/formation-service/checkout', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(key);
    expect(await draftsOf(id)).toHaveLength(0);
  });

  it('is 409 FORMATION_REQUIRED without a formation record', async () => {
    const { c, id } = await customer({ formation: false });
    const res = await c.post('/api/formation-service/checkout', CHOICES);
    expect(res.status).toBe(409);
    expect(await draftsOf(id)).toHaveLength(0);
  });
});
