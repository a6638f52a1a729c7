/**
 * The mailroom's second slice (decision 0089) on both engines: forwarding paid through the services'
 * checkout at the catalogue's weight-band price, posted only after the payment is confirmed and once,
 * with its tracking number; the shred date; standing rules applied when a letter is logged; a letter
 * held, never dropped, for a customer with no current subscription; the desk's CSV export.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffMember,
  createTestApp,
  nextSecondFactorCode,
  signedInCustomer,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { letterListSchema, mailDeskListSchema, mailSummarySchema } from '../../../shared/features/mail/mail.contracts';
import { addDays } from '../../../shared/format/calendar-days';
import { translate } from '../../../shared/i18n';
import { auditEvents, companyFormations, einApplications, letters, mailOutbox, orders } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { helpers as einHelpers } from '../ein/ein.fixtures';
import { runRetentionSweep } from '../retention/retention.service';
import {
  cp575Fields,
  forwardingOnSale,
  letterForm,
  letterOf,
  SCAN,
  scannedEinLetterOf,
  subscribe,
} from './mail.fixtures';

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

const ADDRESS = {
  recipient: 'Ayşe Şahin',
  line1: 'Bağdat Caddesi 12',
  city: 'İstanbul',
  postalCode: '34710',
  country: 'tr',
};

let n = 0;
async function company(opts: { subscribed?: boolean } = {}) {
  const customer = await signedInCustomer(t);
  await db()
    .insert(companyFormations)
    .values({
      userId: customer.id,
      companyFormationPreference: 'self',
      stateSelected: 'Wyoming',
      businessName: `Yönlendirme LLC ${++n}${Date.now() % 100000}`,
      formedOn: '2026-01-15',
    });
  if (opts.subscribed !== false) await subscribe(t, customer.id);
  return customer;
}

async function myLetter(c: TestClient, id: string) {
  const res = await c.get('/api/mail/letters');
  expect(res.status).toBe(200);
  return letterListSchema.parse(res.body).letters.find((l) => l.id === id);
}

async function status(id: string) {
  const [row] = await db().select().from(letters).where(eq(letters.id, id));
  return row;
}

async function log(fields: Record<string, string | undefined>) {
  return ops.c.post('/api/admin/mail/letters', letterForm(fields), { 'accept-language': 'en' });
}

/** The session id of a checkout url (the local test checkout's page). */
const sessionOf = (url: string) => url.split('/').pop() as string;

