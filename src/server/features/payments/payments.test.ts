import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../tests/support/fake-stripe';
import {
  createTestApp,
  signedInOwner,
  signUp,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { formatInstantUtc } from '../../../shared/format/dates';
import {
  auditEvents,
  companyFormations,
  formationServiceRequests,
  mailOutbox,
  orders,
  paymentEvents,
  services,
  users,
} from '../../db/schema';

/*
 * Payments against real Stripe code paths: the official library talks to a fake Stripe server that
 * speaks Stripe's wire format, and webhooks are signed with the library's own helper. A second app
 * without Stripe keys covers the local TEST MODE checkout, which must go through the same webhook code.
 */

const WEBHOOK_SECRET = 'whsec_test_payments_suite';
let fake: FakeStripe;
let t: TestApp;
let local: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  [t, local] = await Promise.all([
    createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_payments_suite',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: fake.url,
    }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), local?.close()]);
  await fake?.close();
});

async function customer(app: TestApp, opts: { formation?: boolean; lang?: 'tr' | 'en' } = {}) {
  const c = app.client();
  const { res, email } = await signUp(c);
  expect(res.status).toBe(201);
  if (opts.lang)
    await app.deps.database.db.update(users).set({ lang: opts.lang }).where(eq(users.id, res.body.user.id));
  if (opts.formation) {
    expect((await c.post('/api/formations', { formationType: 'assisted', phoneNumber: '+905321234567' })).status).toBe(
      201,
    );
  }
  return { c, id: res.body.user.id as string, email };
}

async function service(app: TestApp, fields: Partial<typeof services.$inferInsert> = {}) {
  const [row] = await app.deps.database.db
    .insert(services)
    .values({ title: 'ITIN Başvurusu', description: 'W-7', priceCents: 24_900, stripePriceId: null, ...fields })
    .returning();
  return row;
}

const sessionIdOf = (url: string) => url.split('/').pop() as string;

/** Buys through the API and answers the checkout session the fake Stripe server holds. */
async function buy(c: TestClient, serviceId: string) {
  const res = await c.post('/api/payments/checkout', { serviceId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = [...fake.sessions.values()].find((s) => s.url === res.body.url);
  expect(session).toBeDefined();
  return session as NonNullable<typeof session>;
}

async function deliver(app: TestApp, payload: { body: string; signature: string }) {
  return app.app.request('http://localhost:3000/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': payload.signature },
    body: payload.body,
  });
}

const orderRow = async (app: TestApp, sessionId: string) =>
  (await app.deps.database.db.select().from(orders).where(eq(orders.providerSessionId, sessionId)))[0];
const receipts = (app: TestApp, to: string) =>
  app.deps.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'orderReceipt')));

