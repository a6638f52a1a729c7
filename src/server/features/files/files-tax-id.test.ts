/**
 * Decision 0066 on both engines: whether a stored document prints an SSN or ITIN is the document's own
 * mark (`holds_tax_id`), set by the code that wrote it. The files route reads the mark (ein.ssn and
 * step-up for staff), a re-prepared Form 5472 leaves no old form behind, and every writer of a file
 * that prints a number marks it: the walk below drives each one and reads the stored bytes back.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blob, type FormFile, fileForm, pdf } from '../../../../tests/support/files';
import { showsTaxId } from '../../../../tests/support/pdf-text';
import {
  createStaffMember,
  createTestApp,
  nextSecondFactorCode,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { companyFormations, documents, einApplications, filings, sessions } from '../../db/schema';
import { helpers } from '../ein/ein.fixtures';
import { buildFormTemplate, filingOf, stateItemOf } from '../filings/filings.fixtures';
import { encryptedTaxIdColumns } from '../filings/filings-tax-id.service';
import { ss4MappedFields } from '../ss4/ss4.mapper';

let t: TestApp;
let owner: TestClient;
let templateDir: string;
const db = () => t.deps.database.db;
const { completedCustomer, applicant } = helpers(() => t);

/**
 * The SS-4's number and the Form 5472 owner's: neither may be a string the files print anyway (the
 * fixtures' EIN is 123456789, the application fixture's SSN 123-45-6789).
 */
const SSN = '234567891';
const ITIN = '912345678';

beforeAll(async () => {
  templateDir = mkdtempSync(path.join(os.tmpdir(), 'tax-id-files-'));
  const ss4Template = path.join(templateDir, 'fss4.pdf');
  writeFileSync(ss4Template, await buildSs4Template());
  t = await createTestApp({ SS4_TEMPLATE_PATH: ss4Template });
  owner = t.client();
  expect((await signUpAdmin(owner)).res.status).toBe(201);
});
afterAll(async () => {
  await t?.close();
  rmSync(templateDir, { recursive: true, force: true });
});

/** A stand-in for the IRS's fss4.pdf: every field the mapping names (as ss4-admin.test.ts builds it). */
async function buildSs4Template(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Form SS-4 (Rev. December 2023)');
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  ss4MappedFields().forEach(({ name, type }, i) => {
    const at = { x: 20 + (i % 3) * 195, y: 760 - Math.floor(i / 3) * 20, height: 16 };
    if (type === 'text') form.createTextField(name).addToPage(page, { ...at, width: 185 });
    else form.createCheckBox(name).addToPage(page, { ...at, width: 16 });
  });
  return doc.save();
}

/** The number goes on the filing as the questionnaire would store it. */
async function withNumber(filingId: string, userId: string) {
  await db()
    .update(filings)
    .set(encryptedTaxIdColumns(ITIN, t.deps.encryptionKey, userId))
    .where(eq(filings.id, filingId));
}

