/**
 * The mailroom (decision 0086) on both engines: the desk's permissions, logging a letter for a company found
 * by its Turkish-folded name, the customer told and seeing only their own letters, bad input refused
 * with translated errors and nothing saved, duplicates, lawsuit papers scanned at once, the unmatched
 * tray and reassignment, scans into the vault, and the customer's decisions.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember, createTestApp, signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { businessDaysBack, businessDaysBetween } from '../../../shared/catalogue/federal-holidays';
import { letterListSchema, mailDeskListSchema } from '../../../shared/features/mail/mail.contracts';
import { addDays } from '../../../shared/format/calendar-days';
import { translate } from '../../../shared/i18n';
import { auditEvents, companyFormations, documents, letters, mailOutbox, users } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { fileForm, PNG, pdf } from '../ein/ein.fixtures';
import { cp575Fields, ENVELOPE, letterForm, letterOf, letterWithEnvelope, SCAN, subscribe } from './mail.fixtures';

let t: TestApp;
const db = () => t.deps.database.db;
let ops: Awaited<ReturnType<typeof createStaffMember>>;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createStaffMember(t, 'operations');
});
afterAll(async () => {
  await t?.close();
});

let companyCount = 0;
/** A customer with a formation named `businessName` (a unique suffix keeps searches apart). */
async function company(businessName = 'Şahin Teknoloji LLC') {
  const customer = await signedInCustomer(t);
  const name = `${businessName} ${++companyCount}${Date.now() % 100000}`;
  await db().insert(companyFormations).values({
    userId: customer.id,
    companyFormationPreference: 'self',
    stateSelected: 'Wyoming',
    businessName: name,
    formedOn: '2026-01-15',
  });
  // The address or agent runs: letters are not held for a renewal (decision 0089's rule, tested apart).
  await subscribe(t, customer.id);
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, customer.id));
  return { ...customer, email: user.email, businessName: name };
}

async function log(fields: Record<string, string | undefined>, files: Parameters<typeof letterForm>[1] = {}) {
  return ops.c.post('/api/admin/mail/letters', letterForm(fields, files), { 'accept-language': 'en' });
}

async function letterCount(): Promise<number> {
  const [{ n }] = await db().select({ n: count() }).from(letters);
  return Number(n);
}