describe('forwarding (decision 0089)', () => {
  it('asks for the address and a band on sale first; refuses a bad address with translated errors', async () => {
    const { c, id } = await company();
    const letterId = await letterOf(t, id);
    const noAddress = await c.post(`/api/mail/letters/${letterId}/forward`, {});
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.error.code).toBe('FORWARDING_ADDRESS_REQUIRED');

    const bad = await c.request('PUT', '/api/mail/settings/address', { ...ADDRESS, recipient: '', country: 'XX' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      recipient: 'validation.forwardRecipient',
      country: 'validation.forwardCountry',
    });
    expect(translate('en', 'validation.forwardCountry')).toBe('Please enter a two-letter country code (e.g. TR)');
    expect((await c.get('/api/mail/settings')).body.address).toBeNull();

    const saved = await c.request('PUT', '/api/mail/settings/address', ADDRESS);
    expect(saved.status).toBe(200);
    expect(saved.body.address).toMatchObject({ recipient: 'Ayşe Şahin', country: 'TR', line2: null });

    // This file's first test: no service prices the band yet, so it is not on sale and shows no price.
    const before = await c.post(`/api/mail/letters/${letterId}/forward`, {});
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('FORWARDING_UNAVAILABLE');
    expect((await myLetter(c, letterId))?.forwardPriceCents).toBeNull();
    expect((await status(letterId)).status).toBe('received');
    expect(await db().select().from(orders).where(eq(orders.userId, id))).toHaveLength(0);
  });

  it('finance marks a service as a forwarding band; an unknown item is refused', async () => {
    const finance = await createStaffMember(t, 'finance');
    const body = { title: 'Posta yönlendirme', description: 'Mektubunuzu göndeririz.', priceCents: 2_000 };
    const bad = await finance.c.post('/api/admin/services', { ...body, mailroomItem: 'forward_pigeon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.mailroomItem).toBe('validation.invalid');
    const made = await finance.c.post('/api/admin/services', { ...body, mailroomItem: 'forward_parcel' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.service.mailroomItem).toBe('forward_parcel');
    const cleared = await finance.c.patch(`/api/admin/services/${made.body.service.id}`, { mailroomItem: null });
    expect(cleared.body.service.mailroomItem).toBeNull();
  });

  it('charges the band’s catalogue price, moves the letter only on the confirmed payment, once; staff post it', async () => {
    const prices = await forwardingOnSale(t);
    const { c, id } = await company();
    await c.request('PUT', '/api/mail/settings/address', ADDRESS);
    const small = await letterOf(t, id); // 1 page: a letter
    expect((await myLetter(c, small))?.forwardPriceCents).toBe(prices.forward_letter);

    const started = await c.post(`/api/mail/letters/${small}/forward`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const requested = await status(small);
    expect(requested.status).toBe('forward_requested');
    expect(requested.forwardTo).toBe('Ayşe Şahin\nBağdat Caddesi 12\n34710 İstanbul\nTR');
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, requested.forwardOrderId ?? ''));
    expect(order).toMatchObject({ status: 'pending', amountCents: prices.forward_letter, kind: 'service' });

    // Not paid: not on the desk's "to forward" queue, and staff cannot post it.
    const queue = async () => {
      const res = await ops.c.get('/api/admin/mail/letters?queue=to_forward&pageSize=100');
      return mailDeskListSchema.parse(res.body).items.map((l) => l.id);
    };
    expect(await queue()).not.toContain(small);
    const early = await ops.c.post(`/api/admin/mail/letters/${small}/forwarded`, {
      trackingNumber: 'RR123456789TR',
      forwardedOn: serverToday(t.deps.env),
    });
    expect(early.status).toBe(409);

    // Paid twice at once: one payment settles, the letter moves once.
    const session = sessionOf(started.body.url);
    await Promise.all([
      c.post(`/api/payments/test-checkout/${session}/pay`, {}),
      c.post(`/api/payments/test-checkout/${session}/pay`, {}),
    ]);
    expect((await status(small)).status).toBe('to_forward');
    const paidAudits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, small), eq(auditEvents.action, 'letter.forward_paid')));
    expect(paidAudits).toHaveLength(1);
    expect(await queue()).toContain(small);

    // Staff: bad input changes nothing; then the tracking number, which the customer sees.
    const today = serverToday(t.deps.env);
    const future = await ops.c.post(
      `/api/admin/mail/letters/${small}/forwarded`,
      { trackingNumber: 'RR123456789TR', forwardedOn: addDays(today, 2) },
      { 'accept-language': 'en' },
    );
    expect(future.status).toBe(400);
    expect(future.body.error.fields.forwardedOn).toBe('mailroom.validation.dateInFuture');
    const noNumber = await ops.c.post(`/api/admin/mail/letters/${small}/forwarded`, {
      trackingNumber: '',
      forwardedOn: today,
    });
    expect(noNumber.status).toBe(400);
    expect((await status(small)).status).toBe('to_forward');
    const posted = await ops.c.post(`/api/admin/mail/letters/${small}/forwarded`, {
      trackingNumber: 'RR123456789TR',
      forwardedOn: today,
    });
    expect(posted.status).toBe(200);
    expect(await myLetter(c, small)).toMatchObject({
      status: 'forwarded',
      trackingNumber: 'RR123456789TR',
      forwardedOn: today,
      decisions: [],
      forwardPriceCents: null,
    });
    // Posted paper stays with its customer.
    const other = await company();
    expect((await ops.c.post(`/api/admin/mail/letters/${small}/assign`, { userId: other.id })).status).toBe(409);
    // Support reads the desk but does not post.
    const support = await createStaffMember(t, 'support');
    const big = await letterOf(t, id, { status: 'to_forward' });
    expect(
      (await support.c.post(`/api/admin/mail/letters/${big}/forwarded`, { trackingNumber: 'X123', forwardedOn: today }))
        .status,
    ).toBe(403);
  });

  it('a weightier letter costs its own band; another decision before payment wins, the late payment is audited', async () => {
    const prices = await forwardingOnSale(t);
    const { c, id } = await company();
    await c.request('PUT', '/api/mail/settings/address', ADDRESS);
    const [thick] = await db()
      .insert(letters)
      .values({
        userId: id,
        envelopeName: 'Thick LLC',
        sender: 'court',
        kind: 'unknown',
        receivedOn: serverToday(t.deps.env),
        pages: 40,
      })
      .returning({ id: letters.id });
    expect((await myLetter(c, thick.id))?.forwardPriceCents).toBe(prices.forward_large);
    const started = await c.post(`/api/mail/letters/${thick.id}/forward`, {});
    expect(started.status).toBe(200);
    expect((await c.post(`/api/mail/letters/${thick.id}/decision`, { decision: 'hold' })).status).toBe(200);
    await c.post(`/api/payments/test-checkout/${sessionOf(started.body.url)}/pay`, {});
    expect((await status(thick.id)).status).toBe('held');
    const late = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, thick.id), eq(auditEvents.action, 'letter.forward_paid_late')));
    expect(late).toHaveLength(1);
    // Another customer cannot forward it.
    const other = await company();
    expect((await other.c.post(`/api/mail/letters/${thick.id}/forward`, {})).status).toBe(404);
  });
});