describe('buying a service with Stripe', () => {
  it('opens a Checkout Session for the amount in our database, keyed by the order', async () => {
    const s = await service(t, { priceCents: 13_875 });
    const { c, id } = await customer(t, { lang: 'en' });
    const session = await buy(c, s.id);
    const order = await orderRow(t, session.id);
    expect(order).toMatchObject({
      userId: id,
      kind: 'service',
      amountCents: 13_875,
      status: 'pending',
      title: s.title,
    });
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 13_875,
      currency: 'usd',
      client_reference_id: order.id,
      locale: 'en',
    });
    expect(session.success_url).toBe(`http://localhost:3000/payment/success?session_id=${session.id}`);
    const create = fake.requests.find((r) => r.method === 'POST' && r.idempotencyKey === `checkout-${order.id}`);
    expect(create, 'an idempotency key per order').toBeDefined();
    expect(fake.unhandled).toEqual([]);
  });

  it('ignores a price or a buyer sent by the browser', async () => {
    const s = await service(t, { priceCents: 50_000 });
    const { c } = await customer(t);
    const other = await customer(t);
    const res = await c.post('/api/payments/checkout', { serviceId: s.id, priceCents: 1, userId: other.id });
    expect(res.status).toBe(200);
    const order = await orderRow(t, sessionIdOf(res.body.url));
    expect(order.amountCents).toBe(50_000);
    expect(order.userId).not.toBe(other.id);
  });

  it('refuses an inactive or unknown service, and an admin-free anonymous caller', async () => {
    const inactive = await service(t, { isActive: false });
    const { c } = await customer(t);
    expect((await c.post('/api/payments/checkout', { serviceId: inactive.id })).body.error.code).toBe(
      'SERVICE_NOT_FOUND',
    );
    expect((await c.post('/api/payments/checkout', { serviceId: crypto.randomUUID() })).status).toBe(404);
    expect((await t.client().post('/api/payments/checkout', { serviceId: inactive.id })).status).toBe(401);
  });

  it('answers PAYMENT_PROVIDER_FAILED and keeps no order when Stripe refuses', async () => {
    const s = await service(t);
    const { c, id } = await customer(t);
    fake.failNext(500);
    const res = await c.post('/api/payments/checkout', { serviceId: s.id });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(await t.deps.database.db.select().from(orders).where(eq(orders.userId, id))).toEqual([]);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature and a stale timestamp, and changes nothing', async () => {
    const s = await service(t);
    const { c } = await customer(t);
    const session = await buy(c, s.id);
    const paid = fake.completeSession(session.id);
    const event = fake.event('checkout.session.completed', paid);
    const wrongSecret = fake.signedPayload(event, 'whsec_not_ours');
    const stale = fake.signedPayload(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    for (const attempt of [wrongSecret, stale]) {
      const res = await deliver(t, attempt);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INVALID_SIGNATURE');
    }
    // A body changed after signing is refused too.
    const good = fake.signedPayload(event, WEBHOOK_SECRET);
    const tampered = { ...good, body: good.body.replace(/"amount_total":\s*\d+/, '"amount_total": 1') };
    expect(tampered.body).not.toBe(good.body);
    expect((await deliver(t, tampered)).status).toBe(400);
    expect((await orderRow(t, session.id)).status).toBe('pending');
    const [seen] = await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    expect(seen).toBeUndefined();
  });

  it('acknowledges an event type it does not handle without acting on it', async () => {
    const s = await service(t);
    const { c } = await customer(t);
    const session = await buy(c, s.id);
    const event = fake.event('payment_intent.succeeded', fake.completeSession(session.id));
    expect((await deliver(t, fake.signedPayload(event, WEBHOOK_SECRET))).status).toBe(200);
    expect((await orderRow(t, session.id)).status).toBe('pending');
  });

  it('fulfils exactly once when the same event arrives 10 times at once', async () => {
    const s = await service(t, { priceCents: 34_900 });
    const { c, id, email } = await customer(t, { lang: 'en' });
    const session = await buy(c, s.id);
    const payload = fake.signedPayload(
      fake.event('checkout.session.completed', fake.completeSession(session.id)),
      WEBHOOK_SECRET,
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(t, payload)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const order = await orderRow(t, session.id);
    expect(order.status).toBe('paid');
    expect(order.providerPaymentId).toMatch(/^pi_/);
    expect(await t.deps.database.db.select().from(orders).where(eq(orders.userId, id))).toHaveLength(1);
    const mails = await receipts(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Payment receipt');
    expect(mails[0].text).toContain('$349.00');
    // The paid moment as every mail writes it, in UTC (decision 0076): "March 1, 2027, 15:05 UTC".
    expect(mails[0].text).toContain(formatInstantUtc(order.paidAt as Date, 'en'));
    const paidAudits = await t.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, order.id), eq(auditEvents.action, 'order.paid')));
    expect(paidAudits).toHaveLength(1);
  });

  it('fulfils once when the webhook races the success page', async () => {
    const s = await service(t);
    const { c, email } = await customer(t);
    const session = await buy(c, s.id);
    const payload = fake.signedPayload(
      fake.event('checkout.session.completed', fake.completeSession(session.id)),
      WEBHOOK_SECRET,
    );
    const [hooks, pages] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, () => deliver(t, payload))),
      Promise.all(Array.from({ length: 3 }, () => c.get(`/api/payments/checkout-sessions/${session.id}`))),
    ]);
    expect(hooks.every((r) => r.status === 200)).toBe(true);
    expect(pages.every((r) => r.status === 200)).toBe(true);
    expect((await c.get(`/api/payments/checkout-sessions/${session.id}`)).body.order.status).toBe('paid');
    expect(await receipts(t, email)).toHaveLength(1);
  });

  it('never marks paid when the amount or currency differs from the order', async () => {
    const s = await service(t, { priceCents: 24_900 });
    const { c } = await customer(t);
    const session = await buy(c, s.id);
    const paid = { ...fake.completeSession(session.id), amount_total: 100 };
    expect(
      (await deliver(t, fake.signedPayload(fake.event('checkout.session.completed', paid), WEBHOOK_SECRET))).status,
    ).toBe(200);
    const euros = { ...fake.sessions.get(session.id)!, currency: 'eur' };
    await deliver(t, fake.signedPayload(fake.event('checkout.session.completed', euros), WEBHOOK_SECRET));
    const order = await orderRow(t, session.id);
    expect(order.status).toBe('pending');
    const audits = await t.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, order.id), eq(auditEvents.action, 'order.payment_mismatch')));
    expect(audits).toHaveLength(2);
  });

  it('waits for an async payment, then fails or fulfils on its result; an expired session cancels', async () => {
    const s = await service(t);
    const { c } = await customer(t);
    const [one, two, three] = [await buy(c, s.id), await buy(c, s.id), await buy(c, s.id)];
    for (const session of [one, two]) {
      const unpaid = fake.completeSession(session.id, { paymentStatus: 'unpaid' });
      await deliver(t, fake.signedPayload(fake.event('checkout.session.completed', unpaid), WEBHOOK_SECRET));
      expect((await orderRow(t, session.id)).status).toBe('pending');
    }
    await deliver(
      t,
      fake.signedPayload(
        fake.event('checkout.session.async_payment_succeeded', fake.asyncResult(one.id, 'succeeded')),
        WEBHOOK_SECRET,
      ),
    );
    await deliver(
      t,
      fake.signedPayload(
        fake.event('checkout.session.async_payment_failed', fake.asyncResult(two.id, 'failed')),
        WEBHOOK_SECRET,
      ),
    );
    await deliver(
      t,
      fake.signedPayload(fake.event('checkout.session.expired', fake.expireSession(three.id)), WEBHOOK_SECRET),
    );
    expect((await orderRow(t, one.id)).status).toBe('paid');
    expect((await orderRow(t, two.id)).status).toBe('failed');
    expect((await orderRow(t, three.id)).status).toBe('cancelled');
    // A late, replayed success for the failed one changes nothing.
    const late = { ...fake.sessions.get(two.id)!, payment_status: 'paid' as const };
    await deliver(t, fake.signedPayload(fake.event('checkout.session.completed', late), WEBHOOK_SECRET));
    expect((await orderRow(t, two.id)).status).toBe('failed');
  });
});

