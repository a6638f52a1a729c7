/**
 * Decision 0099 on both engines: the scans each address plan includes a month (finance's, in the
 * services back office), counted on the server's UTC month; a scan beyond them paid through the services'
 * checkout at the extra scan's catalogue price and sent to "to scan" only by the confirmed payment, once;
 * the mails when a letter is forwarded or shredded; the desk's state-reminder calendar item.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffMember,
  createTestApp,
  signedInCustomer,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { letterListSchema, mailDeskListSchema } from '../../../shared/features/mail/mail.contracts';
import { addDays } from '../../../shared/format/calendar-days';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import {
  auditEvents,
  companyFormations,
  letters,
  mailOutbox,
  orders,
  services,
  subscriptions,
  users,
} from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { actOnSession } from '../payments/fulfil.service';
import { cp575Fields, letterForm, letterOf, SCAN, scansOnSale, subscribe } from './mail.fixtures';

let t: TestApp;
const db = () => t.deps.database.db;
let ops: Awaited<ReturnType<typeof createStaffMember>>;
let finance: Awaited<ReturnType<typeof createStaffMember>>;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createStaffMember(t, 'operations');
  finance = await createStaffMember(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function company(opts: { privateAddress?: boolean } = {}) {
  const customer = await signedInCustomer(t);
  await db()
    .insert(companyFormations)
    .values({
      userId: customer.id,
      companyFormationPreference: 'self',
      stateSelected: 'Wyoming',
      businessName: `Tarama LLC ${++n}${Date.now() % 100000}`,
      formedOn: '2026-01-15',
    });
  await subscribe(t, customer.id);
  if (opts.privateAddress) {
    const today = serverToday(t.deps.env);
    await db()
      .insert(subscriptions)
      .values({
        userId: customer.id,
        product: 'private_address',
        status: 'active',
        periodStart: addDays(today, -10),
        periodEnd: addDays(today, 355),
        priceCents: 10_000,
      });
  }
  return customer;
}

async function myList(c: TestClient) {
  const res = await c.get('/api/mail/letters');
  expect(res.status).toBe(200);
  return letterListSchema.parse(res.body);
}

async function row(id: string) {
  const [found] = await db().select().from(letters).where(eq(letters.id, id));
  return found;
}

const auditsOf = (id: string, action: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, action)));

const sessionOf = (url: string) => url.split('/').pop() as string;

describe('finance sets the scans each address plan includes (decision 0099)', () => {
  it('refuses bad input with a translated message and changes nothing; audits a save; operations may not', async () => {
    const before = await finance.c.get('/api/admin/mail/scan-allowances');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ shared_address: null, private_address: null });

    for (const bad of [-1, 1.5, 1001, '3']) {
      const res = await finance.c.request(
        'PUT',
        '/api/admin/mail/scan-allowances',
        { shared_address: bad, private_address: 10 },
        { 'accept-language': 'en' },
      );
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.fields.shared_address).toBe('validation.scansPerMonth');
    }
    expect(translate('tr', 'validation.scansPerMonth')).toContain('0–1000');
    expect((await finance.c.get('/api/admin/mail/scan-allowances')).body).toEqual(before.body);
    const refused = await ops.c.request('PUT', '/api/admin/mail/scan-allowances', {
      shared_address: 3,
      private_address: 10,
    });
    expect(refused.status).toBe(403);

    const saved = await finance.c.request('PUT', '/api/admin/mail/scan-allowances', {
      shared_address: 3,
      private_address: 10,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ shared_address: 3, private_address: 10 });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'service.scan_allowances_updated'));
    expect(audit).toMatchObject({
      actorId: finance.id,
      before: { shared_address: null, private_address: null },
      after: { shared_address: 3, private_address: 10 },
    });
    // The extra scan is a catalogue service finance marks, like a forwarding band.
    const service = await finance.c.post('/api/admin/services', {
      title: 'Ek tarama',
      description: 'Aylık dahil taramaların ötesinde bir tarama.',
      priceCents: 700,
      mailroomItem: 'scan_extra',
    });
    expect(service.status, JSON.stringify(service.body)).toBe(201);
    expect(service.body.service.mailroomItem).toBe('scan_extra');
    // It is bought only for a letter: the public catalogue neither lists nor sells it alone.
    const { c } = await company();
    const catalogue = await c.get('/api/services');
    expect(catalogue.body.services.map((s: { id: string }) => s.id)).not.toContain(service.body.service.id);
    expect((await c.get(`/api/services/${service.body.service.id}`)).status).toBe(404);
    const alone = await c.post('/api/payments/checkout', { serviceId: service.body.service.id });
    expect(alone.body.error.code).toBe('SERVICE_NOT_FOUND');
  });
});

describe('the month’s included scans (decision 0099)', () => {
  it('counts the customer’s scans against their plan and refuses a free one beyond it, changing nothing', async () => {
    const price = await scansOnSale(t, 2);
    const { c, id } = await company();
    const [a, b, extra] = [await letterOf(t, id), await letterOf(t, id), await letterOf(t, id)];
    expect((await myList(c)).scans).toEqual({
      plan: 'shared_address',
      used: 0,
      included: 2,
      extraPriceCents: price,
    });
    // Within the allowance: no price, and straight to "to scan"; paying for it is refused.
    expect((await myList(c)).letters.find((l) => l.id === a)?.scanPriceCents).toBeNull();
    const included = await c.post(`/api/mail/letters/${a}/scan-checkout`, {});
    expect(included.status).toBe(409);
    expect(included.body.error.code).toBe('SCAN_INCLUDED');
    expect((await c.post(`/api/mail/letters/${a}/decision`, { decision: 'scan' })).status).toBe(200);
    expect((await c.post(`/api/mail/letters/${b}/decision`, { decision: 'scan' })).status).toBe(200);
    expect(await row(a)).toMatchObject({ status: 'scan_requested', scanCountedOn: serverToday(t.deps.env) });

    const list = await myList(c);
    expect(list.scans).toMatchObject({ used: 2, included: 2 });
    expect(list.letters.find((l) => l.id === extra)).toMatchObject({ scanPriceCents: price });
    expect(list.letters.find((l) => l.id === extra)?.decisions).toContain('scan');
    const beyond = await c.post(
      `/api/mail/letters/${extra}/decision`,
      { decision: 'scan' },
      { 'accept-language': 'en' },
    );
    expect(beyond.status).toBe(409);
    expect(beyond.body.error.code).toBe('SCAN_PAYMENT_REQUIRED');
    expect(beyond.body.error.message).toBe(translate('en', 'errors.SCAN_PAYMENT_REQUIRED'));
    expect(await row(extra)).toMatchObject({ status: 'received', scanCountedOn: null });
    // Shred and hold stay free.
    expect((await c.post(`/api/mail/letters/${extra}/decision`, { decision: 'hold' })).status).toBe(200);
  });

  it('a running private address gives its own plan; last month’s scans do not count', async () => {
    await scansOnSale(t, 0);
    await finance.c.request('PUT', '/api/admin/mail/scan-allowances', { shared_address: 0, private_address: 1 });
    const { c, id } = await company({ privateAddress: true });
    const old = await letterOf(t, id);
    await db()
      .update(letters)
      .set({ status: 'scanned', scanCountedOn: addDays(serverToday(t.deps.env), -40) })
      .where(eq(letters.id, old));
    expect((await myList(c)).scans).toMatchObject({ plan: 'private_address', used: 0, included: 1 });
    const letter = await letterOf(t, id);
    expect((await c.post(`/api/mail/letters/${letter}/decision`, { decision: 'scan' })).status).toBe(200);
    expect((await myList(c)).scans).toMatchObject({ used: 1, included: 1 });
  });

  it('two requests at the allowance’s edge: one is included, the other must pay', async () => {
    await scansOnSale(t, 1);
    await finance.c.request('PUT', '/api/admin/mail/scan-allowances', { shared_address: 1, private_address: 1 });
    const { c, id } = await company();
    const [a, b] = [await letterOf(t, id), await letterOf(t, id)];
    const answers = await Promise.all([
      c.post(`/api/mail/letters/${a}/decision`, { decision: 'scan' }),
      c.post(`/api/mail/letters/${b}/decision`, { decision: 'scan' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await myList(c)).scans.used).toBe(1);
  });
});

describe('a scan beyond the allowance is paid through the checkout (decision 0099)', () => {
  it('charges the extra scan’s price; the confirmed payment sends it to "to scan" once, a replay changes nothing', async () => {
    const price = await scansOnSale(t, 0);
    const { c, id } = await company();
    const letterId = await letterOf(t, id);
    expect((await myList(c)).letters.find((l) => l.id === letterId)?.scanPriceCents).toBe(price);

    const started = await c.post(`/api/mail/letters/${letterId}/scan-checkout`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const waiting = await row(letterId);
    expect(waiting.status).toBe('received');
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, waiting.scanOrderId ?? ''));
    expect(order).toMatchObject({ status: 'pending', amountCents: price, kind: 'service' });
    const queue = async () => {
      const res = await ops.c.get('/api/admin/mail/letters?queue=to_scan&pageSize=100');
      return mailDeskListSchema.parse(res.body).items.map((l) => l.id);
    };
    expect(await queue()).not.toContain(letterId);

    // Paid twice at once, then the provider's word replayed: the letter moves once.
    const session = sessionOf(started.body.url);
    await Promise.all([
      c.post(`/api/payments/test-checkout/${session}/pay`, {}),
      c.post(`/api/payments/test-checkout/${session}/pay`, {}),
    ]);
    expect(await row(letterId)).toMatchObject({ status: 'scan_requested', scanCountedOn: null });
    await actOnSession(t.deps, order.id, await t.deps.payments.retrieveCheckout(session), 'webhook');
    expect(await auditsOf(letterId, 'letter.scan_paid')).toHaveLength(1);
    expect(await auditsOf(letterId, 'letter.scan_checkout')).toHaveLength(1);
    expect(await queue()).toContain(letterId);
    // A paid scan is not one of the month's.
    expect((await myList(c)).scans.used).toBe(0);
  });

  it('another decision before the payment wins, the late payment is audited; another customer cannot scan it', async () => {
    await scansOnSale(t, 0);
    const { c, id } = await company();
    const letterId = await letterOf(t, id);
    const other = await company();
    expect((await other.c.post(`/api/mail/letters/${letterId}/scan-checkout`, {})).status).toBe(404);
    expect((await other.c.post(`/api/mail/letters/${letterId}/decision`, { decision: 'scan' })).status).toBe(404);
    expect((await ops.c.post(`/api/mail/letters/${letterId}/scan-checkout`, {})).status).toBe(403);

    const started = await c.post(`/api/mail/letters/${letterId}/scan-checkout`, {});
    expect(started.status).toBe(200);
    expect((await c.post(`/api/mail/letters/${letterId}/decision`, { decision: 'shred' })).status).toBe(200);
    await c.post(`/api/payments/test-checkout/${sessionOf(started.body.url)}/pay`, {});
    expect((await row(letterId)).status).toBe('shred_requested');
    expect(await auditsOf(letterId, 'letter.scan_paid_late')).toHaveLength(1);
    // No scan can be asked of a letter to shred.
    expect((await c.post(`/api/mail/letters/${letterId}/scan-checkout`, {})).status).toBe(409);
  });

  it('not on sale: the scan is not offered beyond the allowance and its checkout is refused', async () => {
    await scansOnSale(t, 0);
    await extraScanOnSale(false);
    try {
      const { c, id } = await company();
      const letterId = await letterOf(t, id);
      const list = await myList(c);
      expect(list.scans.extraPriceCents).toBeNull();
      expect(list.letters.find((l) => l.id === letterId)).toMatchObject({ scanPriceCents: null });
      expect(list.letters.find((l) => l.id === letterId)?.decisions).not.toContain('scan');
      const res = await c.post(`/api/mail/letters/${letterId}/scan-checkout`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('SCAN_UNAVAILABLE');
    } finally {
      await extraScanOnSale(true);
    }
  });
});

/** Takes the extra scan off sale (every service naming it inactive), or back on. */
async function extraScanOnSale(isActive: boolean) {
  await db().update(services).set({ isActive }).where(eq(services.mailroomItem, 'scan_extra'));
}