describe('the shred date (decision 0089)', () => {
  it('staff shred only what the customer asked to shred, and the customer sees the day', async () => {
    const { c, id } = await company();
    const letterId = await letterOf(t, id);
    const today = serverToday(t.deps.env);
    expect((await ops.c.post(`/api/admin/mail/letters/${letterId}/shredded`, { shreddedOn: today })).status).toBe(409);
    await c.post(`/api/mail/letters/${letterId}/decision`, { decision: 'shred' });
    const res = await ops.c.get('/api/admin/mail/letters?queue=to_shred&pageSize=100');
    expect(mailDeskListSchema.parse(res.body).items.map((l) => l.id)).toContain(letterId);
    const before = await ops.c.post(
      `/api/admin/mail/letters/${letterId}/shredded`,
      { shreddedOn: addDays(today, -5) },
      { 'accept-language': 'en' },
    );
    expect(before.status).toBe(400);
    expect(before.body.error.fields.shreddedOn).toBe('mailroom.validation.beforeArrival');
    expect(translate('tr', 'mailroom.validation.beforeArrival')).toBe('Tarih, mektubun geldiği günden önce olamaz');
    expect((await ops.c.post(`/api/admin/mail/letters/${letterId}/shredded`, { shreddedOn: today })).status).toBe(200);
    expect(await myLetter(c, letterId)).toMatchObject({ status: 'shredded', shreddedOn: today });
  });
});

describe('standing rules (decision 0089)', () => {
  it('sends a new IRS or state letter to scan and advertising to shred as it is logged', async () => {
    const { c, id } = await company();
    expect(
      (await c.request('PUT', '/api/mail/settings/rules', { scanGovernment: 'yes', shredAdvertising: true })).status,
    ).toBe(400);
    const saved = await c.request('PUT', '/api/mail/settings/rules', { scanGovernment: true, shredAdvertising: true });
    expect(saved.status).toBe(200);
    expect(saved.body.rules).toEqual({ scanGovernment: true, shredAdvertising: true });

    const irs = await log(cp575Fields(t, id, { pages: '3' }));
    expect(irs.status, JSON.stringify(irs.body)).toBe(200);
    expect(irs.body.letter.status).toBe('scan_requested');
    const advert = await log(cp575Fields(t, id, { sender: 'advertiser', kind: 'unknown', letterDate: undefined }));
    expect(advert.body.letter.status).toBe('shred_requested');
    const bank = await log(cp575Fields(t, id, { sender: 'bank', kind: 'unknown', pages: '4' }));
    expect(bank.body.letter.status).toBe('received');

    // Rules off: the next IRS letter waits for the customer's word.
    await c.request('PUT', '/api/mail/settings/rules', { scanGovernment: false, shredAdvertising: false });
    const next = await log(cp575Fields(t, id, { pages: '5' }));
    expect(next.body.letter.status).toBe('received');
  });
});