describe('the package from the turnkey wizard', () => {
  const CHOICES = {
    packageSelected: 'formation_with_payment',
    stateSelected: 'Wyoming',
    businessAddress: 'private_address',
  };

  it('charges $589 + $100 and turns the formation paid only on the confirmed event, once', async () => {
    const { c, id } = await customer(t, { formation: true });
    const res = await c.post('/api/formation-service/checkout', CHOICES);
    expect(res.status).toBe(200);
    const session = [...fake.sessions.values()].find((s) => s.url === res.body.url);
    expect(session?.amount_total).toBe(68_900);
    const formation = async () =>
      (await t.deps.database.db.select().from(companyFormations).where(eq(companyFormations.userId, id)))[0];
    // The browser coming back to the success page proves nothing: still pending until Stripe says paid.
    expect((await c.get(`/api/payments/checkout-sessions/${session!.id}`)).body.order.status).toBe('pending');
    expect((await formation()).paymentStatus).toBe('pending');
    const payload = fake.signedPayload(
      fake.event('checkout.session.completed', fake.completeSession(session!.id)),
      WEBHOOK_SECRET,
    );
    await Promise.all(Array.from({ length: 5 }, () => deliver(t, payload)));
    expect((await formation()).paymentStatus).toBe('paid');
    const formationAudits = await t.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, id), eq(auditEvents.action, 'order.paid')));
    expect(formationAudits).toHaveLength(1);
    // Paid once; a second checkout would charge twice.
    expect((await c.post('/api/formation-service/checkout', CHOICES)).body.error.code).toBe('ALREADY_PAID');
  });

  it('marks the formation failed when the async payment fails', async () => {
    const { c, id } = await customer(t, { formation: true });
    const res = await c.post('/api/formation-service/checkout', { ...CHOICES, businessAddress: 'shared_address' });
    const session = [...fake.sessions.values()].find((s) => s.url === res.body.url)!;
    expect(session.amount_total).toBe(58_900);
    fake.completeSession(session.id, { paymentStatus: 'unpaid' });
    await deliver(
      t,
      fake.signedPayload(
        fake.event('checkout.session.async_payment_failed', fake.asyncResult(session.id, 'failed')),
        WEBHOOK_SECRET,
      ),
    );
    const [row] = await t.deps.database.db.select().from(companyFormations).where(eq(companyFormations.userId, id));
    expect(row.paymentStatus).toBe('failed');
  });
});

