import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, signUpAdmin, type TestApp } from '../../../../tests/support/test-app';
import { auditEvents, companyFormations, formationFeedback, userProfiles } from '../../db/schema';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const db = () => t.deps.database.db;

/** A signed-up customer: the client (cookie jar) and the user's id. */
const customer = () => signedInCustomer(t);

async function formationsOf(userId: string) {
  return db().select().from(companyFormations).where(eq(companyFormations.userId, userId));
}

async function feedbackOf(userId: string) {
  return db().select().from(formationFeedback).where(eq(formationFeedback.userId, userId));
}

async function auditOf(userId: string, action: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.action, action)));
}

const SELF = { formationType: 'self', businessMotivation: 'E-ticaret', addressPreference: 'private' };
const ASSISTED = { formationType: 'assisted', phoneNumber: '+90 532 123 45 67', businessMotivation: '  ' };

describe('POST /api/formations', () => {
  it('creates a self-service formation at preparation, mirrors the profile and audits', async () => {
    const { c, id } = await customer();
    const res = await c.post('/api/formations', SELF);
    expect(res.status).toBe(201);
    expect(res.body.formation).toMatchObject({
      companyFormationPreference: 'self',
      phoneNumber: null,
      businessMotivation: 'E-ticaret',
      businessAddressPreference: 'private_address',
      formationStatus: 'preparation',
      stage: 1,
      paymentStatus: 'pending',
      businessName: null,
      stateSelected: null,
    });
    expect(new Date(res.body.formation.createdAt).toISOString()).toBe(res.body.formation.createdAt);
    const rows = await formationsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(res.body.formation.id);
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, id));
    expect(profile).toMatchObject({ formationPreference: 'self', formationStatus: 'preparation' });
    const audit = await auditOf(id, 'formation.created');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: id, entityType: 'company_formation', entityId: rows[0].id });
    // The user now belongs on the dashboard.
    expect((await c.get('/api/me')).body).toMatchObject({ hasFormation: true, home: '/dashboard' });
  });

  it('defaults a self-service address to shared_address', async () => {
    const { c } = await customer();
    const res = await c.post('/api/formations', { formationType: 'self' });
    expect(res.status).toBe(201);
    expect(res.body.formation).toMatchObject({
      businessAddressPreference: 'shared_address',
      businessMotivation: null,
      phoneNumber: null,
    });
  });

  it('stores an assisted formation as service with the phone, no address and a blank motivation as null', async () => {
    const { c, id } = await customer();
    const res = await c.post('/api/formations', { ...ASSISTED, addressPreference: 'private' });
    expect(res.status).toBe(201);
    expect(res.body.formation).toMatchObject({
      companyFormationPreference: 'service',
      phoneNumber: '+90 532 123 45 67',
      businessMotivation: null,
      businessAddressPreference: null,
    });
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, id));
    expect(profile.formationPreference).toBe('service');
  });

  it('drops the phone number of a self-service formation', async () => {
    const { c } = await customer();
    const res = await c.post('/api/formations', { ...SELF, phoneNumber: '+1 555 123 4567' });
    expect(res.status).toBe(201);
    expect(res.body.formation.phoneNumber).toBeNull();
  });

  it.each([
    { body: { formationType: 'assisted' }, field: 'phoneNumber', key: 'validation.phoneRequiredAssisted' },
    {
      body: { formationType: 'assisted', phoneNumber: '   ' },
      field: 'phoneNumber',
      key: 'validation.phoneRequiredAssisted',
    },
    {
      body: { formationType: 'assisted', phoneNumber: 'call me' },
      field: 'phoneNumber',
      key: 'validation.phoneInvalid',
    },
    { body: {}, field: 'formationType', key: 'validation.formationTypeRequired' },
    { body: { formationType: 'company' }, field: 'formationType', key: 'validation.formationTypeRequired' },
    {
      body: { formationType: 'self', addressPreference: 'castle' },
      field: 'addressPreference',
      key: 'validation.invalid',
    },
    {
      body: { formationType: 'self', businessMotivation: 'long'.repeat(501) },
      field: 'businessMotivation',
      key: 'validation.textTooLong',
    },
  ])('refuses case %# with 400 naming $field, and writes nothing', async ({ body, field, key }) => {
    const { c, id } = await customer();
    const res = await c.post('/api/formations', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(key);
    expect(await formationsOf(id)).toHaveLength(0);
    expect(await auditOf(id, 'formation.created')).toHaveLength(0);
  });

  it('refuses a second formation with 409 FORMATION_EXISTS and keeps the first', async () => {
    const { c, id } = await customer();
    const first = await c.post('/api/formations', SELF);
    expect(first.status).toBe(201);
    const second = await c.post('/api/formations', ASSISTED);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('FORMATION_EXISTS');
    const rows = await formationsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].companyFormationPreference).toBe('self');
    expect(await auditOf(id, 'formation.created')).toHaveLength(1);
  });

  it('makes exactly one formation out of 5 concurrent creates', async () => {
    const { c, id } = await customer();
    const results = await Promise.all(Array.from({ length: 5 }, () => c.post('/api/formations', SELF)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('FORMATION_EXISTS');
    expect(await formationsOf(id)).toHaveLength(1);
    expect(await auditOf(id, 'formation.created')).toHaveLength(1);
  });

  it('refuses admins with 403: admins do not form companies', async () => {
    const c = t.client();
    const { res: signed } = await signUpAdmin(c);
    expect(signed.status).toBe(201);
    const res = await c.post('/api/formations', SELF);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(await formationsOf(signed.body.user.id)).toHaveLength(0);
  });
});