describe('no current subscription (decision 0089)', () => {
  it('holds the letter and says so, with no free decision until the address or agent runs again', async () => {
    const { c, id } = await company({ subscribed: false });
    const res = await log(cp575Fields(t, id));
    expect(res.status).toBe(200);
    expect(res.body.letter).toMatchObject({ status: 'held', heldReason: 'no_subscription' });
    // Told so by mail, with the way to renew.
    const [told] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `mailroom:${res.body.letter.id}:${id}:mailroom.held`));
    expect(told?.text).toContain('/account/subscriptions');
    const letterId = res.body.letter.id as string;
    expect(await myLetter(c, letterId)).toMatchObject({ status: 'held', heldReason: 'no_subscription', decisions: [] });
    const refused = await c.post(`/api/mail/letters/${letterId}/decision`, { decision: 'scan' });
    expect(refused.status).toBe(409);
    const desk = await ops.c.get('/api/admin/mail/letters?queue=held&pageSize=100');
    expect(mailDeskListSchema.parse(desk.body).items.map((l) => l.id)).toContain(letterId);

    await subscribe(t, id);
    const renewed = await myLetter(c, letterId);
    expect(renewed?.heldReason).toBeNull();
    expect(renewed?.decisions).toContain('scan');
    expect((await c.post(`/api/mail/letters/${letterId}/decision`, { decision: 'scan' })).status).toBe(200);
    expect((await status(letterId)).heldReason).toBeNull();
  });
});

describe('the desk’s CSV export (decision 0080)', () => {
  it('streams the queue in the file’s language behind a fresh second factor; support has no export', async () => {
    const { id } = await company();
    const logged = await log(cp575Fields(t, id, { envelopeName: 'ÇİÇEK İTHALAT LLC', pages: '7' }));
    expect(logged.status).toBe(200);
    const support = await createStaffMember(t, 'support');
    expect((await support.c.get('/api/admin/mail/letters/export.csv')).status).toBe(403);
    await ops.c.post('/api/me/two-factor/verify', { code: nextSecondFactorCode(ops.email) });
    const csv = await ops.c.get(`/api/admin/mail/letters/export.csv?format=excel-tr&q=${encodeURIComponent('cicek')}`);
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text).toContain('ÇİÇEK İTHALAT LLC');
    expect(text).toContain('Zarftaki ad');
    expect(text).toContain('Kararınızı bekliyor');
    const en = await ops.c.get(`/api/admin/mail/letters/export.csv?q=${encodeURIComponent('çiçek')}`);
    expect(String(en.body)).toContain('Waiting for your decision');
  });
});

