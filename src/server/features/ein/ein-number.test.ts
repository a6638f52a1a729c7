import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm } from '../../../../tests/support/files';
import type { TestApp, TestClient } from '../../../../tests/support/test-app';
import { companyFormations, mailOutbox } from '../../db/schema';
import { einDocumentForm, helpers, PREPARED, SIGNED } from './ein.fixtures';

/** Decision 0019: the EIN number staff enter when it is issued, and the company as the state approved it. */
const test = apiTest;
let t: TestApp;
let admin: TestClient;
let adminId: string;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
  adminId = owner.id;
});

const { db, applicant, completedCustomer, applicationOf, auditOf, storedFilesOf } = helpers(() => t);
const base = '/api/admin/ein-applications';

/** An application at submitted_to_irs, the step before the EIN is issued. */
async function submitted() {
  const who = await applicant({}, { lang: 'en' });
  const appBase = `${base}/${who.application.id}`;
  expect((await admin.post(`${appBase}/ss4`, fileForm(PREPARED))).status).toBe(200);
  expect((await who.c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED))).status).toBe(200);
  expect((await admin.post(`${appBase}/advance`, { to: 'submitted_to_irs' })).status).toBe(200);
  return { ...who, appBase };
}

async function einMails(to: string) {
  return (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.template === 'einIssued');
}

describe('marking the EIN issued needs the number', () => {
  it('refuses an advance or an upload without a valid EIN, and changes nothing', async () => {
    const { id, email, appBase } = await submitted();
    const before = await applicationOf(id);
    const cases: Array<[string, () => Promise<{ status: number; body: any }>, string]> = [
      ['advance, no EIN', () => admin.post(`${appBase}/advance`, { to: 'ein_issued' }), 'validation.einRequired'],
      [
        'advance, 8 digits',
        () => admin.post(`${appBase}/advance`, { to: 'ein_issued', ein: '12-345678' }),
        'validation.einInvalid',
      ],
      [
        'advance, prefix 07',
        () => admin.post(`${appBase}/advance`, { to: 'ein_issued', ein: '07-1234567' }),
        'validation.einInvalid',
      ],
      ['upload, no EIN', () => admin.post(`${appBase}/ein-document`, einDocumentForm(null)), 'validation.einRequired'],
      [
        'upload, letters',
        () => admin.post(`${appBase}/ein-document`, einDocumentForm('12-34567AB')),
        'validation.einInvalid',
      ],
    ];
    for (const [label, call, message] of cases) {
      const res = await call();
      expect(res.status, label).toBe(400);
      expect(res.body.error.code, label).toBe('VALIDATION_FAILED');
      expect(res.body.error.fields, label).toEqual({ ein: message });
    }
    expect(await applicationOf(id)).toEqual(before);
    expect(storedFilesOf(id).filter((k) => k.startsWith('ein/'))).toEqual([]);
    expect(await einMails(email)).toHaveLength(0);
  });

  it('stores the nine digits with the status, audits them, mails them and shows them to the owner only', async () => {
    const { c, id, email, appBase } = await submitted();
    const res = await admin.post(`${appBase}/advance`, { to: 'ein_issued', ein: ' 98-7654321 ' });
    expect(res.status).toBe(200);
    expect(res.body.application.einStatus).toBe('ein_issued');
    expect((await applicationOf(id)).ein).toBe('987654321');
    const [audit] = (await auditOf(id, 'ein.status_changed')).slice(-1);
    expect(audit).toMatchObject({
      actorId: adminId,
      before: { einStatus: 'submitted_to_irs', ein: null },
      after: { einStatus: 'ein_issued', ein: '987654321' },
    });
    const [mail] = await einMails(email);
    expect(mail.text).toContain('98-7654321');
    const me = (await c.get('/api/formations/me')).body;
    expect(me.einApplication.ein).toBe('98-7654321');
    // The completion card lists the guides still open: a "no" leaves the bank open, a "yes" closes the address.
    expect(me.guidesDone).toEqual({ bankAccount: false, businessAddress: false });
    expect((await c.post('/api/feedback/bank', { completed: false, feedbackText: 'Sonra' })).status).toBe(201);
    expect((await c.post('/api/feedback/business-address', { completed: true, feedbackText: 'Tamam' })).status).toBe(
      201,
    );
    expect((await c.get('/api/formations/me')).body.guidesDone).toEqual({ bankAccount: false, businessAddress: true });
    // Another customer's dashboard has no trace of it.
    const other = await completedCustomer();
    const theirs = await other.c.get('/api/formations/me');
    expect(theirs.body.einApplication).toBeNull();
    expect(JSON.stringify(theirs.body)).not.toContain('7654321');
  });
});