describe('GET /api/formations/me', () => {
  it('returns the own formation with its stage and a null EIN summary', async () => {
    const { c } = await customer();
    const created = await c.post('/api/formations', SELF);
    const res = await c.get('/api/formations/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      formation: created.body.formation,
      einApplication: null,
      // Decision 0016's timeline (its own tests: timeline/stage-history.test.ts).
      timeline: { formation: expect.objectContaining({ current: 'preparation' }), ein: null },
      // Decision 0019's completion card: only once the process is complete (ein/ein-number.test.ts).
      guidesDone: null,
    });
  });

  it('is 404 without a formation, even when another customer has one', async () => {
    const a = await customer();
    expect((await a.c.post('/api/formations', SELF)).status).toBe(201);
    const b = await customer();
    const res = await b.c.get('/api/formations/me');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/formations/me/guide-completion', () => {
  it('on yes: stores feedback, moves to formation_completed with the state, mirrors the profile, audits', async () => {
    const { c, id } = await customer();
    const created = await c.post('/api/formations', SELF);
    const res = await c.post('/api/formations/me/guide-completion', {
      isFormationComplete: true,
      state: 'Wyoming',
      difficulties: ' İsim kontrolü ',
      issues: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.formation).toMatchObject({
      id: created.body.formation.id,
      formationStatus: 'formation_completed',
      stage: 2,
      stateSelected: 'Wyoming',
    });
    const feedback = await feedbackOf(id);
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({
      isFormationComplete: true,
      state: 'Wyoming',
      difficulties: 'İsim kontrolü',
      issues: null,
      reason: null,
    });
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, id));
    expect(profile.formationStatus).toBe('formation_completed');
    const audit = await auditOf(id, 'formation.status_changed');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: id,
      actorRole: 'customer',
      entityType: 'company_formation',
      entityId: created.body.formation.id,
      before: { formationStatus: 'preparation' },
      after: { formationStatus: 'formation_completed', stateSelected: 'Wyoming' },
    });
    expect((await c.get('/api/formations/me')).body.formation.formationStatus).toBe('formation_completed');
  });

  it('on no: stores only the feedback; the status stays and no status audit is written', async () => {
    const { c, id } = await customer();
    await c.post('/api/formations', SELF);
    const res = await c.post('/api/formations/me/guide-completion', {
      isFormationComplete: false,
      reason: 'Henüz eyalet seçmedim',
    });
    expect(res.status).toBe(200);
    expect(res.body.formation).toMatchObject({ formationStatus: 'preparation', stage: 1, stateSelected: null });
    const feedback = await feedbackOf(id);
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({ isFormationComplete: false, reason: 'Henüz eyalet seçmedim', state: null });
    expect(await auditOf(id, 'formation.status_changed')).toHaveLength(0);
  });

  it('refuses a second yes with 409 INVALID_TRANSITION and writes nothing', async () => {
    const { c, id } = await customer();
    await c.post('/api/formations', SELF);
    expect(
      (await c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' })).status,
    ).toBe(200);
    const again = await c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Florida' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVALID_TRANSITION');
    expect(await feedbackOf(id)).toHaveLength(1);
    expect(await auditOf(id, 'formation.status_changed')).toHaveLength(1);
    const [row] = await formationsOf(id);
    expect(row).toMatchObject({ formationStatus: 'formation_completed', stateSelected: 'Wyoming' });
  });

  it('refuses a yes once the formation is further along (ein_created)', async () => {
    const { c, id } = await customer();
    await c.post('/api/formations', SELF);
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'ein_created' })
      .where(eq(companyFormations.userId, id));
    const res = await c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Delaware' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INVALID_TRANSITION');
    expect(await feedbackOf(id)).toHaveLength(0);
    const [row] = await formationsOf(id);
    expect(row).toMatchObject({ formationStatus: 'ein_created', stateSelected: null });
  });

  it.each([
    { body: {}, field: 'isFormationComplete', key: 'validation.completedChoiceRequired' },
    { body: { isFormationComplete: 'yes' }, field: 'isFormationComplete', key: 'validation.completedChoiceRequired' },
    { body: { isFormationComplete: true }, field: 'state', key: 'validation.stateSelectRequired' },
    { body: { isFormationComplete: true, state: 'Ontario' }, field: 'state', key: 'validation.stateSelectRequired' },
    {
      body: { isFormationComplete: false, reason: 'long'.repeat(501) },
      field: 'reason',
      key: 'validation.textTooLong',
    },
  ])('refuses case %# with 400 naming $field, and writes nothing', async ({ body, field, key }) => {
    const { c, id } = await customer();
    await c.post('/api/formations', SELF);
    const res = await c.post('/api/formations/me/guide-completion', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(key);
    expect(await feedbackOf(id)).toHaveLength(0);
    expect((await formationsOf(id))[0].formationStatus).toBe('preparation');
  });

  it("is 404 without a formation and never touches another customer's row", async () => {
    const a = await customer();
    await a.c.post('/api/formations', SELF);
    const b = await customer();
    const res = await b.c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(await feedbackOf(b.id)).toHaveLength(0);
    expect(await feedbackOf(a.id)).toHaveLength(0);
    expect((await formationsOf(a.id))[0]).toMatchObject({ formationStatus: 'preparation', stateSelected: null });
  });

  it('lets only one of two concurrent yes answers through', async () => {
    const { c, id } = await customer();
    await c.post('/api/formations', SELF);
    const body = { isFormationComplete: true, state: 'Wyoming' };
    const results = await Promise.all([
      c.post('/api/formations/me/guide-completion', body),
      c.post('/api/formations/me/guide-completion', body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await feedbackOf(id)).toHaveLength(1);
    expect(await auditOf(id, 'formation.status_changed')).toHaveLength(1);
  });
});