describe('a CP 575 or 147C gives the EIN desk its number (decision 0089)', () => {
  it('moves the waiting application to EIN issued through the EIN desk, once, with the letter in the vault', async () => {
    const ein = einHelpers(() => t);
    const who = await ein.applicant();
    await subscribe(t, who.id);
    await db().update(einApplications).set({ einStatus: 'submitted_to_irs' }).where(eq(einApplications.userId, who.id));
    // Logged without its scan: offered, but the number needs the scan first.
    const logged = await log(cp575Fields(t, who.id));
    expect(logged.body.letter.einOffer).toBe(true);
    const id = logged.body.letter.id as string;
    const support = await createStaffMember(t, 'support');
    expect((await support.c.post(`/api/admin/mail/letters/${id}/ein`, { ein: '12-3456789' })).status).toBe(403);
    const unscanned = await ops.c.post(`/api/admin/mail/letters/${id}/ein`, { ein: '12-3456789' });
    expect(unscanned.status).toBe(400);
    expect(unscanned.body.error.fields.file).toBe('mailroom.validation.einNeedsScan');
    const form = letterForm({}, { file: SCAN });
    expect((await ops.c.post(`/api/admin/mail/letters/${id}/scan`, form)).status).toBe(200);
    const bad = await ops.c.post(`/api/admin/mail/letters/${id}/ein`, { ein: '12-34' });
    expect(bad.status).toBe(400);
    expect((await ein.applicationOf(who.id))?.einStatus).toBe('submitted_to_irs');

    const taken = await ops.c.post(`/api/admin/mail/letters/${id}/ein`, { ein: '12-3456789' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.letter.einOffer).toBe(false);
    const app = await ein.applicationOf(who.id);
    expect(app?.einStatus).toBe('ein_issued');
    expect(app?.ein).toBe('123456789');
    expect(await ein.auditOf(who.id, 'letter.ein_taken')).toHaveLength(1);
    expect(await ein.auditOf(who.id, 'ein.status_changed')).toHaveLength(1);
    // Offered no more: a second confirmation is refused.
    expect((await ops.c.post(`/api/admin/mail/letters/${id}/ein`, { ein: '12-3456789' })).status).toBe(409);

    // A 147C restores a missing number of an issued application; another kind of letter offers nothing.
    const letter147c = await scannedEinLetterOf(t, who.id, 'letter147c', { einMissing: true });
    expect((await ops.c.post(`/api/admin/mail/letters/${letter147c}/ein`, { ein: '98-7654321' })).status).toBe(200);
    expect((await ein.applicationOf(who.id))?.ein).toBe('987654321');
    const other = await letterOf(t, who.id);
    expect((await ops.c.post(`/api/admin/mail/letters/${other}/ein`, { ein: '98-7654321' })).status).toBe(409);
  });
});

describe('the operator home’s mail panel (decision 0089)', () => {
  it('counts letters logged, the time to scan and the open decisions; support reads it, finance does not', async () => {
    const { id } = await company();
    const today = serverToday(t.deps.env);
    const waiting = await letterOf(t, id);
    const scanned = await letterOf(t, id);
    // Logged 10 hours before its scan.
    await db()
      .update(letters)
      .set({ status: 'scanned', createdAt: new Date(Date.now() - 10 * 3600_000), scannedAt: new Date() })
      .where(eq(letters.id, scanned));
    const res = await ops.c.get(`/api/admin/mail/summary?from=${addDays(today, -1)}&to=${today}`);
    expect(res.status).toBe(200);
    const figures = mailSummarySchema.parse(res.body);
    expect(figures.totals.received).toBeGreaterThanOrEqual(2);
    expect(figures.totals.scanned).toBeGreaterThanOrEqual(1);
    expect(figures.totals.p90Hours).not.toBeNull();
    expect(figures.totals.p90Hours ?? 0).toBeGreaterThanOrEqual(figures.totals.medianHours ?? 0);
    expect(figures.openDecisions).toBeGreaterThanOrEqual(1);
    expect((await status(waiting)).status).toBe('received');
    const finance = await createStaffMember(t, 'finance');
    expect((await finance.c.get('/api/admin/mail/summary')).status).toBe(403);
    const support = await createStaffMember(t, 'support');
    expect((await support.c.get('/api/admin/mail/summary')).status).toBe(200);
    expect((await ops.c.get('/api/admin/mail/summary?from=2026-13-01')).status).toBe(400);
  });
});

describe('retention per sender (decision 0089)', () => {
  it('sends an expired IRS letter’s paper to shredding, deletes it once shredded, and keeps a bank’s', async () => {
    const { id } = await company();
    const today = serverToday(t.deps.env);
    const old = addDays(today, -t.deps.env.RETENTION_MAIL_IRS_DAYS - 1);
    const irs = await letterOf(t, id, { receivedOn: old });
    const young = await letterOf(t, id, { receivedOn: addDays(today, -30) });
    const [bank] = await db()
      .insert(letters)
      .values({ userId: id, envelopeName: 'Old LLC', sender: 'bank', kind: 'unknown', receivedOn: old, pages: 1 })
      .returning({ id: letters.id });
    const [advert] = await db()
      .insert(letters)
      .values({
        userId: id,
        envelopeName: 'Old LLC',
        sender: 'advertiser',
        kind: 'unknown',
        receivedOn: addDays(today, -t.deps.env.RETENTION_MAIL_ADVERTISING_DAYS - 1),
        pages: 1,
        status: 'shredded',
        shreddedOn: today,
      })
      .returning({ id: letters.id });

    expect((await runRetentionSweep(t.deps)).lettersExpired).toBe(2);
    expect((await status(irs)).status).toBe('shred_requested');
    expect(await status(advert.id)).toBeUndefined();
    expect((await status(young)).status).toBe('received');
    expect((await status(bank.id)).status).toBe('received');
    // The desk shreds the paper; the next sweep deletes the record; a third finds nothing.
    await ops.c.post(`/api/admin/mail/letters/${irs}/shredded`, { shreddedOn: today });
    expect((await runRetentionSweep(t.deps)).lettersExpired).toBe(1);
    expect(await status(irs)).toBeUndefined();
    expect((await runRetentionSweep(t.deps)).lettersExpired).toBe(0);
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.action, 'letter.expired'));
    expect(audits.map((a) => a.entityId).sort()).toEqual([advert.id, irs, irs].sort());
  });
});