describe('PUT /api/admin/ein-applications/{id}/ein', () => {
  it('corrects an issued EIN for admins only, validated and audited', async () => {
    const { c, id, appBase } = await submitted();
    expect((await admin.post(`${appBase}/ein-document`, einDocumentForm('12-3456789'))).status).toBe(200);
    const url = `${appBase}/ein`;

    expect((await t.client().request('PUT', url, { ein: '98-7654321' })).status).toBe(401);
    const customer = await c.request('PUT', url, { ein: '98-7654321' });
    expect(customer.status).toBe(403);
    for (const ein of ['', '1234567890', '00-0000000', '12_3456789', 12345678]) {
      const bad = await admin.request('PUT', url, { ein });
      expect(bad.status, String(ein)).toBe(400);
      expect(bad.body.error.fields.ein, String(ein)).toMatch(/^validation\.ein(Required|Invalid)$/);
    }
    expect((await applicationOf(id)).ein).toBe('123456789');
    expect(await auditOf(id, 'ein.number_set')).toHaveLength(0);

    const ok = await admin.request('PUT', url, { ein: '987654321' });
    expect(ok.status).toBe(200);
    expect((await applicationOf(id)).ein).toBe('987654321');
    expect(await auditOf(id, 'ein.number_set')).toMatchObject([
      { actorId: adminId, actorRole: 'admin', before: { ein: '123456789' }, after: { ein: '987654321' } },
    ]);
    expect((await c.get('/api/formations/me')).body.einApplication.ein).toBe('98-7654321');
  });

  it('refuses a number before the EIN is issued (it comes with the issuing step)', async () => {
    const { id, application } = await applicant();
    const res = await admin.request('PUT', `${base}/${application.id}/ein`, { ein: '12-3456789' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EIN_NOT_ISSUED');
    expect((await applicationOf(id)).ein).toBeNull();
    const unknown = await admin.request('PUT', `${base}/00000000-0000-4000-8000-000000000000/ein`, {
      ein: '12-3456789',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('PUT /api/admin/formations/{id}/company', () => {
  it('sets the formation date and file number for admins only, validated, audited, status untouched', async () => {
    const { c, id } = await completedCustomer();
    const formationId = (await c.get('/api/formations/me')).body.formation.id as string;
    const url = `/api/admin/formations/${formationId}/company`;
    const row = async () =>
      (await db().select().from(companyFormations).where(eq(companyFormations.id, formationId)))[0];
    const before = await row();

    expect((await t.client().request('PUT', url, { formedOn: '2024-03-01' })).status).toBe(401);
    expect((await c.request('PUT', url, { formedOn: '2024-03-01' })).status).toBe(403);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const bad: Array<[unknown, Record<string, string>]> = [
      [{}, { formedOn: 'validation.formedOnRequired' }],
      [{ formedOn: '2025-02-29' }, { formedOn: 'validation.formedOnInvalid' }],
      [{ formedOn: '01.03.2024' }, { formedOn: 'validation.formedOnInvalid' }],
      [{ formedOn: '1999-12-31' }, { formedOn: 'validation.formedOnTooEarly' }],
      [{ formedOn: tomorrow }, { formedOn: 'validation.formedOnFuture' }],
      [
        { formedOn: '2024-03-01', stateFileNumber: '2024/0012' },
        { stateFileNumber: 'validation.stateFileNumberInvalid' },
      ],
      [
        { formedOn: '2024-03-01', stateFileNumber: 'A'.repeat(41) },
        { stateFileNumber: 'validation.stateFileNumberTooLong' },
      ],
    ];
    for (const [body, fields] of bad) {
      const res = await admin.request('PUT', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await row()).toEqual(before);

    const ok = await admin.request('PUT', url, { formedOn: '2024-02-29', stateFileNumber: '  2024-001234567 ' });
    expect(ok.status).toBe(200);
    expect(ok.body.formation).toMatchObject({
      formedOn: '2024-02-29',
      stateFileNumber: '2024-001234567',
      formationStatus: 'formation_completed',
    });
    expect(await auditOf(id, 'formation.company_set')).toMatchObject([
      {
        actorId: adminId,
        before: { formedOn: null, stateFileNumber: null },
        after: { formedOn: '2024-02-29', stateFileNumber: '2024-001234567' },
      },
    ]);
    expect((await c.get('/api/formations/me')).body.formation).toMatchObject({
      formedOn: '2024-02-29',
      stateFileNumber: '2024-001234567',
    });
    const file = (await admin.get(`/api/admin/formations/${formationId}/file`)).body.file;
    expect(file.formation).toMatchObject({ formedOn: '2024-02-29', stateFileNumber: '2024-001234567' });

    // Without a file number the stored one is cleared (PUT replaces both).
    expect((await admin.request('PUT', url, { formedOn: '2024-03-01' })).status).toBe(200);
    expect(await row()).toMatchObject({ formedOn: '2024-03-01', stateFileNumber: null });
    expect(await auditOf(id, 'formation.company_set')).toHaveLength(2);
  });
});