/*
 * Decision 0032: what a turnkey request bought is what its paid order says. A paid request cannot be
 * edited, a newer checkout cancels the older one, and a paid order that did not buy the request is
 * flagged for staff instead of being merged into it.
 */
describe('what a turnkey request bought', () => {
  const CHEAP = { packageSelected: 'formation_only', stateSelected: 'Wyoming', businessAddress: 'shared_address' };
  const PREMIUM = {
    packageSelected: 'formation_with_payment',
    stateSelected: 'Wyoming',
    businessAddress: 'private_address',
  };

  async function staff(app: TestApp) {
    return signedInOwner(app);
  }

  async function formationOf(app: TestApp, userId: string) {
    const [row] = await app.deps.database.db
      .select()
      .from(companyFormations)
      .where(eq(companyFormations.userId, userId));
    return row;
  }

  /** What staff see: the customer file's turnkey request and orders, the list row and the CSV row. */
  async function staffView(app: TestApp, admin: TestClient, userId: string, email: string) {
    const formation = await formationOf(app, userId);
    const file = (await admin.get(`/api/admin/formations/${formation.id}/file`)).body.file;
    const listed = (await admin.get(`/api/admin/formations?q=${encodeURIComponent(email)}`)).body.items;
    const csv = (await admin.get(`/api/admin/formations/export.csv?q=${encodeURIComponent(email)}`)).body as string;
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    const cells = lines[1].split(',');
    return { file, item: listed[0], csv: { payment: cells[3], rest: cells.slice(6) } };
  }

  const checkoutSession = async (c: TestClient, choices: Record<string, string>) => {
    const res = await c.post('/api/formation-service/checkout', choices);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return [...fake.sessions.values()].find((s) => s.url === res.body.url)!;
  };

  it('(a) a paid request cannot be changed: 409, audited saves, and staff see what the order bought', async () => {
    const { c, id, email } = await customer(local, { formation: true, lang: 'en' });
    // Every change of the draft is audited, with the fields before and after.
    expect(
      (await c.request('PUT', '/api/formation-service/draft', { packageSelected: 'formation_with_payment' })).status,
    ).toBe(200);
    const res = await c.post('/api/formation-service/checkout', CHEAP);
    const sessionId = sessionIdOf(res.body.url);
    expect((await c.post(`/api/payments/test-checkout/${sessionId}/pay`, {})).status).toBe(200);
    expect((await formationOf(local, id)).paymentStatus).toBe('paid');

    const edit = await c.request('PUT', '/api/formation-service/draft', {
      packageSelected: 'formation_with_payment',
      businessAddress: 'private_address',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toMatchObject({
      code: 'TURNKEY_REQUEST_PAID',
      message:
        'Ödemesi yapılmış anahtar teslim talebiniz artık değiştirilemez. Bir değişiklik için destek ekibimize yazın.',
    });
    const en = await c.request(
      'PUT',
      '/api/formation-service/draft',
      { stateSelected: 'Delaware' },
      {
        'accept-language': 'en',
      },
    );
    expect(en.status).toBe(409);
    expect(en.body.error.message).toBe(
      'Your turnkey request is paid and can no longer be changed. To change something, write to our support team.',
    );
    const [request] = await local.deps.database.db
      .select()
      .from(formationServiceRequests)
      .where(eq(formationServiceRequests.userId, id));
    expect(request).toMatchObject({ packageSelected: 'formation_only', businessAddress: 'shared_address' });
    const draft = (await c.get('/api/formation-service/draft')).body;
    expect(draft.draft).toMatchObject({ packageSelected: 'formation_only', businessAddress: 'shared_address' });
    expect(draft.purchase).toMatchObject({
      packageId: 'formation_only',
      addressOption: 'shared_address',
      amountCents: 38_900,
    });

    const saves = await local.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, id), eq(auditEvents.action, 'formation_service.draft_saved')))
      .orderBy(auditEvents.createdAt);
    expect(saves.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [
        id,
        null,
        { packageSelected: 'formation_with_payment', stateType: null, stateSelected: null, businessAddress: null },
      ],
      [
        id,
        { packageSelected: 'formation_with_payment', stateSelected: null, businessAddress: null },
        { packageSelected: 'formation_only', stateSelected: 'Wyoming', businessAddress: 'shared_address' },
      ],
    ]);

    const view = await staffView(local, await staff(local), id, email);
    expect(view.file.turnkeyRequest).toMatchObject({
      packageSelected: 'formation_only',
      businessAddress: 'shared_address',
      paymentStatus: 'paid',
    });
    expect(view.item).toMatchObject({
      paymentStatus: 'paid',
      // Paid through the local checkout: marked TEST MODE in the list and the export.
      purchase: { packageId: 'formation_only', addressOption: 'shared_address', testMode: true },
      orderFlag: null,
    });
    expect(view.csv).toEqual({ payment: 'Paid', rest: ['Standard', 'Shared address', '', 'TEST MODE'] });
  });

  it('(b) a newer checkout cancels the older one; the older one, confirmed anyway, is flagged and buys nothing', async () => {
    const { c, id, email } = await customer(t, { formation: true, lang: 'en' });
    const cheap = await checkoutSession(c, CHEAP);
    const premium = await checkoutSession(c, PREMIUM);
    // Expired at Stripe, cancelled here, naming the newer order; its success page says so.
    expect(fake.sessions.get(cheap.id)?.status).toBe('expired');
    expect(fake.unhandled).toEqual([]);
    const cheapOrder = await orderRow(t, cheap.id);
    const premiumOrder = await orderRow(t, premium.id);
    expect(cheapOrder).toMatchObject({ status: 'cancelled', supersededBy: premiumOrder.id });
    expect((await c.get(`/api/payments/checkout-sessions/${cheap.id}`)).body.order).toMatchObject({
      status: 'cancelled',
      replaced: true,
      flag: null,
    });

    // Stripe still confirms the cheap one (paid as the expiry reached it): the money is recorded,
    // flagged, and the request is not bought by it.
    const late = { ...cheap, status: 'complete' as const, payment_status: 'paid' as const, payment_intent: 'pi_late' };
    const hook = await deliver(t, fake.signedPayload(fake.event('checkout.session.completed', late), WEBHOOK_SECRET));
    expect(hook.status).toBe(200);
    expect(await orderRow(t, cheap.id)).toMatchObject({ status: 'paid', flag: 'different_package' });
    expect((await formationOf(t, id)).paymentStatus).toBe('pending');
    const admin = await staff(t);
    let view = await staffView(t, admin, id, email);
    expect(view.file.turnkeyRequest).toMatchObject({ paymentStatus: 'pending', paidOrderId: null });
    expect(view.file.orders.find((o: { id: string }) => o.id === cheapOrder.id)).toMatchObject({
      status: 'paid',
      flag: 'different_package',
    });
    expect(view.item).toMatchObject({ paymentStatus: 'pending', purchase: null, orderFlag: 'different_package' });
    expect(view.csv.rest).toEqual(['', '', 'Paid for a different package', '']);
    // The draft is still open (the premium checkout is the open one); paying it buys the premium package.
    await deliver(
      t,
      fake.signedPayload(fake.event('checkout.session.completed', fake.completeSession(premium.id)), WEBHOOK_SECRET),
    );
    view = await staffView(t, admin, id, email);
    expect(view.file.turnkeyRequest).toMatchObject({
      packageSelected: 'formation_with_payment',
      businessAddress: 'private_address',
      paidOrderId: premiumOrder.id,
    });
    expect(view.item).toMatchObject({
      paymentStatus: 'paid',
      // Paid at Stripe: no TEST MODE mark.
      purchase: { packageId: 'formation_with_payment', addressOption: 'private_address', testMode: false },
      orderFlag: 'different_package',
    });
  });

  it('(b) the same package confirmed after the request was bought is flagged "paid twice"', async () => {
    const { c, id } = await customer(t, { formation: true });
    const first = await checkoutSession(c, CHEAP);
    const second = await checkoutSession(c, CHEAP);
    await deliver(
      t,
      fake.signedPayload(fake.event('checkout.session.completed', fake.completeSession(second.id)), WEBHOOK_SECRET),
    );
    const late = { ...first, status: 'complete' as const, payment_status: 'paid' as const, payment_intent: 'pi_late2' };
    await deliver(t, fake.signedPayload(fake.event('checkout.session.completed', late), WEBHOOK_SECRET));
    expect(await orderRow(t, first.id)).toMatchObject({ status: 'paid', flag: 'paid_twice' });
    expect(await orderRow(t, second.id)).toMatchObject({ status: 'paid', flag: null });
    const [request] = await t.deps.database.db
      .select()
      .from(formationServiceRequests)
      .where(eq(formationServiceRequests.userId, id));
    expect(request.paidOrderId).toBe((await orderRow(t, second.id)).id);
  });

  it('(b) a newer checkout finds the older one paid at Stripe: that payment buys the request, the new one is refused', async () => {
    const { c, id } = await customer(t, { formation: true });
    const cheap = await checkoutSession(c, CHEAP);
    // Paid at Stripe, webhook not delivered yet: Stripe refuses to expire it, and its word is acted on.
    fake.completeSession(cheap.id);
    const res = await c.post('/api/formation-service/checkout', PREMIUM);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ALREADY_PAID');
    expect(await orderRow(t, cheap.id)).toMatchObject({ status: 'paid', flag: null });
    const mine = await t.deps.database.db.select().from(orders).where(eq(orders.userId, id));
    expect(mine.map((o) => o.packageId)).toEqual(['formation_only']);
    expect((await c.get('/api/formation-service/draft')).body.purchase).toMatchObject({
      packageId: 'formation_only',
      addressOption: 'shared_address',
    });
    expect(fake.unhandled).toEqual([]);
  });

  it('(b) in TEST MODE the replaced checkout is closed and can no longer be paid', async () => {
    const { c, id } = await customer(local, { formation: true });
    const cheap = sessionIdOf((await c.post('/api/formation-service/checkout', CHEAP)).body.url);
    const premium = sessionIdOf((await c.post('/api/formation-service/checkout', PREMIUM)).body.url);
    expect((await c.get(`/api/payments/test-checkout/${cheap}`)).body.session.status).toBe('expired');
    expect((await c.post(`/api/payments/test-checkout/${cheap}/pay`, {})).body.error.code).toBe('CHECKOUT_CLOSED');
    expect((await c.get(`/api/payments/checkout-sessions/${cheap}`)).body.order).toMatchObject({
      status: 'cancelled',
      replaced: true,
    });
    expect((await c.post(`/api/payments/test-checkout/${premium}/pay`, {})).status).toBe(200);
    expect((await c.get('/api/formation-service/draft')).body.purchase).toMatchObject({
      packageId: 'formation_with_payment',
      addressOption: 'private_address',
      amountCents: 68_900,
    });
    expect((await formationOf(local, id)).paymentStatus).toBe('paid');
  });

  it('(c) concurrent confirmations of one package order (webhooks, success page) fulfil it once', async () => {
    const { c, id, email } = await customer(t, { formation: true });
    const session = await checkoutSession(c, PREMIUM);
    const paid = fake.completeSession(session.id);
    // Distinct event ids, so only the order's own conditional update can keep it to one fulfilment.
    const payloads = Array.from({ length: 4 }, (_, i) =>
      fake.signedPayload(
        fake.event(i % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed', paid),
        WEBHOOK_SECRET,
      ),
    );
    await Promise.all([
      ...payloads.map((p) => deliver(t, p)),
      c.get(`/api/payments/checkout-sessions/${session.id}`),
      c.get(`/api/payments/checkout-sessions/${session.id}`),
    ]);
    const order = await orderRow(t, session.id);
    expect(order).toMatchObject({ status: 'paid', flag: null });
    const paidAudits = await t.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, id), eq(auditEvents.action, 'order.paid')));
    expect(paidAudits).toHaveLength(1);
    expect(await receipts(t, email)).toHaveLength(1);
    const [request] = await t.deps.database.db
      .select()
      .from(formationServiceRequests)
      .where(eq(formationServiceRequests.userId, id));
    expect(request.paidOrderId).toBe(order.id);
  });
});

