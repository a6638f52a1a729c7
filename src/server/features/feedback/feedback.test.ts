import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { bankAccountFeedback, businessAddressFeedback } from '../../db/schema';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const KINDS = [
  {
    name: 'bank',
    path: '/api/feedback/bank',
    table: bankAccountFeedback,
    choice: 'validation.bankChoiceRequired',
    feedback: 'validation.bankFeedbackRequired',
  },
  {
    name: 'business-address',
    path: '/api/feedback/business-address',
    table: businessAddressFeedback,
    choice: 'validation.addressChoiceRequired',
    feedback: 'validation.addressFeedbackRequired',
  },
] as const;

describe.each(KINDS)('POST /api/feedback/$name', ({ path, table, choice, feedback }) => {
  const rowsOf = (userId: string) => t.deps.database.db.select().from(table).where(eq(table.userId, userId));

  // The fixture's way (decision 0093): the test names the customer it needs.
  test('stores the answer and the trimmed feedback, marking the tutorial completed', async ({ customer }) => {
    const { c, id } = customer;
    const res = await c.post(path, { completed: true, feedbackText: '  Çok açıklayıcıydı  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ completed: true, feedbackText: 'Çok açıklayıcıydı', tutorialCompleted: true });
  });

  test('stores a "no" answer too', async ({ customer }) => {
    const { c, id } = customer;
    expect((await c.post(path, { completed: false, feedbackText: 'Not yet' })).status).toBe(201);
    expect((await rowsOf(id))[0]).toMatchObject({ completed: false, tutorialCompleted: true });
  });

  it.each([
    { label: 'no choice', body: { feedbackText: 'ok' }, field: 'completed', key: choice },
    { label: 'a non-boolean choice', body: { completed: 'yes', feedbackText: 'ok' }, field: 'completed', key: choice },
    { label: 'no feedback', body: { completed: true }, field: 'feedbackText', key: feedback },
    { label: 'blank feedback', body: { completed: true, feedbackText: '   ' }, field: 'feedbackText', key: feedback },
    {
      label: 'too long feedback',
      body: { completed: true, feedbackText: 'long'.repeat(1251) },
      field: 'feedbackText',
      key: 'validation.textTooLong',
    },
  ])('refuses $label with 400 naming $field, and writes nothing', async ({ body, field, key }) => {
    const { c, id } = await signedInCustomer(t);
    const res = await c.post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(key);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  test("stores the row under the caller's own id, whatever the body says", async ({ customer: a, app }) => {
    const b = await signedInCustomer(app);
    expect((await b.c.post(path, { completed: true, feedbackText: 'B', userId: a.id })).status).toBe(201);
    expect(await rowsOf(a.id)).toHaveLength(0);
    expect(await rowsOf(b.id)).toHaveLength(1);
  });
});