describe('standing rules and lawsuit papers against the allowance (decision 0099)', () => {
  it('a rule’s scan counts; beyond it the letter waits with the price; lawsuit papers are scanned free', async () => {
    const price = await scansOnSale(t, 1);
    await finance.c.request('PUT', '/api/admin/mail/scan-allowances', { shared_address: 1, private_address: 1 });
    const { c, id } = await company();
    await c.request('PUT', '/api/mail/settings/rules', { scanGovernment: true, shredAdvertising: false });
    const log = (fields: Record<string, string | undefined>, files = {}) =>
      ops.c.post('/api/admin/mail/letters', letterForm(fields, files));

    const first = await log(cp575Fields(t, id, { pages: '3' }));
    expect(first.body.letter.status).toBe('scan_requested');
    const second = await log(cp575Fields(t, id, { pages: '4' }));
    expect(second.status).toBe(200);
    expect(second.body.letter.status).toBe('received');
    const [audit] = await auditsOf(second.body.letter.id, 'letter.logged');
    expect(audit.after).toMatchObject({ beyondAllowance: true });
    const list = await myList(c);
    expect(list.scans).toMatchObject({ used: 1, included: 1 });
    expect(list.letters.find((l) => l.id === second.body.letter.id)?.scanPriceCents).toBe(price);

    // Service of process: scanned at once, urgent, and not one of the month's scans.
    const served = await log(
      {
        envelopeName: 'DAVA LLC',
        userId: id,
        sender: 'court',
        kind: 'service_of_process',
        receivedOn: serverToday(t.deps.env),
        pages: '12',
      },
      { scan: SCAN },
    );
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect(served.body.letter).toMatchObject({ status: 'scanned', urgent: true });
    expect((await myList(c)).scans.used).toBe(1);
  });
});

