import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAdmin, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { companyFormations, mailOutbox } from '../../db/schema';
import { helpers } from '../ein/ein.fixtures';
import { SS4_LINES, type Ss4LineSpec, ss4MappedFields } from './ss4.mapper';
import { buildSs4 } from './ss4-admin.service';
import { loadSs4Template } from './ss4-template.service';

const P = 'topmostSubform[0].Page1[0]';

/**
 * A stand-in for the IRS's fss4.pdf, built here with pdf-lib: one page with every field the mapping
 * names, text fields and check boxes as it expects them, minus `omit`.
 */
async function buildTemplate(opts: { omit?: string; title?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title ?? 'Form SS-4 (Rev. December 2023)');
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  ss4MappedFields().forEach(({ name, type }, i) => {
    if (name === opts.omit) return;
    const at = { x: 20 + (i % 3) * 195, y: 760 - Math.floor(i / 3) * 20, height: 16 };
    if (type === 'text') form.createTextField(name).addToPage(page, { ...at, width: 185 });
    else form.createCheckBox(name).addToPage(page, { ...at, width: 16 });
  });
  return doc.save();
}

/** The text drawn on the pages, decoded through the embedded font's ToUnicode map. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const streams = [...doc.context.enumerateIndirectObjects()]
    .map(([, o]) => o)
    .filter((o): o is PDFRawStream => o instanceof PDFRawStream)
    .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'));
  const glyphs = new Map<string, string>();
  for (const s of streams.filter((x) => x.includes('beginbfchar'))) {
    for (const m of s.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
      glyphs.set(m[1].toUpperCase(), String.fromCodePoint(...(m[2].match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))));
    }
  }
  const lines: string[] = [];
  for (const s of streams) {
    for (const m of s.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push((m[1].match(/.{4}/g) ?? []).map((g) => glyphs.get(g.toUpperCase()) ?? '?').join(''));
    }
  }
  return lines.join('\n');
}

let t: TestApp;
let admin: TestClient;
let templateDir: string;
let templatePath: string;
beforeAll(async () => {
  templateDir = mkdtempSync(path.join(os.tmpdir(), 'ss4-template-'));
  templatePath = path.join(templateDir, 'fss4.pdf');
  t = await createTestApp({ SS4_TEMPLATE_PATH: templatePath });
  admin = t.client();
  expect((await signUpAdmin(admin)).res.status).toBe(201);
});
afterAll(async () => {
  await t?.close();
  rmSync(templateDir, { recursive: true, force: true });
});

const { db, applicant, applicationOf, documentsOf, auditOf, storedFilesOf } = helpers(() => t);
const base = '/api/admin/ein-applications';
const setTemplate = (bytes: Uint8Array | null) =>
  bytes ? writeFileSync(templatePath, bytes) : rmSync(templatePath, { force: true });

/** Whatever the refusal, nothing is stored and nothing about the application changes. */
async function expectRefusedWithNothingStored(appId: string, userId: string, reason: string) {
  const before = await applicationOf(userId);
  const files = storedFilesOf(userId);
  const res = await admin.post(`${base}/${appId}/ss4-generate`);
  expect(res.status).toBe(409);
  expect(res.body.error).toMatchObject({
    code: 'SS4_TEMPLATE_UNAVAILABLE',
    fields: { template: `ss4Generate.reason.${reason}` },
  });
  expect(res.body.error.message).toMatch(/irs\.gov.*SS4_TEMPLATE_PATH/);
  expect(await applicationOf(userId)).toEqual(before);
  expect(storedFilesOf(userId)).toEqual(files);
  expect(await auditOf(userId, 'ein.ss4_generated')).toHaveLength(0);
}

