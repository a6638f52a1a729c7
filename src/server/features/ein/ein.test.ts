import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm, HTML, PNG, pdf } from '../../../../tests/support/files';
import { signedInOwner, signUp, type TestApp } from '../../../../tests/support/test-app';
import { companyFormations, einApplications } from '../../db/schema';
import {
  ARTICLES,
  applicationForm,
  EIN_LETTER,
  helpers,
  INVOICE,
  PREPARED,
  SIGNED,
  VALID_FIELDS,
} from './ein.fixtures';
import { decryptStoredSsn } from './ein-ssn.service';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const h = helpers(() => t);
const { db, completedCustomer, applicant, applicationOf, documentsOf, auditOf, storedFilesOf } = h;

async function formationStatusOf(userId: string) {
  const [row] = await db().select().from(companyFormations).where(eq(companyFormations.userId, userId));
  return row?.formationStatus ?? null;
}

/** An admin client, for moving an application along where a test needs it. */
async function adminClient() {
  return signedInOwner(t);
}

describe('POST /api/ein-applications', () => {
  it('stores the application, both documents and the files, moves the formation and audits', async () => {
    const { c, id } = await completedCustomer();
    const res = await c.post('/api/ein-applications', applicationForm());
    expect(res.status).toBe(201);
    const app = res.body.application;
    expect(app).toMatchObject({
      businessName: 'Anadolu Yazılım LLC',
      email: 'ayse@example.com',
      state: 'Wyoming',
      businessActivity: 'Software Development',
      otherActivity: null,
      responsiblePartyName: 'Ayşe Yılmaz',
      responsiblePartyPhone: '+90 532 123 45 67',
      isForeignApplicant: false,
      ssnLast4: '6789',
      status: 'pending',
      einStatus: 'waiting_for_form',
      stage: 1,
    });
    expect(app.files.articlesOfOrganization).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/files/articles_of_org/${id}_\\d+\\.pdf$`)),
      fileName: 'Articles of Organization.pdf',
      holdsTaxId: false,
    });
    expect(app.files.registeredAgentInvoice).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/files/other/${id}_\\d+\\.png$`)),
      fileName: 'agent-invoice.png',
      holdsTaxId: false,
    });
    expect(app.files).toMatchObject({ preparedSs4: null, signedSs4: null, einDocument: null });
    expect(app).not.toHaveProperty('adminNotes');
    expect(JSON.stringify(res.body)).not.toMatch(/123-?45-?6789/);

    const row = await applicationOf(id);
    expect(row).toMatchObject({
      id: app.id,
      status: 'pending',
      einStatus: 'waiting_for_form',
      isForeignApplicant: false,
    });

    const docs = await documentsOf(id);
    expect(docs).toHaveLength(2);
    const byCategory = Object.fromEntries(docs.map((d) => [d.category, d]));
    expect(byCategory.articles_of_org).toMatchObject({
      filePath: row.articlesOfOrganizationKey,
      fileName: 'Articles of Organization.pdf',
      uploadedBy: 'user',
      contentType: 'application/pdf',
      fileSize: String(ARTICLES.data.length),
    });
    expect(byCategory.other).toMatchObject({
      filePath: row.registeredAgentInvoiceKey,
      fileName: 'agent-invoice.png',
      uploadedBy: 'user',
      contentType: 'image/png',
      fileSize: String(INVOICE.data.length),
    });
    expect(storedFilesOf(id)).toEqual([row.articlesOfOrganizationKey, row.registeredAgentInvoiceKey].sort());

    // The stored bytes come back unchanged through the download route.
    const download = await t.app.request(`http://localhost:3000${app.files.articlesOfOrganization.url}`, {
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(ARTICLES.data)).toBe(true);

    expect(await formationStatusOf(id)).toBe('ein_created');
    const created = await auditOf(id, 'ein.created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      actorId: id,
      actorRole: 'customer',
      entityType: 'ein_application',
      entityId: app.id,
      after: { einStatus: 'waiting_for_form', status: 'pending' },
    });
    const moved = await auditOf(id, 'formation.status_changed');
    expect(moved.at(-1)).toMatchObject({
      before: { formationStatus: 'formation_completed' },
      after: { formationStatus: 'ein_created' },
    });
  });

  it('keeps the SSN only as ciphertext plus the last four digits', async () => {
    const { c, id } = await completedCustomer();
    const res = await c.post('/api/ein-applications', applicationForm({ responsiblePartySsn: '987 65 4321' }));
    expect(res.status).toBe(201);
    const row = await applicationOf(id);
    const json = JSON.stringify(row);
    for (const clear of ['987654321', '987 65 4321', '987-65-4321', '98765']) expect(json).not.toContain(clear);
    expect(row.responsiblePartySsnEncrypted).toMatch(/^v1:/);
    expect(row.responsiblePartySsnLast4).toBe('4321');
    expect(decryptStoredSsn(row, t.deps.encryptionKey)).toBe('987654321');
    // Also not in anything else written by the request.
    const { rows } = (await db().execute(sql`select * from audit_events where subject_user_id = ${id}`)) as {
      rows: unknown[];
    };
    expect(JSON.stringify(rows)).not.toContain('987654321');
  });

  it('stores neither SSN nor last digits when the applicant has no SSN, and marks them foreign', async () => {
    const { c, id } = await completedCustomer();
    const res = await c.post('/api/ein-applications', applicationForm({ noSsn: 'true', responsiblePartySsn: '' }));
    expect(res.status).toBe(201);
    expect(res.body.application).toMatchObject({ isForeignApplicant: true, ssnLast4: null });
    const row = await applicationOf(id);
    expect(row).toMatchObject({
      isForeignApplicant: true,
      responsiblePartySsnEncrypted: null,
      responsiblePartySsnLast4: null,
    });
  });

  it('drops a typed SSN when the no-SSN box is ticked', async () => {
    const { c, id } = await completedCustomer();
    const res = await c.post('/api/ein-applications', applicationForm({ noSsn: 'true' }));
    expect(res.status).toBe(201);
    expect(await applicationOf(id)).toMatchObject({
      responsiblePartySsnEncrypted: null,
      responsiblePartySsnLast4: null,
    });
  });

  it("keeps the 'Other' activity's own words, and drops them for a listed activity", async () => {
    const other = await completedCustomer();
    const res = await other.c.post(
      '/api/ein-applications',
      applicationForm({ businessActivity: 'Other', otherActivity: '  Danışmanlık ' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.application).toMatchObject({ businessActivity: 'Other', otherActivity: 'Danışmanlık' });
    const listed = await completedCustomer();
    const res2 = await listed.c.post('/api/ein-applications', applicationForm({ otherActivity: 'ignored' }));
    expect(res2.status).toBe(201);
    expect(res2.body.application.otherActivity).toBeNull();
  });

  it('refuses a second application with 409 and stores no further files', async () => {
    const { c, id } = await applicant();
    const before = storedFilesOf(id);
    const again = await c.post('/api/ein-applications', applicationForm({ businessName: 'Second LLC' }));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('EIN_APPLICATION_EXISTS');
    expect(storedFilesOf(id)).toEqual(before);
    expect(await documentsOf(id)).toHaveLength(2);
    expect((await applicationOf(id)).businessName).toBe('Anadolu Yazılım LLC');
  });

  it('lets one of two concurrent submits through and removes the loser’s files', async () => {
    const { c, id } = await completedCustomer();
    const results = await Promise.all([
      c.post('/api/ein-applications', applicationForm()),
      c.post('/api/ein-applications', applicationForm()),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).toBe(409);
    expect(await documentsOf(id)).toHaveLength(2);
    expect(storedFilesOf(id)).toHaveLength(2);
    expect(await auditOf(id, 'ein.created')).toHaveLength(1);
  });

  it('refuses customers whose formation is not formation_completed, before reading the body', async () => {
    const c = t.client();
    const { res } = await signUp(c);
    const id = res.body.user.id;
    // No formation at all.
    let r = await c.post('/api/ein-applications', applicationForm());
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('FORMATION_NOT_COMPLETED');
    // At preparation.
    await c.post('/api/formations', { formationType: 'self' });
    r = await c.post('/api/ein-applications', applicationForm());
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('FORMATION_NOT_COMPLETED');
    // Even a body that is not multipart at all gets the same answer: it is never read.
    r = await c.post('/api/ein-applications', { businessName: 'x' });
    expect(r.body.error.code).toBe('FORMATION_NOT_COMPLETED');
    expect(await applicationOf(id)).toBeNull();
    expect(storedFilesOf(id)).toEqual([]);
  });

  it('refuses a formation an admin moved past formation_completed', async () => {
    const { c, id } = await completedCustomer();
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'process_completed' })
      .where(eq(companyFormations.userId, id));
    const r = await c.post('/api/ein-applications', applicationForm());
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('FORMATION_NOT_COMPLETED');
  });

  it('refuses anonymous callers with 401 and admins with 403', async () => {
    const anon = await t.client().post('/api/ein-applications', applicationForm());
    expect(anon.status).toBe(401);
    const admin = await adminClient();
    const r = await admin.post('/api/ein-applications', applicationForm());
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
  });

  it.each([
    { fields: { businessName: '  ' }, field: 'businessName', key: 'validation.businessNameRequired' },
    { fields: { businessName: undefined }, field: 'businessName', key: 'validation.businessNameRequired' },
    { fields: { email: '' }, field: 'email', key: 'validation.emailRequired' },
    { fields: { email: 'not-an-email' }, field: 'email', key: 'validation.emailInvalid' },
    { fields: { state: '' }, field: 'state', key: 'validation.stateRequired' },
    { fields: { state: 'Ontario' }, field: 'state', key: 'validation.stateInvalid' },
    { fields: { businessActivity: undefined }, field: 'businessActivity', key: 'validation.businessActivityRequired' },
    { fields: { businessActivity: 'Mining' }, field: 'businessActivity', key: 'validation.businessActivityRequired' },
    {
      fields: { businessActivity: 'Other', otherActivity: ' ' },
      field: 'otherActivity',
      key: 'validation.otherActivityRequired',
    },
    { fields: { responsiblePartyName: '' }, field: 'responsiblePartyName', key: 'validation.nameRequired' },
    { fields: { responsiblePartyPhone: '' }, field: 'responsiblePartyPhone', key: 'validation.phoneNumberRequired' },
    { fields: { responsiblePartyPhone: 'call me' }, field: 'responsiblePartyPhone', key: 'validation.phoneInvalid' },
    { fields: { responsiblePartySsn: '' }, field: 'responsiblePartySsn', key: 'validation.ssnRequired' },
    { fields: { responsiblePartySsn: undefined }, field: 'responsiblePartySsn', key: 'validation.ssnRequired' },
    { fields: { responsiblePartySsn: '12-345' }, field: 'responsiblePartySsn', key: 'validation.ssnInvalid' },
    { fields: { noSsn: 'maybe' }, field: 'noSsn', key: 'validation.invalid' },
    { fields: { terms: undefined }, field: 'terms', key: 'validation.einTermsRequired' },
    { fields: { terms: 'false' }, field: 'terms', key: 'validation.einTermsRequired' },
  ])('refuses case %# with 400 naming $field, storing nothing', async ({ fields, field, key }) => {
    const { c, id } = await completedCustomer();
    const res = await c.post('/api/ein-applications', applicationForm(fields));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(key);
    expect(await applicationOf(id)).toBeNull();
    expect(await documentsOf(id)).toHaveLength(0);
    expect(storedFilesOf(id)).toEqual([]);
    expect(await formationStatusOf(id)).toBe('formation_completed');
  });

  it.each([
    { files: { articlesOfOrganization: null }, missing: ['articlesOfOrganization'] },
    { files: { registeredAgentInvoice: null }, missing: ['registeredAgentInvoice'] },
    {
      files: { articlesOfOrganization: null, registeredAgentInvoice: null },
      missing: ['articlesOfOrganization', 'registeredAgentInvoice'],
    },
  ])('refuses missing documents $missing with 400 DOCUMENTS_REQUIRED', async ({ files, missing }) => {
    const { c, id } = await completedCustomer();
    const res = await c.post('/api/ein-applications', applicationForm({}, files));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('DOCUMENTS_REQUIRED');
    expect(res.body.error.fields).toEqual(Object.fromEntries(missing.map((f) => [f, 'validation.documentsRequired'])));
    expect(await applicationOf(id)).toBeNull();
    expect(storedFilesOf(id)).toEqual([]);
  });

  it('refuses an HTML page named .pdf with 415 and stores nothing', async () => {
    const { c, id } = await completedCustomer();
    const res = await c.post(
      '/api/ein-applications',
      applicationForm({}, { registeredAgentInvoice: { data: HTML, type: 'application/pdf', name: 'invoice.pdf' } }),
    );
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(await applicationOf(id)).toBeNull();
    expect(await documentsOf(id)).toHaveLength(0);
    expect(storedFilesOf(id)).toEqual([]);
    expect(await formationStatusOf(id)).toBe('formation_completed');
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const { c, id } = await completedCustomer();
    const big = Buffer.concat([pdf('big'), Buffer.alloc(5_242_880)]);
    const res = await c.post(
      '/api/ein-applications',
      applicationForm({}, { articlesOfOrganization: { data: big, type: 'application/pdf', name: 'big.pdf' } }),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('FILE_TOO_LARGE');
    expect(await applicationOf(id)).toBeNull();
    expect(storedFilesOf(id)).toEqual([]);
  });

  it('commits nothing and removes the stored files when the transaction fails', async () => {
    const { c, id } = await completedCustomer();
    await db().execute(sql`
      create or replace function ein_test_refuse_documents() returns trigger as $$
      begin
        raise exception 'documents insert refused by test';
      end;
      $$ language plpgsql`);
    await db().execute(sql`
      create trigger ein_test_refuse_documents before insert on documents
      for each row execute function ein_test_refuse_documents()`);
    try {
      const res = await c.post('/api/ein-applications', applicationForm());
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('INTERNAL');
    } finally {
      await db().execute(sql`drop trigger if exists ein_test_refuse_documents on documents`);
      await db().execute(sql`drop function if exists ein_test_refuse_documents()`);
    }
    expect(await applicationOf(id)).toBeNull();
    expect(await documentsOf(id)).toHaveLength(0);
    expect(await formationStatusOf(id)).toBe('formation_completed');
    expect(await auditOf(id, 'ein.created')).toHaveLength(0);
    expect(storedFilesOf(id)).toEqual([]);
    // And with the trigger gone the same customer can submit.
    expect((await c.post('/api/ein-applications', applicationForm())).status).toBe(201);
  });
});