describe('the desk: who may do what', () => {
  it('support reads the desk but cannot log; finance has no door; operations logs', async () => {
    const support = await createStaffMember(t, 'support');
    const finance = await createStaffMember(t, 'finance');
    const a = await company();
    expect((await support.c.get('/api/admin/mail/letters')).status).toBe(200);
    expect((await support.c.get('/api/admin/mail/companies?q=sahin')).status).toBe(200);
    const refused = await support.c.post('/api/admin/mail/letters', letterForm(cp575Fields(t, a.id)));
    expect(refused.status).toBe(403);
    expect((await finance.c.get('/api/admin/mail/letters')).status).toBe(403);
    expect((await a.c.get('/api/admin/mail/letters')).status).toBe(403);
    const res = await log(cp575Fields(t, a.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('logging a letter', () => {
  it('finds the company by the envelope name with Turkish letters folded, and tells the customer', async () => {
    const a = await company('Şahin Teknoloji');
    const found = await ops.c.get(`/api/admin/mail/companies?q=${encodeURIComponent('SAHIN TEKNOLOJI')}`);
    expect(found.status).toBe(200);
    expect(found.body.companies.map((c: { userId: string }) => c.userId)).toContain(a.id);

    const res = await log(cp575Fields(t, a.id, { envelopeName: 'ŞAHİN TEKNOLOJİ' }), { envelope: ENVELOPE });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.letter).toMatchObject({ userId: a.id, status: 'received', kind: 'cp575', hasEnvelope: true });

    const mine = await a.c.get('/api/mail/letters');
    expect(mine.status).toBe(200);
    letterListSchema.parse(mine.body);
    expect(mine.body.letters).toHaveLength(1);
    expect(mine.body.letters[0]).toMatchObject({ kind: 'cp575', pages: 2, deadlines: [], scanPath: null });
    expect(mine.body.letters[0].decisions).toEqual(['scan', 'shred', 'hold']);

    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, a.email), like(mailOutbox.template, 'mailroom.%')));
    expect(mail.template).toBe('mailroom.received');
    // Turkish by default: the kind's name is the subject, its explanation is quoted.
    expect(mail.subject).toContain('EIN onay mektubu (CP 575)');
    expect(mail.text).toContain('IRS, şirketinize EIN');

    const photo = await a.c.get(`/api/mail/letters/${mine.body.letters[0].id}/envelope`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
  });

  it('computes the deadline from the date on the letter where the catalogue has a rule', async () => {
    const a = await company();
    const letterDate = addDays(serverToday(t.deps.env), -3);
    const res = await log(cp575Fields(t, a.id, { kind: 'cp2000', letterDate }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.letter.deadlines).toEqual([{ id: 'cp2000', date: addDays(letterDate, 30) }]);
  });

  it('refuses bad input with translated errors and saves nothing', async () => {
    const a = await company();
    const before = await letterCount();
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ sender: 'bank' }, 'kind', 'mailroom.validation.kindSender'],
      [{ pages: '0' }, 'pages', 'validation.letterPages'],
      [{ pages: 'two' }, 'pages', 'validation.letterPages'],
      [{ envelopeName: ' ' }, 'envelopeName', 'validation.letterEnvelopeName'],
      [{ receivedOn: addDays(serverToday(t.deps.env), 2) }, 'receivedOn', 'mailroom.validation.dateInFuture'],
      [{ kind: 'parking_ticket' }, 'kind', 'validation.letterKind'],
    ];
    for (const [override, field, message] of cases) {
      const res = await log(cp575Fields(t, a.id, override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      // The field names its message's key; the web shows it in the reader's language (both exist).
      expect(res.body.error.fields[field]).toBe(message);
      expect(translate('en', message)).not.toBe(message);
      expect(translate('tr', message)).not.toBe(message);
      expect(res.body.error.message).toBe(translate('en', 'errors.VALIDATION_FAILED'));
    }
    // A customer's id that is not a company's.
    const stranger = await signedInCustomer(t);
    const noCompany = await log(cp575Fields(t, stranger.id));
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.error.fields.userId).toBe('mailroom.validation.company');
    // An envelope that is not a photo, by its bytes.
    const notPhoto = await log(cp575Fields(t, a.id), { envelope: { ...ENVELOPE, data: pdf('x') } });
    expect(notPhoto.status).toBe(415);
    expect(await letterCount()).toBe(before);
  });

  it('asks before logging the same letter twice', async () => {
    const a = await company();
    expect((await log(cp575Fields(t, a.id))).status).toBe(200);
    const again = await log(cp575Fields(t, a.id));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('LETTER_DUPLICATE');
    expect(again.body.error.message).toMatch(/already logged/);
    const confirmed = await log(cp575Fields(t, a.id, { confirmDuplicate: 'true' }));
    expect(confirmed.status).toBe(200);
    expect((await a.c.get('/api/mail/letters')).body.letters).toHaveLength(2);
  });

  it('scans lawsuit papers at once, flags them urgent and mails the customer', async () => {
    const a = await company();
    const sop = { sender: 'court', kind: 'service_of_process', letterDate: undefined };
    const withoutScan = await log(cp575Fields(t, a.id, sop));
    expect(withoutScan.status).toBe(400);
    expect(withoutScan.body.error.fields.scan).toBe('mailroom.validation.scanRequired');
    const notPdf = await log(cp575Fields(t, a.id, sop), { scan: { data: PNG, type: 'image/png', name: 'x.png' } });
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.error.code).toBe('PDF_REQUIRED');

    const res = await log(cp575Fields(t, a.id, sop), { scan: SCAN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.letter).toMatchObject({ status: 'scanned', urgent: true });
    const today = serverToday(t.deps.env);
    expect(res.body.letter.deadlines).toEqual([
      { id: 'sopFederal', date: addDays(today, 21) },
      { id: 'sopFlorida', date: addDays(today, 20) },
    ]);
    const [doc] = await db().select().from(documents).where(eq(documents.userId, a.id));
    expect(doc).toMatchObject({ category: 'mail', uploadedBy: 'admin', holdsTaxId: false });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, a.email), like(mailOutbox.template, 'mailroom.%')));
    expect(mail.template).toBe('mailroom.urgent');
    // The scan opens from the customer's page through the files route.
    const mine = await a.c.get('/api/mail/letters');
    expect(mine.body.letters[0].scanPath).toBe(doc.filePath);
    expect((await a.c.get(`/api/files/${doc.filePath}`)).status).toBe(200);
  });
});

describe('the customer sees only their own letters', () => {
  it("B neither lists, decides on nor sees the envelope of A's letter", async () => {
    const a = await company();
    const b = await company();
    const id = await letterWithEnvelope(t, a.id);
    expect((await b.c.get('/api/mail/letters')).body.letters).toEqual([]);
    const decided = await b.c.post(`/api/mail/letters/${id}/decision`, { decision: 'shred' });
    expect(decided.status).toBe(404);
    expect((await b.c.get(`/api/mail/letters/${id}/envelope`)).status).toBe(404);
    const [row] = await db().select().from(letters).where(eq(letters.id, id));
    expect(row.status).toBe('received');
    expect((await a.c.get(`/api/mail/letters/${id}/envelope`)).status).toBe(200);
  });
});