async function bytesOf(key: string): Promise<Buffer> {
  const file = await t.deps.storage.get(key);
  if (!file) throw new Error(`no stored file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The raw response, for the bytes (the test client reads a PDF as text). */
async function download(c: TestClient, url: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.request(`http://localhost:3000${url}`, { headers: cookie ? { cookie } : {} });
}

async function staleSecondFactor(userId: string) {
  await db()
    .update(sessions)
    .set({ twoFactorAt: new Date(Date.now() - 3_600_000) })
    .where(eq(sessions.userId, userId));
}

describe('a re-prepared Form 5472 (decision 0066)', () => {
  let support: Awaited<ReturnType<typeof createStaffMember>>;
  let operations: Awaited<ReturnType<typeof createStaffMember>>;
  beforeAll(async () => {
    support = await createStaffMember(t, 'support');
    operations = await createStaffMember(t, 'operations');
  });

  it('leaves no readable old form: the old row and file are gone, the new one is a step-up download', async () => {
    const customer = await completedCustomer();
    const [formation] = await db()
      .select({ id: companyFormations.id })
      .from(companyFormations)
      .where(eq(companyFormations.userId, customer.id));
    const filing = await filingOf(t, customer.id, 'answered');
    await withNumber(filing.id, customer.id);

    const first = await owner.post(`/api/admin/filings/${filing.id}/prepare`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await owner.post(`/api/admin/filings/${filing.id}/prepare`);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const oldUrl: string = first.body.filing.files.dataSheet.url;
    const newUrl: string = second.body.filing.files.dataSheet.url;
    expect(newUrl).not.toBe(oldUrl);
    const oldKey = oldUrl.slice('/api/files/'.length);

    // The attack: a new support member (no ein.ssn, no step-up) asks for the first data sheet.
    await staleSecondFactor(operations.id);
    for (const staff of [support, operations, { c: owner, email: 'the owner' }]) {
      expect((await staff.c.get(oldUrl)).status, `${oldUrl} for ${staff.email}`).toBe(404);
    }
    // Gone, not only hidden: no row, no file, no link anywhere.
    expect(await db().select().from(documents).where(eq(documents.filePath, oldKey))).toEqual([]);
    expect(await t.deps.storage.exists(oldKey)).toBe(false);
    expect((await customer.c.get(oldUrl)).status).toBe(404);
    const listed = JSON.stringify([
      (await owner.get(`/api/admin/formations/${formation.id}/file`)).body,
      (await owner.get(`/api/admin/users/${customer.id}`)).body,
      (await customer.c.get('/api/documents')).body,
    ]);
    expect(listed).not.toContain(oldKey);
    expect(listed).toContain(newUrl.slice('/api/files/'.length));

    // The current one: refused to support, step-up for operations, open to the owner with a fresh code.
    const refused = await support.c.get(newUrl);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const stale = await operations.c.get(newUrl);
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('STEP_UP_REQUIRED');
    expect((await customer.c.get(newUrl)).status).toBe(200);
    const fresh = await download(owner, newUrl);
    expect(fresh.status).toBe(200);
    expect(showsTaxId(Buffer.from(await fresh.arrayBuffer()), ITIN)).toBe(true);
    // The admin page's link asks for step-up by the same mark.
    expect(second.body.filing.files.dataSheet.holdsTaxId).toBe(true);
  }, 90_000);

  it('keeps a form protected by its own mark once no filing points at it', async () => {
    const customer = await completedCustomer();
    const filing = await filingOf(t, customer.id, 'answered');
    await withNumber(filing.id, customer.id);
    const prepared = await owner.post(`/api/admin/filings/${filing.id}/prepare`);
    expect(prepared.status).toBe(200);
    const url: string = prepared.body.filing.files.dataSheet.url;
    // Whatever moves the filing's pointer (or the number's purge), the file still prints the number.
    await db()
      .update(filings)
      .set({ dataSheetDocumentId: null, usTaxIdEncrypted: null, usTaxIdLast4: null })
      .where(eq(filings.id, filing.id));
    const res = await support.c.get(url);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    await staleSecondFactor(operations.id);
    expect((await operations.c.get(url)).body.error.code).toBe('STEP_UP_REQUIRED');
    const verified = await operations.c.post('/api/me/two-factor/verify', {
      code: nextSecondFactorCode(operations.email),
    });
    expect(verified.status).toBe(200);
    expect((await operations.c.get(url)).status).toBe(200);
  }, 60_000);
});

describe('every writer of a file that prints a tax number marks it (decision 0066)', () => {
  it('the SS-4 and Form 5472 walk: each stored document that shows a number is marked, and each writer as expected', async () => {
    const who = await applicant({ responsiblePartySsn: '234-56-7891' });
    const userId = who.id;
    const appId: string = who.application.id;
    const seen = new Set<string>();
    /** The documents rows the last step wrote, by their storage key, each with its mark. */
    const written = async () => {
      const rows = await db().select().from(documents).where(eq(documents.userId, userId));
      const fresh = rows.filter((r) => !seen.has(r.id));
      for (const r of fresh) seen.add(r.id);
      return fresh;
    };
    const expected: { step: string; holdsTaxId: boolean }[] = [];
    const step = async (name: string, holdsTaxId: boolean, count = 1) => {
      const rows = await written();
      expect(rows, name).toHaveLength(count);
      for (const row of rows) {
        expect(row.holdsTaxId, `${name}: ${row.fileName}`).toBe(holdsTaxId);
        expected.push({ step: name, holdsTaxId });
      }
      return rows;
    };
    const upload = (data: Uint8Array, name: string, extra: Record<string, string> = {}) => {
      const form = fileForm({ data: Buffer.from(data), type: 'application/pdf', name } as FormFile);
      for (const [k, v] of Object.entries(extra)) form.append(k, v);
      return form;
    };

    // POST /api/ein-applications: the articles and the agent's invoice.
    await step('EIN application (articles, invoice)', false, 2);

    // POST /api/admin/ein-applications/{id}/ss4-generate, then /ss4-generated/use: the prepared SS-4.
    expect((await owner.post(`/api/admin/ein-applications/${appId}/ss4-generate`)).status).toBe(200);
    const used = await owner.post(`/api/admin/ein-applications/${appId}/ss4-generated/use`);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const [preparedSs4] = await step('generated SS-4 used', true);
    const ss4Bytes = await bytesOf(preparedSs4.filePath);
    expect(showsTaxId(ss4Bytes, SSN)).toBe(true);

    // POST /api/admin/ein-applications/{id}/ss4: a prepared SS-4 uploaded by staff replaces it.
    const reUpload = await owner.post(`/api/admin/ein-applications/${appId}/ss4`, upload(ss4Bytes, 'SS-4.pdf'));
    expect(reUpload.status, JSON.stringify(reUpload.body)).toBe(200);
    await step('prepared SS-4 uploaded', true);

    // POST /api/ein-applications/me/signed-ss4: the customer's signed copy.
    const signedSs4 = await who.c.post('/api/ein-applications/me/signed-ss4', upload(ss4Bytes, 'SS-4 signed.pdf'));
    expect(signedSs4.status, JSON.stringify(signedSs4.body)).toBe(200);
    await step('signed SS-4', true);

    // POST /api/admin/ein-applications/{id}/ein-document: the IRS's letter.
    await db().update(einApplications).set({ einStatus: 'submitted_to_irs' }).where(eq(einApplications.id, appId));
    const letter = upload(pdf('CP575'), 'CP575.pdf', { ein: '12-3456789' });
    const issued = await owner.post(`/api/admin/ein-applications/${appId}/ein-document`, letter);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    await step('EIN letter', false);

    // POST /api/documents and /api/admin/users/{id}/documents: a file filed as an SS-4 is one.
    for (const [url, client] of [
      ['/api/documents', who.c],
      [`/api/admin/users/${userId}/documents`, owner],
    ] as const) {
      const form = new FormData();
      form.append('category', 'ss4');
      form.append('file', blob(ss4Bytes, 'application/pdf'), 'SS-4 copy.pdf');
      expect((await client.post(url, form)).status, url).toBe(201);
      await step(`${url} as ss4`, true);
      const other = new FormData();
      other.append('category', 'other');
      other.append('file', blob(pdf('note'), 'application/pdf'), 'note.pdf');
      expect((await client.post(url, other)).status, url).toBe(201);
      await step(`${url} as other`, false);
    }

    // POST /api/admin/filings/{id}/prepare, both ways: the data sheet, then the two filled forms.
    const filing = await filingOf(t, userId, 'answered');
    await withNumber(filing.id, userId);
    expect((await owner.post(`/api/admin/filings/${filing.id}/prepare`)).status).toBe(200);
    await step('Form 5472 data sheet', true);
    const env = t.deps.env as { F5472_TEMPLATE_PATH?: string; F1120_TEMPLATE_PATH?: string };
    env.F5472_TEMPLATE_PATH = path.join(templateDir, 'f5472.pdf');
    env.F1120_TEMPLATE_PATH = path.join(templateDir, 'f1120.pdf');
    writeFileSync(env.F5472_TEMPLATE_PATH, await buildFormTemplate('f5472'));
    writeFileSync(env.F1120_TEMPLATE_PATH, await buildFormTemplate('f1120'));
    const forms = await owner.post(`/api/admin/filings/${filing.id}/prepare`);
    env.F5472_TEMPLATE_PATH = undefined;
    env.F1120_TEMPLATE_PATH = undefined;
    expect(forms.status, JSON.stringify(forms.body)).toBe(200);
    const [form5472] = await step('Form 5472 and pro forma 1120', true, 2);
    const formBytes = await bytesOf(form5472.filePath);

    // POST /api/filings/{id}/signed and /api/admin/filings/{id}/submitted: copies of the forms.
    const signed = await who.c.post(`/api/filings/${filing.id}/signed`, upload(formBytes, 'Form 5472 signed.pdf'));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await step('signed Form 5472', true);
    const fax = upload(formBytes, 'fax.pdf', { method: 'fax', filedOn: '2026-03-02', confirmationNumber: 'FAX-1' });
    expect((await owner.post(`/api/admin/filings/${filing.id}/submitted`, fax)).status).toBe(200);
    await step('fax confirmation', true);

    // A Form 5472 without an SSN or ITIN still prints the owner's foreign tax number,
    // kept encrypted like them (decision 0077): its forms are marked all the same.
    const plain = await filingOf(t, userId, 'answered');
    expect((await owner.post(`/api/admin/filings/${plain.id}/prepare`)).status).toBe(200);
    await step('data sheet without a US number, with the foreign one', true);

    // POST /api/admin/filings/state-reports: the state's receipt.
    const today = new Date().toISOString().slice(0, 10);
    const state = upload(pdf('receipt'), 'receipt.pdf', {
      userId,
      itemKey: await stateItemOf(t, userId, today),
      filedOn: today,
      confirmationNumber: 'WY-1',
    });
    expect((await owner.post('/api/admin/filings/state-reports', state)).status).toBe(200);
    await step('state receipt', false);

    // Discovery: whatever wrote it, a stored document that shows a number is marked.
    const rows = await db().select().from(documents).where(eq(documents.userId, userId));
    const unmarked: string[] = [];
    for (const row of rows) {
      const bytes = await bytesOf(row.filePath);
      if ((showsTaxId(bytes, SSN) || showsTaxId(bytes, ITIN)) && !row.holdsTaxId) unmarked.push(row.fileName);
    }
    expect(unmarked).toEqual([]);
    // And every row was written by a step above, each of which says what it expects.
    expect(await written()).toEqual([]);
    expect(expected.some((e) => e.holdsTaxId) && expected.some((e) => !e.holdsTaxId)).toBe(true);
  }, 180_000);

  it('marks the rows written before it (migration 0035): SS-4s, the forms a filing points at, replaced forms', async () => {
    const customer = await completedCustomer();
    const filing = await filingOf(t, customer.id, 'prepared');
    const row = (fileName: string, category: 'ss4' | 'other', uploadedBy: 'user' | 'admin' = 'admin') => ({
      userId: customer.id,
      fileName,
      filePath: `other/${customer.id}_${Math.random().toString(36).slice(2)}.pdf`,
      category,
      uploadedBy,
    });
    const made = await db()
      .insert(documents)
      .values([
        row('SS-4.pdf', 'ss4', 'user'),
        row('pointed at.pdf', 'other'),
        row('Form 5472 2024 Eski LLC.pdf', 'other'),
        row('Form 1120 pro forma 2024 Eski LLC.pdf', 'other'),
        row('Form 5472 mine.pdf', 'other', 'user'),
        row('passport.pdf', 'other', 'user'),
      ])
      .returning();
    await db().update(filings).set({ form5472DocumentId: made[1].id }).where(eq(filings.id, filing.id));
    const migration = readFileSync(path.resolve('src/server/db/migrations/0035_documents_holds_tax_id.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint')[1];
    expect(backfill).toMatch(/UPDATE "documents"/);
    await db().execute(sql.raw(backfill));
    const after = await db().select().from(documents).where(eq(documents.userId, customer.id));
    const marked = Object.fromEntries(after.map((d) => [d.fileName, d.holdsTaxId]));
    expect(marked).toEqual({
      'SS-4.pdf': true,
      'pointed at.pdf': true,
      'Form 5472 2024 Eski LLC.pdf': true,
      'Form 1120 pro forma 2024 Eski LLC.pdf': true,
      'Form 5472 mine.pdf': false,
      'passport.pdf': false,
    });
  });

  it('has one writer of documents rows, which asks each caller for the mark', () => {
    const root = path.resolve('src/server');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = readFileSync(full, 'utf8');
          if (/insert\(\s*(?:schema\.)?documents\s*\)/.test(text)) offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual(['features/documents/documents.service.ts']);
  });
});