describe('GET /api/ein-applications/me', () => {
  it('returns only the caller’s own application', async () => {
    const a = await applicant({ businessName: 'A Holding LLC' });
    const b = await applicant({ businessName: 'B Trading LLC' });
    const ra = await a.c.get('/api/ein-applications/me');
    const rb = await b.c.get('/api/ein-applications/me');
    expect(ra.status).toBe(200);
    expect(ra.body.application).toEqual(a.application);
    expect(ra.body.application.businessName).toBe('A Holding LLC');
    expect(rb.body.application.businessName).toBe('B Trading LLC');
    expect(rb.body.application.id).not.toBe(ra.body.application.id);
  });

  it('is 404 EIN_APPLICATION_REQUIRED without one, and 401 anonymous', async () => {
    const { c } = await completedCustomer();
    const res = await c.get('/api/ein-applications/me');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('EIN_APPLICATION_REQUIRED');
    expect((await t.client().get('/api/ein-applications/me')).status).toBe(401);
  });
});

describe('POST /api/ein-applications/me/signed-ss4', () => {
  async function withPreparedSs4() {
    const who = await applicant();
    const admin = await adminClient();
    const up = await admin.post(`/api/admin/ein-applications/${who.application.id}/ss4`, fileForm(PREPARED));
    expect(up.status).toBe(200);
    return { ...who, admin };
  }

  it('is 409 SS4_NOT_AVAILABLE before the admin prepared the form', async () => {
    const { c, id } = await applicant();
    const res = await c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('SS4_NOT_AVAILABLE');
    expect((await applicationOf(id)).einStatus).toBe('waiting_for_form');
    expect(storedFilesOf(id).filter((k) => k.startsWith('signed_ss4/'))).toEqual([]);
  });

  it('is 404 EIN_APPLICATION_REQUIRED without an application, 401 anonymous', async () => {
    const { c } = await completedCustomer();
    const res = await c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('EIN_APPLICATION_REQUIRED');
    expect((await t.client().post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED))).status).toBe(401);
  });

  it('stores the signed PDF, sets ss4_uploaded, adds the ss4 document and serves it back', async () => {
    const { c, id } = await withPreparedSs4();
    const res = await c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED));
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({ einStatus: 'ss4_uploaded', stage: 3 });
    const signed = res.body.application.files.signedSs4;
    expect(signed).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/files/signed_ss4/${id}_\\d+\\.pdf$`)),
      fileName: 'SS-4 imzalı.pdf',
      holdsTaxId: true,
    });
    const row = await applicationOf(id);
    expect(`/api/files/${row.uploadedSignedSs4Key}`).toBe(signed.url);
    const doc = (await documentsOf(id)).find((d) => d.filePath === row.uploadedSignedSs4Key);
    expect(doc).toMatchObject({ category: 'ss4', uploadedBy: 'user', fileName: 'SS-4 imzalı.pdf' });
    const download = await c.get(signed.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const audit = await auditOf(id, 'ein.file_uploaded');
    expect(audit.at(-1)).toMatchObject({
      actorId: id,
      actorRole: 'customer',
      before: { einStatus: 'ss4_ready' },
      after: { einStatus: 'ss4_uploaded', file: row.uploadedSignedSs4Key },
    });
  });

  it('refuses a non-PDF with 415 PDF_REQUIRED and a missing file with 400', async () => {
    const { c, id } = await withPreparedSs4();
    const png = await c.post(
      '/api/ein-applications/me/signed-ss4',
      fileForm({ data: PNG, type: 'image/png', name: 's.png' }),
    );
    expect(png.status).toBe(415);
    expect(png.body.error.code).toBe('PDF_REQUIRED');
    const html = await c.post(
      '/api/ein-applications/me/signed-ss4',
      fileForm({ data: HTML, type: 'application/pdf', name: 's.pdf' }),
    );
    expect(html.status).toBe(415);
    const none = await c.post('/api/ein-applications/me/signed-ss4', fileForm(null));
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ file: 'validation.fileRequired' });
    expect((await applicationOf(id)).einStatus).toBe('ss4_ready');
    expect(storedFilesOf(id).filter((k) => k.startsWith('signed_ss4/'))).toEqual([]);
  });

  it("refuses a signed form over 5 MB with 413 'File size must be less than 5MB' and stores nothing", async () => {
    const { c, id } = await withPreparedSs4();
    const big = Buffer.concat([pdf('signed'), Buffer.alloc(5_242_880)]);
    const res = await c.post(
      '/api/ein-applications/me/signed-ss4',
      fileForm({ data: big, type: 'application/pdf', name: 'big.pdf' }),
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'FILE_SIZE_LIMIT', message: "Dosya boyutu 5MB'tan küçük olmalıdır" });
    expect((await applicationOf(id)).einStatus).toBe('ss4_ready');
    expect(storedFilesOf(id).filter((k) => k.startsWith('signed_ss4/'))).toEqual([]);
  });

  it('replaces the signed form while ss4_uploaded, keeping one document and one file', async () => {
    const { c, id } = await withPreparedSs4();
    const first = await c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED));
    expect(first.status).toBe(200);
    const second = await c.post(
      '/api/ein-applications/me/signed-ss4',
      fileForm({ data: pdf('again'), type: 'application/pdf', name: 'second.pdf' }),
    );
    expect(second.status).toBe(200);
    expect(second.body.application.files.signedSs4.fileName).toBe('second.pdf');
    expect(second.body.application.files.signedSs4.url).not.toBe(first.body.application.files.signedSs4.url);
    const row = await applicationOf(id);
    const signedDocs = (await documentsOf(id)).filter((d) => d.filePath.startsWith('signed_ss4/'));
    expect(signedDocs.map((d) => d.filePath)).toEqual([row.uploadedSignedSs4Key]);
    expect(storedFilesOf(id).filter((k) => k.startsWith('signed_ss4/'))).toEqual([row.uploadedSignedSs4Key]);
  });

  it('is refused with 409 once the form went to the IRS, and keeps the file it had', async () => {
    const { c, id, admin, application } = await withPreparedSs4();
    expect((await c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED))).status).toBe(200);
    const adv = await admin.post(`/api/admin/ein-applications/${application.id}/advance`, { to: 'submitted_to_irs' });
    expect(adv.status).toBe(200);
    const before = await applicationOf(id);
    const res = await c.post('/api/ein-applications/me/signed-ss4', fileForm(EIN_LETTER));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INVALID_TRANSITION');
    const after = await applicationOf(id);
    expect(after).toEqual(before);
    expect(storedFilesOf(id).filter((k) => k.startsWith('signed_ss4/'))).toEqual([before.uploadedSignedSs4Key]);
  });
});

describe('GET /api/formations/me einApplication', () => {
  it('is null before applying, then follows the application', async () => {
    const { c, id } = await completedCustomer();
    expect((await c.get('/api/formations/me')).body.einApplication).toBeNull();
    expect((await c.post('/api/ein-applications', applicationForm())).status).toBe(201);
    let me = await c.get('/api/formations/me');
    expect(me.body.formation.formationStatus).toBe('ein_created');
    // The company card on the dashboard gets its name from the application.
    expect(me.body.formation.businessName).toBe(VALID_FIELDS.businessName);
    expect(me.body.einApplication).toEqual({
      einStatus: 'waiting_for_form',
      stage: 1,
      hasPreparedSs4: false,
      hasSignedSs4: false,
      preparedSs4Url: null,
      signedSs4Url: null,
      einDocumentUrl: null,
      ein: null,
      ssnPurgeOn: null,
      ssnPurgedAt: null,
    });
    const admin = await adminClient();
    const [row] = await db().select().from(einApplications).where(eq(einApplications.userId, id));
    expect((await admin.post(`/api/admin/ein-applications/${row.id}/ss4`, fileForm(PREPARED))).status).toBe(200);
    me = await c.get('/api/formations/me');
    const prepared = await applicationOf(id);
    expect(me.body.einApplication).toEqual({
      einStatus: 'ss4_ready',
      stage: 2,
      hasPreparedSs4: true,
      hasSignedSs4: false,
      preparedSs4Url: `/api/files/${prepared.uploadedSs4Key}`,
      signedSs4Url: null,
      einDocumentUrl: null,
      ein: null,
      ssnPurgeOn: null,
      ssnPurgedAt: null,
    });
    // The customer can download the form the admin prepared.
    expect((await c.get(me.body.einApplication.preparedSs4Url)).status).toBe(200);
  });
});