describe('decisions and scans', () => {
  it('scan requested → the to-scan queue → the scan in the vault; a decision out of turn is refused', async () => {
    const a = await company();
    const id = await letterOf(t, a.id);
    const asked = await a.c.post(`/api/mail/letters/${id}/decision`, { decision: 'scan' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.letter.status).toBe('scan_requested');
    const twice = await a.c.post(`/api/mail/letters/${id}/decision`, { decision: 'scan' });
    expect(twice.status).toBe(409);
    const bad = await a.c.post(`/api/mail/letters/${id}/decision`, { decision: 'burn' });
    expect(bad.status).toBe(400);

    const queue = await ops.c.get('/api/admin/mail/letters?queue=to_scan&pageSize=100');
    mailDeskListSchema.parse(queue.body);
    expect(queue.body.items.map((l: { id: string }) => l.id)).toContain(id);

    const wrong = await ops.c.post(`/api/admin/mail/letters/${id}/scan`, fileForm({ ...ENVELOPE }));
    expect(wrong.status).toBe(415);
    const scanned = await ops.c.post(`/api/admin/mail/letters/${id}/scan`, fileForm(SCAN));
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body.letter.status).toBe('scanned');
    const mine = await a.c.get('/api/mail/letters');
    expect(mine.body.letters[0].scanPath).toMatch(/^mail\//);
    expect(mine.body.letters[0].decisions).toEqual(['shred', 'hold']);
    const again = await ops.c.post(`/api/admin/mail/letters/${id}/scan`, fileForm(SCAN));
    expect(again.status).toBe(409);
  });

  it('shows the to-scan clock in business days against the one-day target', async () => {
    const a = await company();
    const today = serverToday(t.deps.env);
    const old = await letterOf(t, a.id, { status: 'scan_requested', receivedOn: businessDaysBack(today, 4) });
    const fresh = await letterOf(t, a.id, { status: 'scan_requested' });
    const done = await letterOf(t, a.id, { status: 'scanned', receivedOn: businessDaysBack(today, 4) });
    const res = await ops.c.get('/api/admin/mail/letters?queue=all&pageSize=100');
    const byId = new Map(res.body.items.map((l: { id: string }) => [l.id, l]));
    expect(byId.get(old)).toMatchObject({
      businessDaysWaiting: businessDaysBetween(businessDaysBack(today, 4), today),
      late: true,
    });
    expect(byId.get(fresh)).toMatchObject({ businessDaysWaiting: 0, late: false });
    expect(byId.get(done)).toMatchObject({ businessDaysWaiting: null, late: false });
  });

  it('a customer cannot file an upload under the mailroom category', async () => {
    const a = await company();
    const form = fileForm(SCAN);
    form.append('category', 'mail');
    const res = await a.c.post('/api/documents', form);
    expect(res.status).toBe(400);
  });
});

describe('the unmatched tray and reassignment', () => {
  it('an unknown name waits unmatched; matching and reassigning are audited and move who sees it', async () => {
    const a = await company();
    const b = await company();
    const name = `Bilinmeyen Şirket ${Date.now()}`;
    const res = await log(cp575Fields(t, undefined, { envelopeName: name }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id } = res.body.letter;
    const tray = await ops.c.get(
      `/api/admin/mail/letters?queue=unmatched&q=${encodeURIComponent('bilinmeyen sirket')}`,
    );
    expect(tray.body.items.map((l: { id: string }) => l.id)).toContain(id);
    // A scan goes into a customer's vault: not before the letter has one.
    expect((await ops.c.post(`/api/admin/mail/letters/${id}/scan`, fileForm(SCAN))).status).toBe(409);

    expect((await ops.c.post(`/api/admin/mail/letters/${id}/assign`, { userId: a.id })).status).toBe(200);
    expect((await a.c.get('/api/mail/letters')).body.letters.map((l: { id: string }) => l.id)).toEqual([id]);

    const moved = await ops.c.post(`/api/admin/mail/letters/${id}/assign`, { userId: b.id });
    expect(moved.status).toBe(200);
    expect((await a.c.get('/api/mail/letters')).body.letters).toEqual([]);
    expect((await b.c.get('/api/mail/letters')).body.letters.map((l: { id: string }) => l.id)).toEqual([id]);
    const trail = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'letter.assigned')));
    expect(trail.map((e) => [e.before, e.after])).toEqual([
      [{ userId: null }, { userId: a.id }],
      [{ userId: a.id }, { userId: b.id }],
    ]);
    const notCompany = await ops.c.post(`/api/admin/mail/letters/${id}/assign`, { userId: ops.id });
    expect(notCompany.status).toBe(400);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `mailroom:${id}:%`));
    expect(mails.map((m) => m.to).sort()).toEqual([a.email, b.email].sort());
  });
});