describe('the customer is mailed when the paper leaves the desk (decision 0099)', () => {
  it('forwarded, with the tracking number, the day and the address; shredded, with the day; in their language', async () => {
    const { id } = await company();
    await db().update(users).set({ lang: 'en' }).where(eq(users.id, id));
    const today = serverToday(t.deps.env);
    const toForward = await letterOf(t, id, { status: 'to_forward' });
    await db().update(letters).set({ forwardTo: 'Ayşe Şahin\nBağdat Caddesi 12\nTR' }).where(eq(letters.id, toForward));
    const posted = await ops.c.post(`/api/admin/mail/letters/${toForward}/forwarded`, {
      trackingNumber: 'RR123456785TR',
      forwardedOn: today,
    });
    expect(posted.status).toBe(200);
    const [forwardedMail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `mailroom:${toForward}:${id}:mailroom.forwarded`));
    expect(forwardedMail).toMatchObject({ lang: 'en', template: 'mailroom.forwarded' });
    expect(forwardedMail.subject).toBe(
      translate('en', 'mail.mailroom.forwarded.subject', { subject: translate('en', 'mailroom.kinds.cp575.name') }),
    );
    expect(forwardedMail.text).toContain('RR123456785TR');
    expect(forwardedMail.text).toContain(formatCalendarDateLong(today, 'en'));
    expect(forwardedMail.text).toContain('> Bağdat Caddesi 12');

    const toShred = await letterOf(t, id, { status: 'shred_requested' });
    // Refused input writes no mail.
    await ops.c.post(`/api/admin/mail/letters/${toShred}/shredded`, { shreddedOn: addDays(today, 3) });
    const shredKey = `mailroom:${toShred}:${id}:mailroom.shredded`;
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, shredKey))).toHaveLength(0);
    expect((await ops.c.post(`/api/admin/mail/letters/${toShred}/shredded`, { shreddedOn: today })).status).toBe(200);
    const [shreddedMail] = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, shredKey));
    expect(shreddedMail.text).toContain(formatCalendarDateLong(today, 'en'));

    // A Turkish customer reads it in Turkish.
    const tr = await company();
    const trLetter = await letterOf(t, tr.id, { status: 'shred_requested' });
    await ops.c.post(`/api/admin/mail/letters/${trLetter}/shredded`, { shreddedOn: today });
    const [trMail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `mailroom:${trLetter}:${tr.id}:mailroom.shredded`));
    expect(trMail.lang).toBe('tr');
    expect(trMail.text).toContain(formatCalendarDateLong(today, 'tr'));
  });
});

