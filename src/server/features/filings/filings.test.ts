/**
 * Tracked filings (decisions 0051, 0052) on both engines: the yearly questionnaire opened once on 2
 * January with its reminders each once, ownership, the questionnaire's checks, the permissions, the
 * prepared forms (data sheet, filled templates), the signed upload, the fax, the extension, a state
 * report filed, the calendar's "filed on", and the desk's list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm, PNG } from '../../../../tests/support/files';
import { createStaffMember, signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { deadlinesFor } from '../../../shared/catalogue/compliance';
import { complianceItemKey } from '../../../shared/features/compliance/compliance.schemas';
import {
  adminFilingListSchema,
  filingListSchema,
  filingResultSchema,
} from '../../../shared/features/filings/filings.contracts';
import { checkFilingAnswers } from '../../../shared/features/filings/filings.schemas';
import { formFieldValues } from '../../../shared/features/filings/form-5472.domain';
import { auditEvents, companyFormations, einApplications, filings, mailOutbox, services, users } from '../../db/schema';
import { SIGNED } from '../ein/ein.fixtures';
import { buildFormTemplate, filingOf, GOOD_ANSWERS, stateItemOf } from './filings.fixtures';
import { form5472Due, runFilingsDay } from './filings-daily.service';
import { fillFormTemplate, loadFormTemplate } from './filings-forms.service';

const test = apiTest;
let t: TestApp;
let owner: TestClient;
let templateDir: string;
const db = () => t.deps.database.db;

test.beforeAll(({ app, owner: first }) => {
  t = app;
  owner = first.c;
  templateDir = mkdtempSync(path.join(os.tmpdir(), 'filing-templates-'));
});
afterAll(async () => {
  rmSync(templateDir, { recursive: true, force: true });
});

async function company(formedOn: string, state = 'Wyoming') {
  const customer = await signedInCustomer(t);
  await db().insert(companyFormations).values({
    userId: customer.id,
    companyFormationPreference: 'self',
    stateSelected: state,
    formedOn,
    businessName: 'Ay LLC',
  });
  return customer;
}

async function mailKeys(filingId: string) {
  const rows = await db()
    .select({ key: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `filing:${filingId}:%`));
  return rows.map((r) => (r.key ?? '').slice(`filing:${filingId}:`.length)).sort();
}

describe('the yearly questionnaire (decision 0051)', () => {
  it('opens once on 2 January for each company formed by then, and reminds 15 Jan, 15 Feb, 1 Mar, then weekly, each once', async () => {
    const formed = await company('2030-06-01');
    const tooNew = await company('2031-01-01');
    expect(await runFilingsDay(t.deps, '2031-01-01', null)).toMatchObject({ opened: 0 });
    await runFilingsDay(t.deps, '2031-01-02', null);
    // A second copy the same day, and the next day: nothing new.
    await runFilingsDay(t.deps, '2031-01-02', null);
    await runFilingsDay(t.deps, '2031-01-03', '2031-01-02');
    const rows = await db().select().from(filings).where(eq(filings.taxYear, 2030));
    expect(rows.map((r) => r.userId)).toEqual([formed.id]);
    expect(rows.map((r) => r.userId)).not.toContain(tooNew.id);
    const [filing] = rows;
    expect(filing).toMatchObject({
      status: 'questionnaire_sent',
      kind: 'form_5472',
      itemKey: `federal_form_5472:${form5472Due(2030).dueDate}`,
    });
    expect(await mailKeys(filing.id)).toEqual(['opened']);

    // The reminder days; a day the run missed (down from 10 Feb to 20 Feb) sends its reminder once, late.
    for (const [day, since] of [
      ['2031-01-15', '2031-01-03'],
      ['2031-01-16', '2031-01-15'],
      ['2031-02-20', '2031-02-09'],
      ['2031-02-20', '2031-02-09'],
      ['2031-03-01', '2031-02-20'],
      ['2031-03-08', '2031-03-01'],
    ] as const) {
      await runFilingsDay(t.deps, day, since);
    }
    expect(await mailKeys(filing.id)).toEqual([
      'opened',
      'reminder:2031-01-15',
      'reminder:2031-02-15',
      'reminder:2031-03-01',
      'reminder:2031-03-08',
    ]);
    // Answered: no more reminders.
    const answered = await formed.c.request('POST', `/api/filings/${filing.id}/answers`, {
      ...GOOD_ANSWERS,
      company: { ...GOOD_ANSWERS.company, formedOn: '2030-06-01' },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    await runFilingsDay(t.deps, '2031-03-15', '2031-03-08');
    expect(await mailKeys(filing.id)).toHaveLength(5);
  });
});

describe("the customer's filing", () => {
  it('is prefilled, keeps drafts, checks every field with translated keys, and is only its owner’s', async () => {
    const a = await company('2025-03-01');
    const b = await signedInCustomer(t);
    await db().insert(einApplications).values({
      userId: a.id,
      businessName: 'Ay Yazılım LLC',
      email: 'x@example.com',
      state: 'Wyoming',
      businessActivity: 'Other',
      otherActivity: 'Mobil uygulama',
      responsiblePartyName: 'Ayşe Kaya',
      responsiblePartyPhone: '+905551112233',
      ein: '123456789',
      einStatus: 'ein_issued',
    });
    const filing = await filingOf(t, a.id);

    const mine = await a.c.get(`/api/filings/${filing.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.filing.answers.company).toMatchObject({
      name: 'Ay Yazılım LLC',
      ein: '12-3456789',
      formedOn: '2025-03-01',
      state: 'Wyoming',
      activity: 'Mobil uygulama',
    });
    expect(mine.body.filing.answers.owner.name).toBe('Ayşe Kaya');
    // "No transactions" is never a default.
    expect(mine.body.filing.answers.transactions.none).toBeNull();
    expect((await a.c.get('/api/filings')).body.filings.map((f: { id: string }) => f.id)).toEqual([filing.id]);

    // Another customer: not found, and nothing changes.
    expect((await b.c.get(`/api/filings/${filing.id}`)).status).toBe(404);
    expect((await b.c.request('PUT', `/api/filings/${filing.id}/answers`, { company: { name: 'X' } })).status).toBe(
      404,
    );
    expect((await b.c.get('/api/filings')).body.filings).toEqual([]);

    // A draft keeps what was typed.
    const draft = await a.c.request('PUT', `/api/filings/${filing.id}/answers`, {
      company: { name: 'Ay Yazılım LLC', activityCode: '54' },
      transactions: { amounts: { distributions: 50_000 } },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.filing.answers.company.activityCode).toBe('54');

    // Sending checks every field; nothing is saved on refusal.
    const bad = await a.c.request(
      'POST',
      `/api/filings/${filing.id}/answers`,
      { company: { name: '' }, transactions: { none: null, amounts: {} } },
      { 'accept-language': 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      'company.name': 'filings.validation.companyNameRequired',
      'company.activityCode': 'filings.validation.activityCodeInvalid',
      'transactions.none': 'filings.validation.transactionsChoice',
    });
    const noneButAmounts = await a.c.request('POST', `/api/filings/${filing.id}/answers`, {
      ...GOOD_ANSWERS,
      transactions: { none: true, amounts: { distributions: 100 } },
    });
    expect(noneButAmounts.body.error.fields['transactions.none']).toBe('filings.validation.noneButAmounts');
    const unconfirmed = await a.c.request('POST', `/api/filings/${filing.id}/answers`, {
      ...GOOD_ANSWERS,
      transactions: { none: false, amounts: {} },
    });
    expect(unconfirmed.body.error.fields['transactions.none']).toBe('filings.validation.confirmNone');
    const [still] = await db().select().from(filings).where(eq(filings.id, filing.id));
    expect(still.status).toBe('questionnaire_sent');
    expect((still.answers as { company: { activityCode: string } }).company.activityCode).toBe('54');

    const none = await a.c.request('POST', `/api/filings/${filing.id}/answers`, {
      ...GOOD_ANSWERS,
      transactions: { none: true, amounts: {} },
    });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.filing.status).toBe('answered');
    expect(none.body.filing.answersEditable).toBe(false);
    // Answered: no more changes.
    expect((await a.c.request('PUT', `/api/filings/${filing.id}/answers`, {})).status).toBe(409);

    // A question opens a support thread linked to the filing; a second one replies in it.
    const asked = await a.c.post(`/api/filings/${filing.id}/question`, { message: 'Gelir yoksa da gerekli mi?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const threadId = asked.body.filing.supportThreadId;
    expect(threadId).toBeTruthy();
    const again = await a.c.post(`/api/filings/${filing.id}/question`, { message: 'Bir sorum daha var.' });
    expect(again.body.filing.supportThreadId).toBe(threadId);
    const thread = await a.c.get(`/api/support/threads/${threadId}`);
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.body)).toContain('Bir sorum daha var.');
  });
});

describe('the filings desk', () => {
  it('holds each role to its permissions', async () => {
    const support = await createStaffMember(t, 'support');
    const finance = await createStaffMember(t, 'finance');
    const customer = await company('2025-03-01');
    const filing = await filingOf(t, customer.id, 'answered');
    expect((await support.c.get('/api/admin/filings')).status).toBe(200);
    expect((await support.c.get(`/api/admin/filings/${filing.id}`)).status).toBe(200);
    expect((await support.c.post(`/api/admin/filings/${filing.id}/prepare`)).status).toBe(403);
    expect((await finance.c.get('/api/admin/filings')).status).toBe(403);
    expect((await customer.c.get('/api/admin/filings')).status).toBe(403);
    const prepared = await owner.post(`/api/admin/filings/${filing.id}/prepare`);
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    // Two staff accounts (a password hash and a second factor each): more than the default.
  }, 90_000);

  it('prepares the data sheet, then the filled forms, takes the signed forms, the fax, and the calendar says filed on', async () => {
    const customer = await company('2025-03-01');
    await runFilingsDay(t.deps, '2026-01-02', null);
    const [filing] = await db().select().from(filings).where(eq(filings.userId, customer.id));
    expect(filing.itemKey).toBe(`federal_form_5472:${form5472Due(2025).dueDate}`);
    const base = `/api/admin/filings/${filing.id}`;

    // Not answered yet: nothing to prepare.
    expect((await owner.post(`${base}/prepare`)).status).toBe(409);
    const sent = await customer.c.request('POST', `/api/filings/${filing.id}/answers`, GOOD_ANSWERS);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // No templates: the data sheet, in the customer's documents.
    const sheet = await owner.post(`${base}/prepare`);
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    expect(sheet.body.filing).toMatchObject({ status: 'prepared', preparedAs: 'data_sheet' });
    expect(sheet.body.filing.templates.f5472.reason).toBe('notConfigured');
    const sheetUrl = sheet.body.filing.files.dataSheet.url as string;
    const download = await customer.c.get(sheetUrl);
    expect(download.status).toBe(200);
    expect(String(download.body).startsWith('%PDF-')).toBe(true);

    // A template set but missing its fields: refused, nothing changes.
    const broken = path.join(templateDir, 'broken.pdf');
    writeFileSync(broken, Buffer.from('not a pdf'));
    const env = t.deps.env as { F5472_TEMPLATE_PATH?: string; F1120_TEMPLATE_PATH?: string };
    env.F5472_TEMPLATE_PATH = broken;
    const refused = await owner.post(`${base}/prepare`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'FILING_TEMPLATE_UNAVAILABLE',
      fields: { template: 'unreadable' },
    });

    // Test-built templates: both forms filled and flattened into the customer's documents.
    env.F5472_TEMPLATE_PATH = path.join(templateDir, 'f5472.pdf');
    env.F1120_TEMPLATE_PATH = path.join(templateDir, 'f1120.pdf');
    writeFileSync(env.F5472_TEMPLATE_PATH, await buildFormTemplate('f5472'));
    writeFileSync(env.F1120_TEMPLATE_PATH, await buildFormTemplate('f1120'));
    const forms = await owner.post(`${base}/prepare`);
    env.F5472_TEMPLATE_PATH = undefined;
    env.F1120_TEMPLATE_PATH = undefined;
    expect(forms.status, JSON.stringify(forms.body)).toBe(200);
    expect(forms.body.filing).toMatchObject({ status: 'prepared', preparedAs: 'forms' });
    expect(forms.body.filing.files.dataSheet).toBeNull();
    expect(forms.body.filing.files.form5472.fileName).toContain('Form 5472 2025');
    expect(forms.body.filing.files.form1120.fileName).toContain('Form 1120 pro forma 2025');
    expect((await customer.c.get(forms.body.filing.files.form1120.url)).status).toBe(200);

    // The customer signs and uploads; staff record the fax with its confirmation.
    // One rule for signed forms (decision 0072): the forms are faxed, so a photo is refused like on the SS-4.
    const photo = await customer.c.post(
      `/api/filings/${filing.id}/signed`,
      fileForm({ data: PNG, type: 'image/png', name: 'imzali.png' }),
    );
    expect(photo.status, JSON.stringify(photo.body)).toBe(415);
    expect(photo.body.error.code).toBe('PDF_REQUIRED');
    const signed = await customer.c.post(`/api/filings/${filing.id}/signed`, fileForm(SIGNED));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.filing.status).toBe('signed');
    const fax = fileForm(SIGNED);
    fax.append('method', 'fax');
    fax.append('filedOn', '2026-03-02');
    fax.append('confirmationNumber', 'FAX-778');
    const submitted = await owner.post(`${base}/submitted`, fax);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.filing).toMatchObject({
      status: 'submitted',
      submitMethod: 'fax',
      filedOn: '2026-03-02',
      confirmationNumber: 'FAX-778',
    });
    expect(submitted.body.filing.files.confirmation).not.toBeNull();
    expect(submitted.body.filing.stages.map((s: { stage: string; at: string | null }) => [s.stage, !!s.at])).toEqual([
      ['questionnaire_sent', true],
      ['answered', true],
      ['prepared', true],
      ['signed', true],
      ['submitted', true],
      ['done', false],
    ]);
    expect(await mailKeys(filing.id)).toEqual(
      expect.arrayContaining([
        'opened',
        expect.stringMatching(/^filings\.prepared:/),
        expect.stringMatching(/^filings\.submitted:/),
      ]),
    );
    expect((await owner.post(`${base}/done`)).body.filing.status).toBe('done');

    // The History records each stage as a stage change.
    const stages = await db()
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, filing.id), eq(auditEvents.action, 'filing.stage_changed')));
    expect(stages.map((s) => (s.after as { status: string }).status)).toEqual(
      expect.arrayContaining(['questionnaire_sent', 'answered', 'prepared', 'signed', 'submitted', 'done']),
    );
  });

  it('records a Form 7004 extension once: the due date moves to 15 October', async () => {
    const customer = await company('2025-03-01');
    const filing = await filingOf(t, customer.id);
    const base = `/api/admin/filings/${filing.id}`;
    const late = await owner.post(`${base}/extension`, { filedOn: '2999-01-01' });
    expect(late.status).toBe(400);
    const extended = await owner.post(`${base}/extension`, { filedOn: '2026-04-10' });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(extended.body.filing).toMatchObject({
      dueDate: form5472Due(2025).extendedDueDate,
      extendedOn: '2026-04-10',
    });
    expect(extended.body.filing.dueDate).toBe('2026-10-15');
    // The contract says which dates are calendar days and which are moments (decision 0076): the
    // responses pass it, and a due date sent as a date-time would not.
    filingResultSchema.parse(extended.body);
    const shifted = { filing: { ...extended.body.filing, dueDate: '2026-10-15T00:00:00.000Z' } };
    expect(filingResultSchema.safeParse(shifted).success).toBe(false);
    filingListSchema.parse((await customer.c.get('/api/filings')).body);
    expect((await owner.post(`${base}/extension`, { filedOn: '2026-04-11' })).status).toBe(409);
    const list = await owner.get('/api/admin/filings?kind=form_7004');
    adminFilingListSchema.parse(list.body);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(filing.id);
    expect(list.body.items.every((i: { extended: boolean }) => i.extended)).toBe(true);
  });

  it("records Delaware's annual tax as paid, not filed, in the customer's mail (decision 0072)", async () => {
    const customer = await company('2024-03-01', 'Delaware');
    const today = new Date().toISOString().slice(0, 10);
    const item = deadlinesFor({ state: 'Delaware', formationDate: '2024-03-01', today }).find(
      (d) => d.ruleId === 'delaware_llc_annual_tax',
    );
    if (!item) throw new Error('no Delaware tax item');
    const form = fileForm(SIGNED);
    form.append('userId', customer.id);
    form.append('itemKey', complianceItemKey(item.ruleId, item.dueDate));
    form.append('filedOn', today);
    form.append('confirmationNumber', 'DE-2026-0007');
    const paid = await owner.post('/api/admin/filings/state-reports', form);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [{ email }] = await db().select({ email: users.email }).from(users).where(eq(users.id, customer.id));
    const mails = await db()
      .select({ template: mailOutbox.template, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.template, 'filings.state%')));
    expect(mails.map((m) => m.template)).toEqual(['filings.statePaid']);
    expect(mails[0].subject).toMatch(/^Ödendi: /);
    expect(mails[0].text).toContain('Eyalete ödedik');
    expect(mails[0].text).toContain('tarihinde ödendi · onay DE-2026-0007');
  });

  it('marks a state report filed with its confirmation and receipt, lists, searches and exports', async () => {
    const customer = await company('2024-03-01');
    const today = new Date().toISOString().slice(0, 10);
    const itemKey = await stateItemOf(t, customer.id, today);
    const form = fileForm(SIGNED);
    form.append('userId', customer.id);
    form.append('itemKey', itemKey);
    form.append('filedOn', today);
    form.append('confirmationNumber', 'WY-2026-0042');
    const filed = await owner.post('/api/admin/filings/state-reports', form);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.filing).toMatchObject({
      kind: 'state_report',
      status: 'done',
      confirmationNumber: 'WY-2026-0042',
    });
    const docs = await customer.c.get('/api/documents');
    expect(docs.body.documents.map((d: { id: string; url: string }) => d.url)).toContain(
      filed.body.filing.files.confirmation.url,
    );
    // The calendar item says filed on, by itself.
    const calendar = await customer.c.get('/api/compliance/me');
    const item = calendar.body.items.find((i: { key: string }) => i.key === itemKey);
    expect(item.filing).toMatchObject({ status: 'done', filedOn: today });
    // The deadlines list, where staff mark it, says so too (and no other item of the customer is filed).
    const [{ email }] = await db().select({ email: users.email }).from(users).where(eq(users.id, customer.id));
    const deadlines = await owner.get(`/api/admin/compliance/deadlines?days=180&q=${encodeURIComponent(email)}`);
    expect(deadlines.status, JSON.stringify(deadlines.body)).toBe(200);
    const rows = deadlines.body.items.filter((r: { userId: string }) => r.userId === customer.id);
    expect(rows.find((r: { itemKey: string }) => r.itemKey === itemKey)?.filedOn).toBe(today);
    expect(rows.filter((r: { filedOn: string | null }) => r.filedOn !== null)).toHaveLength(1);
    // Not a state item: refused.
    const federal = fileForm(SIGNED);
    federal.append('userId', customer.id);
    federal.append('itemKey', 'federal_form_5472:2099-04-15');
    federal.append('filedOn', today);
    federal.append('confirmationNumber', 'X');
    expect((await owner.post('/api/admin/filings/state-reports', federal)).status).toBe(404);

    const found = await owner.get(`/api/admin/filings?kind=state_report&q=`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((i: { id: string }) => i.id)).toContain(filed.body.filing.id);
    const bad = await owner.get('/api/admin/filings?status=nope');
    expect(bad.status).toBe(400);
    const csv = await owner.get('/api/admin/filings/export.csv?kind=state_report&format=excel-tr');
    expect(csv.status, String(csv.body)).toBe(200);
    expect(String(csv.body)).toContain('Wyoming yıllık raporu');
  });
});

describe('"Let us file it" (decision 0052)', () => {
  it("checks out a state item by the service's rules, and the paid order opens the filing for staff", async () => {
    const customer = await company('2024-03-01');
    const today = new Date().toISOString().slice(0, 10);
    const itemKey = await stateItemOf(t, customer.id, today);
    const [service] = await db()
      .insert(services)
      .values({
        title: 'Yıllık rapor',
        titleEn: 'Renamed by the operator',
        description: 'x',
        priceCents: 9900,
        complianceRules: ['wyoming_annual_report'],
      })
      .returning();
    const calendar = await customer.c.get('/api/compliance/me');
    const item = calendar.body.items.find((i: { key: string }) => i.key === itemKey);
    expect(item.service.id).toBe(service.id);
    // Not one of the customer's items, or a rule the service does not file: refused.
    expect(
      (
        await customer.c.post('/api/payments/checkout', {
          serviceId: service.id,
          complianceItemKey: 'federal_form_5472:2099-04-15',
        })
      ).status,
    ).toBe(404);
    const res = await customer.c.post('/api/payments/checkout', { serviceId: service.id, complianceItemKey: itemKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = String(res.body.url).split('/').pop() as string;
    expect((await customer.c.post(`/api/payments/test-checkout/${sessionId}/pay`, {})).status).toBe(200);
    const [opened] = await db()
      .select()
      .from(filings)
      .where(and(eq(filings.userId, customer.id), eq(filings.itemKey, itemKey)));
    expect(opened).toMatchObject({ kind: 'state_report', status: 'open', ruleId: 'wyoming_annual_report' });
    expect(opened.orderId).toBeTruthy();
    const desk = await owner.get('/api/admin/filings?kind=state_report&status=open');
    expect(desk.body.items.map((i: { id: string }) => i.id)).toContain(opened.id);
  });
});

describe('the forms', () => {
  it('fills each answer into its field of test-built templates', async () => {
    const checked = checkFilingAnswers(GOOD_ANSWERS, 2025);
    if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
    const filled = await fillFormTemplate('f5472', await buildFormTemplate('f5472'), checked.answers, {
      flatten: false,
    });
    expect(filled.filled).toEqual(formFieldValues('f5472', checked.answers));
    expect(filled.filled.f5472_1a_name).toBe('Deniz Yazılım LLC');
    expect(filled.filled.f5472_4b3_ftin).toBe('12345678901');
    const pro = await fillFormTemplate('f1120', await buildFormTemplate('f1120'), checked.answers, { flatten: false });
    expect(pro.filled.f1120_banner).toBe('Foreign-owned U.S. DE');
    expect(pro.filled.f1120_b_ein).toBe('12-3456789');
  });

  it("uses the official PDF's own field names through a field map, and refuses a map with an unknown name", async () => {
    const checked = checkFilingAnswers(GOOD_ANSWERS, 2025);
    if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
    // A template whose fields are named as the IRS names them, not as the portal does.
    const irsName = (field: string) => `topmostSubform[0].Page1[0].${field.replace(/^f5472_/, 'f1_')}[0]`;
    const template = path.join(templateDir, 'irs-f5472.pdf');
    writeFileSync(template, await buildFormTemplate('f5472', irsName));
    const lines = Object.keys(formFieldValues('f5472', checked.answers));

    const unmapped = await loadFormTemplate('f5472', template);
    expect(unmapped.status).toMatchObject({ ready: false, reason: 'fieldsMissing' });

    const mapFile = path.join(templateDir, 'f5472-fields.json');
    writeFileSync(mapFile, JSON.stringify(Object.fromEntries(lines.map((l) => [l, irsName(l)]))));
    const mapped = await loadFormTemplate('f5472', template, mapFile);
    expect(mapped.status).toEqual({ ready: true, reason: null, missingFields: [] });
    const filled = await fillFormTemplate('f5472', mapped.bytes as Uint8Array, checked.answers, {
      flatten: false,
      fieldNames: mapped.fieldNames,
    });
    expect(filled.filled).toEqual(formFieldValues('f5472', checked.answers));
    const { PDFDocument } = await import('pdf-lib');
    const form = (await PDFDocument.load(filled.bytes)).getForm();
    expect(form.getTextField(irsName('f5472_1a_name')).getText()).toBe('Deniz Yazılım LLC');

    // A map naming a field the form does not have is a typo: the template is not used.
    writeFileSync(mapFile, JSON.stringify({ f5472_1a_nmae: irsName('f5472_1a_name') }));
    expect((await loadFormTemplate('f5472', template, mapFile)).status).toMatchObject({
      ready: false,
      reason: 'unreadable',
    });
    writeFileSync(mapFile, '{ not json');
    expect((await loadFormTemplate('f5472', template, mapFile)).status.reason).toBe('unreadable');
  });
});