describe('SS-4 generation without a usable template', () => {
  it('is refused when the setting is unset, the file is missing, or it is another revision', async () => {
    expect((await loadSs4Template(undefined)).status).toMatchObject({ ready: false, reason: 'notConfigured' });
    const { id, application } = await applicant();

    setTemplate(null);
    const status = await admin.get(`${base}/${application.id}/ss4-template-status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      template: { ready: false, reason: 'notFound', revision: 'Rev. December 2023' },
      generated: null,
    });
    await expectRefusedWithNothingStored(application.id, id, 'notFound');

    setTemplate(await buildTemplate({ title: 'Form SS-4 (Rev. December 2019)' }));
    await expectRefusedWithNothingStored(application.id, id, 'wrongRevision');
  });

  it('is refused when the template lacks a mapped field, and the desk is told which', async () => {
    const { id, application } = await applicant();
    const omit = `${P}.c1_3[15]`;
    setTemplate(await buildTemplate({ omit }));
    const status = await admin.get(`${base}/${application.id}/ss4-template-status`);
    expect(status.body.template).toMatchObject({ ready: false, reason: 'fieldsMissing', missingFields: [omit] });
    await expectRefusedWithNothingStored(application.id, id, 'fieldsMissing');
  });
});

describe('SS-4 generation with the template', () => {
  let app: { id: string };
  let userId: string;
  let email: string;
  beforeAll(async () => {
    setTemplate(await buildTemplate());
    const who = await applicant();
    app = who.application;
    userId = who.id;
    email = who.email;
    await db().update(companyFormations).set({ formedOn: '2026-03-09' }).where(eq(companyFormations.userId, userId));
  });

  it('fills every line from the application and the formation record', async () => {
    const row = await applicationOf(userId);
    if (!row) throw new Error('no application');
    const { filled } = await buildSs4(t.deps, row, { flatten: false, today: '2026-11-23' });
    const expected: Record<string, string | boolean> = {
      [`${P}.f1_2[0]`]: 'Anadolu Yazılım LLC', // 1
      [`${P}.f1_3[0]`]: '', // 2
      [`${P}.f1_4[0]`]: '', // 3
      [`${P}.Line4ReadOrder[0].f1_5[0]`]: '', // 4a: staff enter the address
      [`${P}.Line4ReadOrder[0].f1_6[0]`]: '', // 4b
      [`${P}.f1_7[0]`]: '', // 5a
      [`${P}.f1_8[0]`]: '', // 5b
      [`${P}.f1_9[0]`]: 'Wyoming', // 6
      [`${P}.f1_10[0]`]: 'Ayşe Yılmaz', // 7a
      [`${P}.f1_11[0]`]: '123-45-6789', // 7b, decrypted for the form only
      [`${P}.c1_1[0]`]: true, // 8a Yes
      [`${P}.c1_1[1]`]: false,
      [`${P}.f1_12[0]`]: '1', // 8b
      [`${P}.c1_2[0]`]: true, // 8c Yes
      [`${P}.c1_2[1]`]: false,
      [`${P}.c1_3[15]`]: true, // 9a Other
      [`${P}.f1_19[0]`]: 'Foreign-owned U.S. disregarded entity',
      [`${P}.f1_21[0]`]: 'Wyoming', // 9b
      [`${P}.c1_4[0]`]: true, // 10 Started new business
      [`${P}.f1_25[0]`]: 'Software development',
      [`${P}.f1_31[0]`]: '03/09/2026', // 11: the formation date
      [`${P}.f1_32[0]`]: 'December', // 12
      [`${P}.f1_33[0]`]: '0', // 13
      [`${P}.f1_34[0]`]: '0',
      [`${P}.f1_35[0]`]: '0',
      [`${P}.c1_5[0]`]: false, // 14 No
      [`${P}.f1_36[0]`]: 'N/A', // 15
      [`${P}.c1_6[7]`]: false, // 16 not Retail
      [`${P}.c1_6[11]`]: true, // 16 Other
      [`${P}.f1_37[0]`]: 'Software development',
      [`${P}.f1_38[0]`]: 'Software development services', // 17
      [`${P}.c1_7[0]`]: false, // 18 No
      [`${P}.c1_7[1]`]: true,
      [`${P}.f1_40[0]`]: '', // third-party designee: staff
      [`${P}.f1_41[0]`]: '',
      [`${P}.f1_42[0]`]: '',
      [`${P}.f1_43[0]`]: '',
      [`${P}.f1_44[0]`]: 'Ayşe Yılmaz, Member',
      [`${P}.f1_45[0]`]: '+90 532 123 45 67',
    };
    expect(filled).toEqual(expected);
    // The expectation covers every line the mapping has.
    expect(Object.keys(expected).sort()).toEqual(
      ss4MappedFields()
        .map((f) => f.name)
        .sort(),
    );
    expect((SS4_LINES as readonly Ss4LineSpec[]).length).toBeGreaterThan(30);
  });

  it('stores a flattened draft for review and changes nothing else', async () => {
    const before = await applicationOf(userId);
    const res = await admin.post(`${base}/${app.id}/ss4-generate`);
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({ einStatus: 'waiting_for_form', files: { preparedSs4: null } });
    const row = await applicationOf(userId);
    expect(row?.generatedSs4Key).toMatch(new RegExp(`^ss4/${userId}_\\d+\\.pdf$`));
    expect(row).toMatchObject({ einStatus: 'waiting_for_form', uploadedSs4Key: null, updatedAt: expect.any(Date) });
    expect(row?.stageReachedAt).toEqual(before?.stageReachedAt);
    expect(storedFilesOf(userId)).toContain(row?.generatedSs4Key);
    // Not in the customer's vault until staff use it.
    expect((await documentsOf(userId)).filter((d) => d.category === 'ss4')).toHaveLength(0);
    expect(await auditOf(userId, 'ein.ss4_generated')).toHaveLength(1);

    const status = await admin.get(`${base}/${app.id}/ss4-template-status`);
    expect(status.body).toMatchObject({ template: { ready: true, reason: null, missingFields: [] } });
    const download = await t.app.request(`http://localhost:3000${status.body.generated.url}`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const stored = await PDFDocument.load(new Uint8Array(await download.arrayBuffer()));
    expect(stored.getForm().getFields()).toHaveLength(0);
  });

  it('"use it" makes the draft the prepared SS-4 and mails the customer, like an upload', async () => {
    const draft = (await applicationOf(userId))?.generatedSs4Key;
    const res = await admin.post(`${base}/${app.id}/ss4-generated/use`);
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({
      einStatus: 'ss4_ready',
      files: { preparedSs4: { url: expect.any(String) } },
    });
    const row = await applicationOf(userId);
    expect(row).toMatchObject({ einStatus: 'ss4_ready', generatedSs4Key: null });
    expect(row?.uploadedSs4Key).toMatch(/^ss4\//);
    expect(storedFilesOf(userId)).not.toContain(draft);
    expect(storedFilesOf(userId)).toContain(row?.uploadedSs4Key);
    const vault = (await documentsOf(userId)).filter((d) => d.category === 'ss4');
    expect(vault).toMatchObject([
      { filePath: row?.uploadedSs4Key, uploadedBy: 'admin', fileName: 'SS-4 Anadolu Yazılım LLC.pdf' },
    ]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'ss4Ready')));
    expect(mails).toHaveLength(1);
    expect(await auditOf(userId, 'ein.file_uploaded')).toHaveLength(1);
    expect(await auditOf(userId, 'ein.ss4_generated_used')).toHaveLength(1);

    const again = await admin.post(`${base}/${app.id}/ss4-generated/use`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SS4_GENERATED_NOT_AVAILABLE');
  });
});

describe('the SS-4 data sheet', () => {
  it('is a PDF listing the answers, Turkish letters included, with the SSN masked', async () => {
    const { application } = await applicant({ businessActivity: 'Other', otherActivity: 'El yapımı çini ve seramik' });
    const res = await t.app.request(`http://localhost:3000${base}/${application.id}/ss4-data-sheet`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = await pdfText(bytes);
    for (const answer of [
      'Anadolu Yazılım LLC',
      'Ayşe Yılmaz',
      '***-**-6789',
      'Foreign-owned U.S.',
      'Started new business',
      'El yapımı çini ve seramik',
      'December',
      'Ayşe Yılmaz, Member',
    ]) {
      expect(text).toContain(answer);
    }
    expect(text).not.toContain('123-45-6789');
  });
});
