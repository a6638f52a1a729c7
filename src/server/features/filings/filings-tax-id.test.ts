/**
 * Decision 0058 on both engines: the owner's SSN or ITIN on a Form 5472 filing is stored only as
 * ciphertext and its last four (the raw row never holds it), is never sent whole to the browser, still
 * reaches the forms, makes the prepared forms a step-up download for staff, is moved out of answers
 * written before the decision, and goes with the retention sweep after the filing is done.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTestWith } from '../../../../tests/support/api-test';
import {
  createStaffMember,
  nextSecondFactorCode,
  signedInCustomer,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { formFieldValues } from '../../../shared/features/filings/form-5472.domain';
import { auditEvents, filings, sessions } from '../../db/schema';
import { runRetentionSweep } from '../retention/retention.service';
import { buildFormTemplate, filingOf, GOOD_ANSWERS } from './filings.fixtures';
import { filingFormAnswers } from './filings-admin.service';
import { fillFormTemplate } from './filings-forms.service';
import {
  decryptFilingForeignTaxId,
  decryptFilingTaxId,
  encryptClearFilingTaxIds,
  encryptedForeignTaxIdColumns,
  encryptedTaxIdColumns,
} from './filings-tax-id.service';

const test = apiTestWith({ RETENTION_SSN_DAYS: '90' });
let t: TestApp;
let owner: TestClient;
const db = () => t.deps.database.db;
const NUMBER = '912-34-5678';
const DIGITS = '912345678';

test.beforeAll(({ app, owner: first }) => {
  t = app;
  owner = first.c;
});

/** The row as the database holds it, every column as text. */
async function rawRow(id: string): Promise<string> {
  const result = (await db().execute(
    sql`select row_to_json(f)::text as raw from filings f where id = ${id}`,
  )) as unknown as {
    rows: { raw: string }[];
  };
  return result.rows[0].raw;
}

function expectNoNumber(text: string) {
  expect(text).not.toContain(DIGITS);
  expect(text).not.toContain(NUMBER);
}