describe('an IRS penalty notice opens a support thread (decision 0089)', () => {
  it('once scanned, with the scan attached and the customer told; another kind opens none', async () => {
    const { c, id } = await company();
    const logged = await log(
      cp575Fields(t, id, { kind: 'form5472_penalty', envelopeName: 'CEZA LLC', pages: '4', letterDate: undefined }),
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    const letterId = logged.body.letter.id as string;
    expect((await c.get('/api/support/threads')).body.threads).toHaveLength(0);
    const scanned = await ops.c.post(`/api/admin/mail/letters/${letterId}/scan`, letterForm({}, { file: SCAN }));
    expect(scanned.status).toBe(200);
    const threads = (await c.get('/api/support/threads')).body.threads;
    expect(threads).toHaveLength(1);
    expect(threads[0].subject).toBe(translate('tr', 'mailroom.kinds.form5472_penalty.name'));
    const thread = await c.get(`/api/support/threads/${threads[0].id}`);
    const [first] = thread.body.messages;
    expect(first.message).toContain(translate('tr', 'mailroom.penaltyThread'));
    expect(first.isAdminReply).toBe(true);
    expect(first.attachments).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, letterId), eq(auditEvents.action, 'letter.support_opened')));
    expect(audits).toHaveLength(1);
    // A CP 575 scanned opens nothing.
    const plain = await letterOf(t, id);
    await ops.c.post(`/api/admin/mail/letters/${plain}/scan`, letterForm({}, { file: SCAN }));
    expect((await c.get('/api/support/threads')).body.threads).toHaveLength(1);
  });
});

describe('a state reminder links to its compliance calendar item (decision 0089)', () => {
  it('names the rule and the first due date on or after the letter’s date; other letters link nothing', async () => {
    const { c, id } = await company(); // a Wyoming company formed on 15 January 2026
    const logged = await log({
      envelopeName: 'WY LLC',
      userId: id,
      sender: 'state',
      kind: 'wy_annual_report',
      letterDate: '2026-11-02',
      receivedOn: serverToday(t.deps.env),
      pages: '1',
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    const letter = await myLetter(c, logged.body.letter.id);
    expect(letter?.calendarItem).toEqual({ ruleId: 'wyoming_annual_report', dueDate: '2027-01-01' });
    const other = await letterOf(t, id);
    expect((await myLetter(c, other))?.calendarItem).toBeNull();
  });
});
