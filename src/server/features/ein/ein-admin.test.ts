import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm, HTML, PNG, pdf } from '../../../../tests/support/files';
import type { TestApp, TestClient } from '../../../../tests/support/test-app';
import { EIN_STATUSES, type EinStatus } from '../../../shared/features/ein/ein.domain';
import { COUNT_CAP } from '../../db/list-total';
import { companyFormations, einApplications, mailOutbox } from '../../db/schema';
import { einDocumentForm, helpers, PREPARED, SIGNED, TEST_EIN } from './ein.fixtures';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
let adminId: string;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
  adminId = owner.id;
});

const { db, completedCustomer, applicant, applicationOf, documentsOf, auditOf, storedFilesOf } = helpers(() => t);
const base = '/api/admin/ein-applications';

async function formationOf(userId: string) {
  const [row] = await db().select().from(companyFormations).where(eq(companyFormations.userId, userId));
  return row;
}

async function mailsTo(to: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
}

async function put(c: TestClient, path: string, body: unknown) {
  return c.request('PUT', path, body);
}

/** Walks an application to `status` the way the admin screen does. */
async function moveTo(appId: string, customer: TestClient, status: EinStatus) {
  const steps: Record<EinStatus, () => Promise<{ status: number }>> = {
    waiting_for_form: async () => ({ status: 200 }),
    ss4_ready: () => admin.post(`${base}/${appId}/ss4`, fileForm(PREPARED)),
    ss4_uploaded: () => customer.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED)),
    submitted_to_irs: () => admin.post(`${base}/${appId}/advance`, { to: 'submitted_to_irs' }),
    ein_issued: () => admin.post(`${base}/${appId}/ein-document`, einDocumentForm()),
  };
  for (const s of EIN_STATUSES.slice(1, EIN_STATUSES.indexOf(status) + 1)) {
    expect((await steps[s]()).status).toBe(200);
  }
}

describe('the admin EIN routes', () => {
  it('is in the OpenAPI document under /api/admin, with the multipart bodies described', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/ein-applications',
        '/api/admin/ein-applications/{id}',
        '/api/admin/ein-applications/{id}/ssn',
        '/api/admin/ein-applications/{id}/ss4',
        '/api/admin/ein-applications/{id}/ein-document',
        '/api/admin/ein-applications/{id}/advance',
        '/api/admin/ein-applications/{id}/notes',
        '/api/ein-applications',
        '/api/ein-applications/me',
        '/api/ein-applications/me/signed-ss4',
      ]),
    );
    const ss4Body = doc.paths['/api/admin/ein-applications/{id}/ss4'].post.requestBody.content['multipart/form-data'];
    expect(ss4Body.schema.properties.file).toEqual({ type: 'string', format: 'binary' });
    const submitBody = doc.paths['/api/ein-applications'].post.requestBody.content['multipart/form-data'];
    expect(submitBody.schema.required).toContain('articlesOfOrganization');
  });
});

