import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../tests/support/api-test';
import { changedTables, tableCounter } from '../../../tests/support/table-counts';
import {
  GOOD_PASSWORD,
  signedInCustomer,
  signUp,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../tests/support/test-app';
import { TEXT_MAX } from '../../shared/schemas/text';
import { bankAccountFeedback, einApplications, formationFeedback } from '../db/schema';
import { helpers } from '../features/ein/ein.fixtures';

/**
 * Text PostgreSQL or JSON cannot store as sent (NUL, lone surrogates) and text past a field's bound
 * are refused with 400 naming the field, before anything reaches the database.
 */
const test = apiTest;
let t: TestApp;
let count: () => Promise<Record<string, number>>;
let admin: TestClient;
let ipCounter = 0;
test.beforeAll(async ({ app }) => {
  t = app;
  count = await tableCounter(t.deps.database.db);
  admin = t.client({ ip: '198.51.100.200' });
  expect((await signUpAdmin(admin)).res.status).toBe(201);
});

/** Each sign-up from its own address, so the sign-up rate limit stays out of the way. */
const freshClient = () => t.client({ ip: `198.51.100.${++ipCounter}` });
const { applicant, completedCustomer } = helpers(() => t);

/** Counted refusals are the point of the rate-limit table; nothing else may change. */
const COUNTS_REFUSALS = new Set(['rate_limit_counters']);

const BAD = [
  { label: 'a NUL byte', value: 'ok\u0000ok', key: 'validation.invalidCharacters' },
  { label: 'a lone surrogate', value: 'ok\ud800ok', key: 'validation.invalidCharacters' },
  { label: 'a lone low surrogate', value: '\udc00', key: 'validation.invalidCharacters' },
];

function expectRefused(res: { status: number; body: any }, field: string, key: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_FAILED');
  expect(res.body.error.message).toEqual(expect.any(String));
  expect(res.body.error.fields[field]).toBe(key);
}

async function expectNothingWritten(before: Record<string, number>) {
  expect(changedTables(before, await count(), COUNTS_REFUSALS)).toEqual([]);
}

describe('sign-up utmSource', () => {
  const cases = [...BAD, { label: 'too long', value: 'u'.repeat(TEXT_MAX.utm + 1), key: 'validation.tooLong' }];

  it.each(cases)('refuses $label with 400 naming utmSource, and creates no account', async ({ value, key }) => {
    const before = await count();
    const { res } = await signUp(freshClient(), { utmSource: value });
    expectRefused(res, 'utmSource', key);
    await expectNothingWritten(before);
  });

  it('accepts utm values up to the limit, Turkish letters and emoji included', async () => {
    const utmSource = 'İstanbul-kampanyası-😀-'.padEnd(TEXT_MAX.utm, 'x');
    const { res } = await signUp(freshClient(), { utmSource });
    expect(res.status).toBe(201);
  });
});

describe('sign-in email', () => {
  it.each([...BAD, { label: 'too long', value: `${'a'.repeat(250)}@example.com`, key: 'validation.emailTooLong' }])(
    'refuses $label with 400 naming email before the auth library sees it',
    async ({ value, key }) => {
      const before = await count();
      const res = await freshClient().post('/api/auth/sign-in', { email: value, password: GOOD_PASSWORD });
      expectRefused(res, 'email', key);
      await expectNothingWritten(before);
    },
  );
});

describe.each([
  { path: '/api/feedback/bank', name: 'bank' },
  { path: '/api/feedback/business-address', name: 'business address' },
])('$name feedbackText', ({ path }) => {
  const cases = [
    ...BAD,
    { label: 'too long', value: 'f'.repeat(TEXT_MAX.feedback + 1), key: 'validation.textTooLong' },
  ];

  it.each(cases)('refuses $label with 400 naming feedbackText, and stores nothing', async ({ value, key }) => {
    const { c } = await signedInCustomer(t);
    const before = await count();
    expectRefused(await c.post(path, { completed: true, feedbackText: value }), 'feedbackText', key);
    await expectNothingWritten(before);
  });
});

it('stores feedback with emoji and Turkish letters exactly as sent', async () => {
  const { c, id } = await signedInCustomer(t);
  const feedbackText = 'Çok işime yaradı 👍🏽 teşekkürler 🇹🇷';
  expect((await c.post('/api/feedback/bank', { completed: true, feedbackText })).status).toBe(201);
  const [row] = await t.deps.database.db.select().from(bankAccountFeedback).where(eq(bankAccountFeedback.userId, id));
  expect(row.feedbackText).toBe(feedbackText);
});

describe('onboarding businessMotivation', () => {
  const cases = [
    ...BAD,
    { label: 'too long', value: 'm'.repeat(TEXT_MAX.longText + 1), key: 'validation.textTooLong' },
  ];

  it.each(cases)(
    'refuses $label with 400 naming businessMotivation, and creates no formation',
    async ({ value, key }) => {
      const { c } = await signedInCustomer(t);
      const before = await count();
      const res = await c.post('/api/formations', { formationType: 'self', businessMotivation: value });
      expectRefused(res, 'businessMotivation', key);
      await expectNothingWritten(before);
      expect((await c.get('/api/formations/me')).status).toBe(404);
    },
  );
});

describe('formation guide difficulties', () => {
  const cases = [
    ...BAD,
    { label: 'too long', value: 'd'.repeat(TEXT_MAX.longText + 1), key: 'validation.textTooLong' },
  ];

  it.each(cases)('refuses $label with 400 naming difficulties; the formation does not move', async ({ value, key }) => {
    const { c, id } = await signedInCustomer(t);
    expect((await c.post('/api/formations', { formationType: 'self' })).status).toBe(201);
    const before = await count();
    const res = await c.post('/api/formations/me/guide-completion', {
      isFormationComplete: true,
      state: 'Wyoming',
      difficulties: value,
    });
    expectRefused(res, 'difficulties', key);
    await expectNothingWritten(before);
    expect((await c.get('/api/formations/me')).body.formation.formationStatus).toBe('preparation');
    const rows = await t.deps.database.db.select().from(formationFeedback).where(eq(formationFeedback.userId, id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a NUL in the state of a "no" answer too, where the state is otherwise ignored', async () => {
    const { c } = await completedCustomer();
    const res = await c.post('/api/formations/me/guide-completion', {
      isFormationComplete: false,
      state: 'Wyoming\u0000',
    });
    expectRefused(res, 'state', 'validation.invalidCharacters');
  });
});

describe('admin EIN adminNotes', () => {
  const cases = [
    ...BAD,
    { label: 'too long', value: 'n'.repeat(TEXT_MAX.adminNotes + 1), key: 'validation.textTooLong' },
  ];

  it.each(cases)('refuses $label with 400 naming adminNotes; notes and audit unchanged', async ({ value, key }) => {
    const { application } = await applicant();
    const before = await count();
    const res = await admin.request('PUT', `/api/admin/ein-applications/${application.id}/notes`, {
      adminNotes: value,
    });
    expectRefused(res, 'adminNotes', key);
    await expectNothingWritten(before);
    const [row] = await t.deps.database.db.select().from(einApplications).where(eq(einApplications.id, application.id));
    expect(row.adminNotes).toBeNull();
  });

  it('saves notes of exactly the limit', async () => {
    const { application } = await applicant();
    const adminNotes = 'İmza bekleniyor ✍️ '.padEnd(TEXT_MAX.adminNotes, 'n');
    const res = await admin.request('PUT', `/api/admin/ein-applications/${application.id}/notes`, { adminNotes });
    expect(res.status).toBe(200);
    expect(res.body.application.adminNotes).toBe(adminNotes);
  });
});

describe('path parameters', () => {
  it('refuses a NUL in an admin EIN application id with 400 naming id', async () => {
    const res = await admin.get('/api/admin/ein-applications/abc%00def');
    expectRefused(res, 'id', 'validation.invalidCharacters');
  });

  it('refuses an over-long stored-file name with 400 naming it', async () => {
    const { c } = await signedInCustomer(t);
    const res = await c.get(`/api/files/articles_of_org/${'a'.repeat(TEXT_MAX.storageKeyPart + 1)}`);
    expectRefused(res, 'name', 'validation.tooLong');
  });
});