describe('orders are private', () => {
  it('lets a customer read only their own orders and sessions; an admin re-checks any order', async () => {
    const s = await service(t);
    const a = await customer(t);
    const b = await customer(t);
    const session = await buy(b.c, s.id);
    expect((await a.c.get(`/api/payments/checkout-sessions/${session.id}`)).status).toBe(404);
    expect((await a.c.get('/api/orders')).body.orders).toEqual([]);
    expect((await b.c.get('/api/orders')).body.orders).toHaveLength(1);
    expect((await b.c.get(`/api/admin/users/${b.id}/orders`)).status).toBe(403);

    const admin = await signedInOwner(t);
    const order = await orderRow(t, session.id);
    fake.completeSession(session.id);
    const recheck = await admin.post(`/api/admin/orders/${order.id}/recheck`, {});
    expect(recheck.status, JSON.stringify(recheck.body)).toBe(200);
    expect(recheck.body.order).toMatchObject({ status: 'paid', provider: 'stripe', providerSessionId: session.id });
    const listed = await admin.get(`/api/admin/users/${b.id}/orders`);
    expect(listed.body.orders[0].providerPaymentId).toMatch(/^pi_/);
  });
});

describe('the local TEST MODE checkout (no Stripe keys)', () => {
  it('pays through a signed event to the webhook code, once, and sends one receipt', async () => {
    const s = await service(local, { priceCents: 9_900 });
    const { c, email } = await customer(local);
    const res = await c.post('/api/payments/checkout', { serviceId: s.id });
    expect(res.body.url).toMatch(/^http:\/\/localhost:3000\/payment\/test-checkout\/cs_test_local_/);
    const sessionId = sessionIdOf(res.body.url);
    const view = await c.get(`/api/payments/test-checkout/${sessionId}`);
    expect(view.body.session).toMatchObject({ status: 'open', amountCents: 9_900 });
    const other = await customer(local);
    expect((await other.c.post(`/api/payments/test-checkout/${sessionId}/pay`, {})).status).toBe(404);

    const [first, second] = await Promise.all([
      c.post(`/api/payments/test-checkout/${sessionId}/pay`, {}),
      c.post(`/api/payments/test-checkout/${sessionId}/pay`, {}),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body.redirectUrl).toBe(`http://localhost:3000/payment/success?session_id=${sessionId}`);
    expect((await c.get(`/api/payments/checkout-sessions/${sessionId}`)).body.order.status).toBe('paid');
    const events = await local.deps.database.db.select().from(paymentEvents);
    expect(events.some((e) => e.type === 'checkout.session.completed')).toBe(true);
    expect(await receipts(local, email)).toHaveLength(1);
  });

  it('cancels: the order is cancelled, nothing is charged, and it cannot be paid afterwards', async () => {
    const s = await service(local);
    const { c } = await customer(local);
    const sessionId = sessionIdOf((await c.post('/api/payments/checkout', { serviceId: s.id })).body.url);
    const cancel = await c.post(`/api/payments/test-checkout/${sessionId}/cancel`, {});
    expect(cancel.body.redirectUrl).toBe(`http://localhost:3000/payment/cancelled?session_id=${sessionId}`);
    expect((await orderRow(local, sessionId)).status).toBe('cancelled');
    expect((await c.post(`/api/payments/test-checkout/${sessionId}/pay`, {})).body.error.code).toBe('CHECKOUT_CLOSED');
  });

  it('is not there when Stripe is configured', async () => {
    const { c } = await customer(t);
    expect((await c.get('/api/payments/test-checkout/cs_test_local_abc')).status).toBe(404);
  });
});