describe('GET /api/admin/ein-applications', () => {
  const marker = `Qx${Date.now().toString(36)}`;
  const made: Array<{ id: string; appId: string; email: string; c: TestClient }> = [];

  beforeAll(async () => {
    for (const n of [1, 2, 3]) {
      const a = await applicant({
        businessName: `${marker} Company ${n} LLC`,
        responsiblePartyName: `Owner ${marker}${n}`,
        email: `contact${n}.${marker.toLowerCase()}@example.org`,
      });
      made.push({ id: a.id, appId: a.application.id, email: a.email, c: a.c });
      // Distinct created_at values, so the order is the order of creation.
      await new Promise((r) => setTimeout(r, 5));
    }
  });

  it('pages with one total and sorts by created date both ways', async () => {
    const desc1 = await admin.get(`${base}?q=${marker}&pageSize=2&page=1`);
    expect(desc1.status).toBe(200);
    expect(desc1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    const desc2 = await admin.get(`${base}?q=${marker}&pageSize=2&page=2`);
    expect(desc2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    const descIds = [...desc1.body.items, ...desc2.body.items].map((i: { id: string }) => i.id);
    expect(descIds).toEqual(made.map((m) => m.appId).reverse());
    const asc = await admin.get(`${base}?q=${marker}&sort=created_asc&pageSize=100`);
    expect(asc.body.items.map((i: { id: string }) => i.id)).toEqual(made.map((m) => m.appId));
    const beyond = await admin.get(`${base}?q=${marker}&pageSize=2&page=3`);
    expect(beyond.body).toMatchObject({ total: 3, items: [] });
  });

  it('defaults to newest first, page 1 of 20', async () => {
    const res = await admin.get(base);
    expect(res.body).toMatchObject({ page: 1, pageSize: 20 });
    const times = res.body.items.map((i: { createdAt: string }) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by ein_status', async () => {
    await moveTo(made[1].appId, made[1].c, 'ss4_ready');
    const ready = await admin.get(`${base}?q=${marker}&status=ss4_ready`);
    expect(ready.body.total).toBe(1);
    expect(ready.body.items[0]).toMatchObject({
      id: made[1].appId,
      einStatus: 'ss4_ready',
      nextStatus: 'ss4_uploaded',
    });
    const waiting = await admin.get(`${base}?q=${marker}&status=waiting_for_form`);
    expect(waiting.body.items.map((i: { id: string }) => i.id).sort()).toEqual([made[0].appId, made[2].appId].sort());
  });

  it.each([
    ['business name', (n: number) => `${marker} Company ${n}`],
    ['application email', (n: number) => `CONTACT${n}.${marker}`],
    ['responsible party name', (n: number) => `owner ${marker}${n}`],
  ])('searches by %s, case-insensitively', async (_what, q) => {
    const res = await admin.get(`${base}?q=${encodeURIComponent(q(3))}`);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0].id).toBe(made[2].appId);
  });

  it('searches by the account email', async () => {
    const res = await admin.get(`${base}?q=${encodeURIComponent(made[0].email)}`);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({ id: made[0].appId, userEmail: made[0].email, userId: made[0].id });
  });

  it('treats % and _ in the search as plain characters', async () => {
    const special = await applicant({ businessName: `Yüzde %100_${marker} LLC` });
    const percent = await admin.get(`${base}?q=${encodeURIComponent('%')}`);
    expect(percent.body.items.map((i: { id: string }) => i.id)).toEqual([special.application.id]);
    const underscore = await admin.get(`${base}?q=${encodeURIComponent(`0_${marker}`)}`);
    expect(underscore.body.total).toBe(1);
    // Unescaped, "_" would match any one character, "Company 1" included.
    const wildcard = await admin.get(`${base}?q=${encodeURIComponent(`${marker} Compan_`)}`);
    expect(wildcard.body.total).toBe(0);
  });

  it('shows the admin fields and only the masked SSN', async () => {
    const res = await admin.get(`${base}?q=${marker}&sort=created_asc`);
    const item = res.body.items[0];
    expect(item).toMatchObject({
      userId: made[0].id,
      userEmail: made[0].email,
      userName: 'Ayşe Yılmaz',
      ssnMasked: '***-**-6789',
      ssnLast4: '6789',
      adminNotes: null,
      nextStatus: 'ss4_ready',
      formationStatus: 'ein_created',
      stage: 1,
    });
    expect(item.files.articlesOfOrganization.url).toMatch(/^\/api\/files\/articles_of_org\//);
    expect(JSON.stringify(res.body)).not.toMatch(/123-?45-?6789|v1:/);
  });

  it('refuses bad query values with 400', async () => {
    for (const q of ['pageSize=1000', 'page=0', 'status=done', 'sort=name']) {
      const res = await admin.get(`${base}?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('says "at least" the cap for a search matching more, and still pages it in order', async () => {
    const many = `kalabalik${Date.now().toString(36)}`;
    const n = COUNT_CAP + 30;
    await db().execute(sql`insert into users (id, name, email)
      select ${many} || '-' || g, 'Kalabalık ' || g, ${many} || '.' || g || '@example.com'
      from generate_series(1, ${n}) g`);
    await db().execute(sql`insert into ein_applications (user_id, business_name, email, state, business_activity,
        responsible_party_name, responsible_party_phone, created_at)
      select ${many} || '-' || g, ${many} || ' Şirket ' || g, ${many} || '.' || g || '@example.com', 'Wyoming',
             'Danışmanlık', 'Kalabalık ' || g, '+905321112233', timestamptz '2020-01-01' + g * interval '1 second'
      from generate_series(1, ${n}) g`);
    const res = await admin.get(`${base}?q=${many}&sort=created_asc&pageSize=100&page=101`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: COUNT_CAP, totalKind: 'atLeast' });
    expect(res.body.items.map((i: { businessName: string }) => i.businessName)).toEqual(
      Array.from({ length: 30 }, (_, i) => `${many} Şirket ${COUNT_CAP + 1 + i}`),
    );
    const one = await admin.get(`${base}?q=${many}.77@`);
    expect(one.body).toMatchObject({ total: 1, totalKind: 'exact' });
    // Ten thousand rows through the trigram indexes: seconds on PGlite when quiet, 31 s on a loaded host.
  }, 120_000);
});

describe('GET /api/admin/ein-applications/{id}', () => {
  it('returns one application, and 404 for unknown or malformed ids', async () => {
    const { application, id } = await applicant();
    const res = await admin.get(`${base}/${application.id}`);
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({ id: application.id, userId: id, ssnMasked: '***-**-6789' });
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await admin.get(`${base}/${bad}`);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('POST /api/admin/ein-applications/{id}/ssn', () => {
  it('returns the clear SSN and audits the reveal', async () => {
    const { application, id } = await applicant({ responsiblePartySsn: '987654321' });
    const res = await admin.post(`${base}/${application.id}/ssn`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ssn: '987-65-4321' });
    const audit = await auditOf(id, 'ein.ssn_revealed');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      actorRole: 'admin',
      entityType: 'ein_application',
      entityId: application.id,
    });
    // The SSN's digits in any spelling; not a bare '987', which a random UUID in the row may hold.
    const auditText = JSON.stringify(audit[0]);
    for (const spelling of ['987654321', '987-65-4321', '65-4321', '654321']) {
      expect(auditText).not.toContain(spelling);
    }
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers null for an applicant without SSN (still audited), and 404 for no application', async () => {
    const { application, id } = await applicant({ noSsn: 'true', responsiblePartySsn: '' });
    const res = await admin.post(`${base}/${application.id}/ssn`);
    expect(res.body).toEqual({ ssn: null });
    expect(await auditOf(id, 'ein.ssn_revealed')).toHaveLength(1);
    expect((await admin.post(`${base}/00000000-0000-4000-8000-000000000000/ssn`)).status).toBe(404);
  });
});

describe('POST /api/admin/ein-applications/{id}/ss4', () => {
  it('stores the form, sets ss4_ready, mails the customer in their language, shows it in their documents', async () => {
    const { c, id, email, application } = await applicant({}, { lang: 'en' });
    const res = await admin.post(`${base}/${application.id}/ss4`, fileForm(PREPARED));
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({ einStatus: 'ss4_ready', stage: 2, nextStatus: 'ss4_uploaded' });
    const row = await applicationOf(id);
    expect(row.uploadedSs4Key).toMatch(new RegExp(`^ss4/${id}_\\d+\\.pdf$`));
    expect(res.body.application.files.preparedSs4).toEqual({
      url: `/api/files/${row.uploadedSs4Key}`,
      fileName: 'SS-4 prepared.pdf',
      holdsTaxId: true,
    });
    const doc = (await documentsOf(id)).find((d) => d.filePath === row.uploadedSs4Key);
    expect(doc).toMatchObject({ category: 'ss4', uploadedBy: 'admin', userId: id });

    const mails = await mailsTo(email);
    const ss4Mails = mails.filter((m) => m.template === 'ss4Ready');
    expect(ss4Mails).toHaveLength(1);
    expect(ss4Mails[0]).toMatchObject({ lang: 'en', subject: expect.stringMatching(/SS-4/) });
    expect(ss4Mails[0].text).toContain('http://localhost:3000/ss4-instructions');

    const vault = await c.get('/api/documents');
    expect(vault.status).toBe(200);
    expect(vault.body.documents[0]).toMatchObject({
      category: 'ss4',
      uploadedBy: 'admin',
      fileName: 'SS-4 prepared.pdf',
      url: `/api/files/${row.uploadedSs4Key}`,
    });
    expect((await c.get(`/api/files/${row.uploadedSs4Key}`)).status).toBe(200);

    const audit = await auditOf(id, 'ein.file_uploaded');
    expect(audit.at(-1)).toMatchObject({
      actorId: adminId,
      actorRole: 'admin',
      before: { einStatus: 'waiting_for_form', file: null },
      after: { einStatus: 'ss4_ready', file: row.uploadedSs4Key },
    });
  });

  it('mails in Turkish to a Turkish-speaking customer', async () => {
    const { email, application } = await applicant();
    expect((await admin.post(`${base}/${application.id}/ss4`, fileForm(PREPARED))).status).toBe(200);
    const [mail] = (await mailsTo(email)).filter((m) => m.template === 'ss4Ready');
    expect(mail.lang).toBe('tr');
  });

  it('replaces the form while ss4_ready, keeping one document and one file', async () => {
    const { id, application } = await applicant();
    expect((await admin.post(`${base}/${application.id}/ss4`, fileForm(PREPARED))).status).toBe(200);
    const first = await applicationOf(id);
    const res = await admin.post(`${base}/${application.id}/ss4`, fileForm({ ...PREPARED, name: 'fixed.pdf' }));
    expect(res.status).toBe(200);
    const second = await applicationOf(id);
    expect(second.uploadedSs4Key).not.toBe(first.uploadedSs4Key);
    const ss4Docs = (await documentsOf(id)).filter((d) => d.filePath.startsWith('ss4/'));
    expect(ss4Docs.map((d) => [d.filePath, d.fileName])).toEqual([[second.uploadedSs4Key, 'fixed.pdf']]);
    expect(storedFilesOf(id).filter((k) => k.startsWith('ss4/'))).toEqual([second.uploadedSs4Key]);
  });

  it('refuses non-PDF files with 415 PDF_REQUIRED and stores nothing', async () => {
    const { id, email, application } = await applicant();
    const mailsBefore = (await mailsTo(email)).length;
    for (const file of [
      { data: PNG, type: 'image/png', name: 'ss4.png' },
      { data: HTML, type: 'application/pdf', name: 'ss4.pdf' },
    ]) {
      const res = await admin.post(`${base}/${application.id}/ss4`, fileForm(file));
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('PDF_REQUIRED');
    }
    expect((await applicationOf(id)).einStatus).toBe('waiting_for_form');
    expect(storedFilesOf(id)).toHaveLength(2);
    // The sign-up and stage mails are there already; a refused upload adds none.
    expect(await mailsTo(email)).toHaveLength(mailsBefore);
  });

  it("refuses a form over 5 MB with 413 'File size must be less than 5MB' and stores nothing", async () => {
    const { id, application } = await applicant();
    const big = Buffer.concat([pdf('prepared'), Buffer.alloc(5_242_880)]);
    const res = await admin.post(
      `${base}/${application.id}/ss4`,
      fileForm({ data: big, type: 'application/pdf', name: 'ss4.pdf' }),
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'FILE_SIZE_LIMIT', message: 'File size must be less than 5MB' });
    expect((await applicationOf(id)).einStatus).toBe('waiting_for_form');
    expect(storedFilesOf(id)).toHaveLength(2);
  });

  it('is refused with 409 once the customer signed it, and 404 for an unknown id', async () => {
    const { c, id, application } = await applicant();
    await moveTo(application.id, c, 'ss4_uploaded');
    const before = await applicationOf(id);
    const res = await admin.post(`${base}/${application.id}/ss4`, fileForm(PREPARED));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INVALID_TRANSITION');
    expect(await applicationOf(id)).toEqual(before);
    const unknown = await admin.post(`${base}/00000000-0000-4000-8000-000000000000/ss4`, fileForm(PREPARED));
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/admin/ein-applications/{id}/advance', () => {
  it('moves one step at a time along the whole chain, auditing each', async () => {
    const { id, email, application } = await applicant();
    let status: EinStatus = 'waiting_for_form';
    for (const to of EIN_STATUSES.slice(1)) {
      const res = await admin.post(`${base}/${application.id}/advance`, {
        to,
        ...(to === 'ein_issued' ? { ein: TEST_EIN } : {}),
      });
      expect(res.status).toBe(200);
      expect(res.body.application.einStatus).toBe(to);
      const audit = await auditOf(id, 'ein.status_changed');
      expect(audit.at(-1)).toMatchObject({
        actorId: adminId,
        actorRole: 'admin',
        before: { einStatus: status },
        after: { einStatus: to },
      });
      status = to;
    }
    expect(await auditOf(id, 'ein.status_changed')).toHaveLength(4);
    // ein_issued completes the process (the system's step from ein_created) and tells the customer.
    const formation = await formationOf(id);
    expect(formation.formationStatus).toBe('process_completed');
    const moved = await auditOf(id, 'formation.status_changed');
    expect(moved.at(-1)).toMatchObject({
      actorId: adminId,
      before: { formationStatus: 'ein_created' },
      after: { formationStatus: 'process_completed' },
    });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.template)).toContain('einIssued');
    // Advancing to ss4_ready without a prepared form sends no "form is ready" mail.
    expect(mails.map((m) => m.template)).not.toContain('ss4Ready');
    expect(mails.find((m) => m.template === 'einIssued')?.text).toContain('http://localhost:3000/dashboard');
  });

  it.each<[EinStatus, EinStatus, string]>([
    ['waiting_for_form', 'ss4_uploaded', 'skip'],
    ['waiting_for_form', 'ein_issued', 'skip to the end'],
    ['ss4_uploaded', 'ss4_ready', 'backwards'],
    ['submitted_to_irs', 'waiting_for_form', 'back to the start'],
    ['ss4_ready', 'ss4_ready', 'same'],
    ['ein_issued', 'ein_issued', 'after ein_issued (same)'],
    ['ein_issued', 'submitted_to_irs', 'after ein_issued (back)'],
  ])('refuses %s → %s (%s) with 409 and changes nothing', async (from, to) => {
    const { c, id, application } = await applicant();
    await moveTo(application.id, c, from);
    const before = await applicationOf(id);
    const audits = (await auditOf(id, 'ein.status_changed')).length;
    const res = await admin.post(`${base}/${application.id}/advance`, { to });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INVALID_TRANSITION');
    expect(await applicationOf(id)).toEqual(before);
    expect(await auditOf(id, 'ein.status_changed')).toHaveLength(audits);
  });

  it('lets only one of two concurrent advances through', async () => {
    const { id, application } = await applicant();
    const results = await Promise.all([
      admin.post(`${base}/${application.id}/advance`, { to: 'ss4_ready' }),
      admin.post(`${base}/${application.id}/advance`, { to: 'ss4_ready' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditOf(id, 'ein.status_changed')).toHaveLength(1);
  });

  it('refuses an unknown status with 400 and an unknown application with 404', async () => {
    const { application } = await applicant();
    const bad = await admin.post(`${base}/${application.id}/advance`, { to: 'approved' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ to: 'validation.invalid' });
    const unknown = await admin.post(`${base}/00000000-0000-4000-8000-000000000000/advance`, { to: 'ss4_ready' });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/admin/ein-applications/{id}/ein-document', () => {
  it('is refused with 409 before submitted_to_irs and stores nothing', async () => {
    const { c, id, application } = await applicant();
    for (const status of ['waiting_for_form', 'ss4_ready', 'ss4_uploaded'] as const) {
      await moveTo(application.id, c, status);
      const res = await admin.post(`${base}/${application.id}/ein-document`, einDocumentForm());
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('INVALID_TRANSITION');
      expect((await applicationOf(id)).einStatus).toBe(status);
      // moveTo only walks forward from the current status.
      if (status === 'ss4_ready') break;
    }
    expect(storedFilesOf(id).filter((k) => k.startsWith('ein/'))).toEqual([]);
  });

  it('at submitted_to_irs: stores it, sets ein_issued, completes the formation, mails einIssued', async () => {
    const { c, id, email, application } = await applicant({}, { lang: 'en' });
    await moveTo(application.id, c, 'submitted_to_irs');
    const res = await admin.post(`${base}/${application.id}/ein-document`, einDocumentForm());
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({
      einStatus: 'ein_issued',
      stage: 5,
      nextStatus: null,
      formationStatus: 'process_completed',
    });
    const row = await applicationOf(id);
    expect(row.uploadedEinDocumentKey).toMatch(new RegExp(`^ein/${id}_\\d+\\.pdf$`));
    const doc = (await documentsOf(id)).find((d) => d.filePath === row.uploadedEinDocumentKey);
    expect(doc).toMatchObject({ category: 'ein', uploadedBy: 'admin', fileName: 'CP575.pdf' });
    expect((await formationOf(id)).formationStatus).toBe('process_completed');
    const [mail] = (await mailsTo(email)).filter((m) => m.template === 'einIssued');
    expect(mail).toMatchObject({ lang: 'en' });
    const summary = (await c.get('/api/formations/me')).body;
    expect(summary.formation.formationStatus).toBe('process_completed');
    expect(summary.einApplication).toMatchObject({
      einStatus: 'ein_issued',
      stage: 5,
      einDocumentUrl: `/api/files/${row.uploadedEinDocumentKey}`,
    });
    // Final: neither another document nor an advance.
    expect((await admin.post(`${base}/${application.id}/ein-document`, einDocumentForm())).status).toBe(409);
  });

  it("uses the admin's rule when an admin had moved the formation elsewhere", async () => {
    const { c, id, application } = await applicant();
    await moveTo(application.id, c, 'submitted_to_irs');
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'preparation' })
      .where(eq(companyFormations.userId, id));
    expect((await admin.post(`${base}/${application.id}/ein-document`, einDocumentForm())).status).toBe(200);
    expect((await formationOf(id)).formationStatus).toBe('process_completed');
    const moved = await auditOf(id, 'formation.status_changed');
    expect(moved.at(-1)).toMatchObject({
      actorRole: 'admin',
      before: { formationStatus: 'preparation' },
      after: { formationStatus: 'process_completed' },
    });
  });

  it('leaves an already completed formation alone', async () => {
    const { c, id, application } = await applicant();
    await moveTo(application.id, c, 'submitted_to_irs');
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'process_completed' })
      .where(eq(companyFormations.userId, id));
    const audits = (await auditOf(id, 'formation.status_changed')).length;
    expect((await admin.post(`${base}/${application.id}/ein-document`, einDocumentForm())).status).toBe(200);
    expect(await auditOf(id, 'formation.status_changed')).toHaveLength(audits);
  });

  it('queues the mail in the same transaction: a failed commit leaves no mail, no status, no file', async () => {
    const { c, id, email, application } = await applicant();
    await moveTo(application.id, c, 'submitted_to_irs');
    const before = await applicationOf(id);
    // A deferred trigger fails at COMMIT, after every statement of the change (the mail included) ran.
    await db().execute(sql`
      create or replace function ein_test_refuse_commit() returns trigger as $$
      begin
        raise exception 'commit refused by test';
      end;
      $$ language plpgsql`);
    await db().execute(sql`
      create constraint trigger ein_test_refuse_commit after insert on audit_events
      deferrable initially deferred for each row execute function ein_test_refuse_commit()`);
    try {
      const res = await admin.post(`${base}/${application.id}/ein-document`, einDocumentForm());
      expect(res.status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger if exists ein_test_refuse_commit on audit_events`);
      await db().execute(sql`drop function if exists ein_test_refuse_commit()`);
    }
    expect(await applicationOf(id)).toEqual(before);
    expect((await formationOf(id)).formationStatus).toBe('ein_created');
    expect((await mailsTo(email)).filter((m) => m.template === 'einIssued')).toHaveLength(0);
    expect(storedFilesOf(id).filter((k) => k.startsWith('ein/'))).toEqual([]);
    expect((await documentsOf(id)).filter((d) => d.category === 'ein')).toHaveLength(0);
  });
});

describe('PUT /api/admin/ein-applications/{id}/notes', () => {
  it('saves, clears, audits, and never shows the notes to the customer', async () => {
    const { c, id, application } = await applicant();
    const res = await put(admin, `${base}/${application.id}/notes`, { adminNotes: 'IRS faksı bekleniyor' });
    expect(res.status).toBe(200);
    expect(res.body.application.adminNotes).toBe('IRS faksı bekleniyor');
    expect((await applicationOf(id)).adminNotes).toBe('IRS faksı bekleniyor');
    const mine = await c.get('/api/ein-applications/me');
    expect(JSON.stringify(mine.body)).not.toContain('IRS faksı');
    const cleared = await put(admin, `${base}/${application.id}/notes`, { adminNotes: '   ' });
    expect(cleared.body.application.adminNotes).toBeNull();
    const audit = await auditOf(id, 'ein.notes_saved');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: adminId, after: { adminNotes: 'IRS faksı bekleniyor' } });
  });

  it('refuses over-long notes with 400 and unknown ids with 404', async () => {
    const { application } = await applicant();
    const long = await put(admin, `${base}/${application.id}/notes`, { adminNotes: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ adminNotes: 'validation.textTooLong' });
    const missing = await put(admin, `${base}/${application.id}/notes`, {});
    expect(missing.status).toBe(400);
    const unknown = await put(admin, `${base}/00000000-0000-4000-8000-000000000000/notes`, { adminNotes: 'a' });
    expect(unknown.status).toBe(404);
  });
});

describe('customer isolation', () => {
  it("a customer cannot reach another customer's files", async () => {
    const a = await applicant();
    const b = await completedCustomer();
    const row = await db()
      .select()
      .from(einApplications)
      .where(and(eq(einApplications.userId, a.id)));
    const res = await b.c.get(`/api/files/${row[0].articlesOfOrganizationKey}`);
    expect(res.status).toBe(404);
    expect((await admin.get(`/api/files/${row[0].articlesOfOrganizationKey}`)).status).toBe(200);
  });
});