describe('the desk shows a state reminder’s calendar item (decision 0099)', () => {
  it('as the customer’s page does; other letters show none', async () => {
    const { id } = await company(); // a Wyoming company formed on 15 January 2026
    const logged = await ops.c.post(
      '/api/admin/mail/letters',
      letterForm({
        envelopeName: 'WY LLC',
        userId: id,
        sender: 'state',
        kind: 'wy_annual_report',
        letterDate: '2026-11-02',
        receivedOn: serverToday(t.deps.env),
        pages: '1',
      }),
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    expect(logged.body.letter.calendarItem).toEqual({ ruleId: 'wyoming_annual_report', dueDate: '2027-01-01' });
    const desk = await ops.c.get('/api/admin/mail/letters?queue=all&pageSize=100');
    const rows = mailDeskListSchema.parse(desk.body).items;
    expect(rows.find((l) => l.id === logged.body.letter.id)?.calendarItem).toEqual({
      ruleId: 'wyoming_annual_report',
      dueDate: '2027-01-01',
    });
    const other = await letterOf(t, id);
    expect(rows.find((l) => l.id === other)).toBeUndefined();
    const again = mailDeskListSchema.parse((await ops.c.get('/api/admin/mail/letters?queue=all&pageSize=100')).body);
    expect(again.items.find((l) => l.id === other)?.calendarItem).toBeNull();
  });
});