describe("the owner's SSN or ITIN (decision 0058)", () => {
  it('is kept encrypted with its last four, never sent back whole, and still fills the forms', async () => {
    const customer = await signedInCustomer(t);
    const filing = await filingOf(t, customer.id);
    const url = `/api/filings/${filing.id}/answers`;

    // A number that is not nine digits is refused on a draft too: only a valid number is stored.
    const bad = await customer.c.request('PUT', url, { owner: { usTaxId: '12' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['owner.usTaxId']).toBe('filings.validation.usTaxIdInvalid');

    const draft = await customer.c.request('PUT', url, { owner: { name: 'Ayşe Kaya', usTaxId: NUMBER } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expectNoNumber(JSON.stringify(draft.body));
    expect(draft.body.filing.usTaxIdLast4).toBe('5678');
    const raw = await rawRow(filing.id);
    expectNoNumber(raw);
    const [stored] = await db().select().from(filings).where(eq(filings.id, filing.id));
    expect(stored.usTaxIdEncrypted).toMatch(/^v1:/);
    expect(stored.usTaxIdLast4).toBe('5678');
    expect(JSON.stringify(stored.answers)).not.toContain('usTaxId');
    expect(decryptFilingTaxId(stored, t.deps.encryptionKey)).toBe(NUMBER);
    // Bound to its owner: the same ciphertext on another customer's row does not decrypt.
    expect(() => decryptFilingTaxId({ ...stored, userId: 'someone-else' }, t.deps.encryptionKey)).toThrow();

    // An empty field keeps the number; sending the answers keeps it too.
    const kept = await customer.c.request('PUT', url, { owner: { name: 'Ayşe Kaya', usTaxId: '' } });
    expect(kept.body.filing.usTaxIdLast4).toBe('5678');
    const sent = await customer.c.request('POST', url, GOOD_ANSWERS);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.filing.usTaxIdLast4).toBe('5678');
    expectNoNumber(JSON.stringify(sent.body));
    expectNoNumber(await rawRow(filing.id));
    expectNoNumber(JSON.stringify((await customer.c.get(`/api/filings/${filing.id}`)).body));
    const desk = await owner.get(`/api/admin/filings/${filing.id}`);
    expectNoNumber(JSON.stringify(desk.body));
    expect(desk.body.filing).toMatchObject({ usTaxIdLast4: '5678', formsCarryTaxId: true });

    // The forms get it in clear, on both of its lines.
    const [answered] = await db().select().from(filings).where(eq(filings.id, filing.id));
    const values = formFieldValues('f5472', filingFormAnswers(answered, t.deps.encryptionKey));
    expect(values.f5472_4b1_us_id).toBe(NUMBER);
    expect(values.f5472_8b1_us_id).toBe(NUMBER);

    // The prepared data sheet carries it: staff need ein.ssn and a fresh second factor to open it.
    const prepared = await owner.post(`/api/admin/filings/${filing.id}/prepare`);
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const sheet = prepared.body.filing.files.dataSheet.url as string;
    const fetched = await customer.c.get(sheet);
    expect(fetched.status).toBe(200);
    expect(String(fetched.body).startsWith('%PDF-')).toBe(true);
    // Encrypted at rest, as an SS-4 is: the stored bytes are not the PDF.
    const key = sheet.slice('/api/files/'.length);
    expect(key.startsWith('filings/')).toBe(true);
    const atRest = readFileSync(path.join(t.deps.env.DATA_DIR, 'files', key));
    expect(atRest.subarray(0, 4).toString('latin1')).not.toBe('%PDF');
    expect(atRest.includes(Buffer.from('%PDF'))).toBe(false);
    const support = await createStaffMember(t, 'support');
    expect((await support.c.get(sheet)).status).toBe(403);
    const operations = await createStaffMember(t, 'operations');
    await db()
      .update(sessions)
      .set({ twoFactorAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, operations.id));
    const stale = await operations.c.get(sheet);
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('STEP_UP_REQUIRED');
    const verified = await operations.c.post('/api/me/two-factor/verify', {
      code: nextSecondFactorCode(operations.email),
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await operations.c.get(sheet)).status).toBe(200);
  }, 90_000);

  it('can be removed by the customer while the questionnaire is open', async () => {
    const customer = await signedInCustomer(t);
    const filing = await filingOf(t, customer.id);
    const url = `/api/filings/${filing.id}/answers`;
    expect((await customer.c.request('PUT', url, { owner: { usTaxId: DIGITS } })).body.filing.usTaxIdLast4).toBe(
      '5678',
    );
    const removed = await customer.c.request('PUT', url, { owner: { usTaxIdRemove: true } });
    expect(removed.status).toBe(200);
    expect(removed.body.filing.usTaxIdLast4).toBeNull();
    const [row] = await db().select().from(filings).where(eq(filings.id, filing.id));
    expect(row.usTaxIdEncrypted).toBeNull();
  });

  it('written in clear before the decision, is encrypted at start and removed from the answers', async () => {
    const customer = await signedInCustomer(t);
    const filing = await filingOf(t, customer.id, 'answered');
    const draftOnly = await filingOf(t, (await signedInCustomer(t)).id);
    await db()
      .update(filings)
      .set({ answers: { ...GOOD_ANSWERS, owner: { ...GOOD_ANSWERS.owner, usTaxId: NUMBER } } })
      .where(eq(filings.id, filing.id));
    await db()
      .update(filings)
      .set({ answers: { owner: { name: 'Yarım', usTaxId: '12' } } })
      .where(eq(filings.id, draftOnly.id));
    expect(await rawRow(filing.id)).toContain(NUMBER);

    expect(await encryptClearFilingTaxIds(t.deps)).toBeGreaterThanOrEqual(2);
    expectNoNumber(await rawRow(filing.id));
    const [row] = await db().select().from(filings).where(eq(filings.id, filing.id));
    expect(row.usTaxIdLast4).toBe('5678');
    expect(decryptFilingTaxId(row, t.deps.encryptionKey)).toBe(NUMBER);
    expect((row.answers as { owner: { name: string } }).owner.name).toBe(GOOD_ANSWERS.owner?.name);
    // A draft's fragment is dropped, the rest of the draft stays.
    const [draft] = await db().select().from(filings).where(eq(filings.id, draftOnly.id));
    expect(draft.answers).toEqual({ owner: { name: 'Yarım' } });
    expect(draft.usTaxIdEncrypted).toBeNull();
    // A second start finds nothing.
    expect(await encryptClearFilingTaxIds(t.deps)).toBe(0);
  });

  it('goes with the retention sweep RETENTION_SSN_DAYS after the filing is done, and the forms stay step-up', async () => {
    const old = await filingOf(t, (await signedInCustomer(t)).id, 'done');
    const recent = await filingOf(t, (await signedInCustomer(t)).id, 'done');
    const open = await filingOf(t, (await signedInCustomer(t)).id, 'answered');
    for (const [row, doneDaysAgo] of [
      [old, 91],
      [recent, 89],
      [open, null],
    ] as const) {
      await storeNumber(row.id, row.userId, doneDaysAgo);
    }
    const result = await runRetentionSweep(t.deps);
    expect(result.filingTaxIdsPurged).toBe(1);
    const [purged] = await db().select().from(filings).where(eq(filings.id, old.id));
    expect(purged).toMatchObject({ usTaxIdEncrypted: null, usTaxIdLast4: null });
    expect(purged.usTaxIdPurgedAt).toBeInstanceOf(Date);
    for (const kept of [recent, open]) {
      const [row] = await db().select().from(filings).where(eq(filings.id, kept.id));
      expect(decryptFilingTaxId(row, t.deps.encryptionKey)).toBe(NUMBER);
    }
    const audited = await db().select().from(auditEvents).where(eq(auditEvents.entityId, old.id));
    expect(audited.map((a) => a.action)).toContain('retention.filing_tax_id_purged');
    expectNoNumber(JSON.stringify(audited));
    // Run again: nothing more.
    expect((await runRetentionSweep(t.deps)).filingTaxIdsPurged).toBe(0);
    // The forms prepared while it was held may print it: still a step-up download for staff.
    expect((await owner.get(`/api/admin/filings/${old.id}`)).body.filing.formsCarryTaxId).toBe(true);
  });
});

/** Stores the number on a filing made at its status, done `doneDaysAgo` days ago (null: not done). */
async function storeNumber(id: string, userId: string, doneDaysAgo: number | null) {
  await db()
    .update(filings)
    .set({
      ...encryptedTaxIdColumns(DIGITS, t.deps.encryptionKey, userId),
      doneAt: doneDaysAgo === null ? null : new Date(Date.now() - doneDaysAgo * 86_400_000),
    })
    .where(eq(filings.id, id));
}

describe("the owner's foreign tax number, the T.C. kimlik numarası (decision 0077)", () => {
  const KIMLIK = '10000000146';

  it('is kept encrypted with its last four, never in the answers jsonb, kept by an empty field, and printed on the 5472', async () => {
    const customer = await signedInCustomer(t);
    const filing = await filingOf(t, customer.id);
    const url = `/api/filings/${filing.id}/answers`;
    const draft = await customer.c.request('PUT', url, { owner: { name: 'Ayşe Kaya', foreignTaxId: KIMLIK } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(JSON.stringify(draft.body)).not.toContain(KIMLIK);
    expect(draft.body.filing.foreignTaxIdLast4).toBe('0146');
    expect(await rawRow(filing.id)).not.toContain(KIMLIK);
    const [stored] = await db().select().from(filings).where(eq(filings.id, filing.id));
    expect(JSON.stringify(stored.answers)).not.toContain('foreignTaxId');
    expect(stored.foreignTaxIdEncrypted).toMatch(/^v1:/);
    expect(decryptFilingForeignTaxId(stored, t.deps.encryptionKey)).toBe(KIMLIK);
    expect(() => decryptFilingForeignTaxId({ ...stored, userId: 'someone-else' }, t.deps.encryptionKey)).toThrow();

    // Sending with the field left empty keeps the number (the form shows only its last four).
    const sent = await customer.c.request('POST', url, {
      ...GOOD_ANSWERS,
      owner: { ...GOOD_ANSWERS.owner, foreignTaxId: '' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.filing.foreignTaxIdLast4).toBe('0146');
    expect(await rawRow(filing.id)).not.toContain(KIMLIK);
    const desk = await owner.get(`/api/admin/filings/${filing.id}`);
    expect(JSON.stringify(desk.body)).not.toContain(KIMLIK);
    expect(desk.body.filing.foreignTaxIdLast4).toBe('0146');

    // The Form 5472 still prints it: the filled PDF's field holds it in clear.
    const [answered] = await db().select().from(filings).where(eq(filings.id, filing.id));
    const answers = filingFormAnswers(answered, t.deps.encryptionKey);
    const filled = await fillFormTemplate('f5472', await buildFormTemplate('f5472'), answers, { flatten: false });
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(filled.bytes)).getForm().getTextField('f5472_4b3_ftin').getText()).toBe(KIMLIK);
  });

  it('a number re-entered replaces the kept one; a send without any is refused', async () => {
    const customer = await signedInCustomer(t);
    const filing = await filingOf(t, customer.id);
    const url = `/api/filings/${filing.id}/answers`;
    const refused = await customer.c.request('POST', url, {
      ...GOOD_ANSWERS,
      owner: { ...GOOD_ANSWERS.owner, foreignTaxId: '' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields['owner.foreignTaxId']).toBe('filings.validation.foreignTaxIdRequired');
    await customer.c.request('PUT', url, { owner: { foreignTaxId: KIMLIK } });
    const replaced = await customer.c.request('PUT', url, { owner: { foreignTaxId: '98765432109' } });
    expect(replaced.body.filing.foreignTaxIdLast4).toBe('2109');
    const [row] = await db().select().from(filings).where(eq(filings.id, filing.id));
    expect(decryptFilingForeignTaxId(row, t.deps.encryptionKey)).toBe('98765432109');
  });

  it('written in clear before the decision, is moved into its column at start', async () => {
    const filing = await filingOf(t, (await signedInCustomer(t)).id, 'answered');
    await db()
      .update(filings)
      .set({ answers: GOOD_ANSWERS, foreignTaxIdEncrypted: null, foreignTaxIdLast4: null })
      .where(eq(filings.id, filing.id));
    expect(await rawRow(filing.id)).toContain(GOOD_ANSWERS.owner?.foreignTaxId);
    expect(await encryptClearFilingTaxIds(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await rawRow(filing.id)).not.toContain(GOOD_ANSWERS.owner?.foreignTaxId);
    const [row] = await db().select().from(filings).where(eq(filings.id, filing.id));
    expect(decryptFilingForeignTaxId(row, t.deps.encryptionKey)).toBe(GOOD_ANSWERS.owner?.foreignTaxId);
    expect(row.foreignTaxIdLast4).toBe('8901');
  });

  it('goes with the retention sweep with the SSN', async () => {
    const old = await filingOf(t, (await signedInCustomer(t)).id, 'done');
    const recent = await filingOf(t, (await signedInCustomer(t)).id, 'done');
    for (const [row, days] of [
      [old, 91],
      [recent, 89],
    ] as const) {
      await db()
        .update(filings)
        .set({
          ...encryptedForeignTaxIdColumns(KIMLIK, t.deps.encryptionKey, row.userId),
          doneAt: new Date(Date.now() - days * 86_400_000),
        })
        .where(eq(filings.id, row.id));
    }
    await runRetentionSweep(t.deps);
    const [purged] = await db().select().from(filings).where(eq(filings.id, old.id));
    expect(purged).toMatchObject({ foreignTaxIdEncrypted: null, foreignTaxIdLast4: null, usTaxIdPurgedAt: null });
    expect(purged.foreignTaxIdPurgedAt).toBeInstanceOf(Date);
    const [kept] = await db().select().from(filings).where(eq(filings.id, recent.id));
    expect(decryptFilingForeignTaxId(kept, t.deps.encryptionKey)).toBe(KIMLIK);
  });
});
