import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';

// The fake is only worth its keep if the official library accepts its answers as Stripe's.

const SECRET = 'whsec_fake_stripe_self_test';
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe('sk_test_fake_stripe_self_test', { host: fake.host, port: fake.port, protocol: 'http' });
});
afterAll(() => fake.close());

const params = (line: Stripe.Checkout.SessionCreateParams.LineItem, orderId = 'ord_1') => ({
  mode: 'payment' as const,
  line_items: [line],
  client_reference_id: orderId,
  metadata: { order_id: orderId },
  customer_email: 'buyer@example.test',
  locale: 'tr' as const,
  success_url: 'http://portal.test/payment/return?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://portal.test/orders',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
});
const inline = { quantity: 1, price_data: { currency: 'usd', unit_amount: 38900, product_data: { name: 'EIN' } } };

describe('fake Stripe through the stripe library', () => {
  it('creates and retrieves a session priced inline or by a registered price', async () => {
    const session = await stripe.checkout.sessions.create(params(inline));
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 38900,
      currency: 'usd',
      client_reference_id: 'ord_1',
      metadata: { order_id: 'ord_1' },
      locale: 'tr',
      payment_intent: null,
      success_url: `http://portal.test/payment/return?session_id=${session.id}`,
      url: `https://checkout.stripe.test/c/pay/${session.id}`,
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: '38900', product_data: { name: 'EIN' } } }],
    });

    fake.registerPrice('price_ein', 19900, 'usd');
    const byPrice = await stripe.checkout.sessions.create(params({ price: 'price_ein', quantity: 2 }));
    expect(byPrice.amount_total).toBe(39800);

    fake.completeSession(byPrice.id);
    expect(await stripe.checkout.sessions.retrieve(byPrice.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: expect.stringMatching(/^pi_test_/),
    });
    const missing = stripe.checkout.sessions.retrieve('cs_test_nope');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('replays an idempotency key and refuses it for other parameters', async () => {
    const body = params(inline, 'ord_idem');
    const first = await stripe.checkout.sessions.create(body, { idempotencyKey: 'checkout-ord_idem' });
    const again = await stripe.checkout.sessions.create(body, { idempotencyKey: 'checkout-ord_idem' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create(
        { ...body, customer_email: 'other@example.test' },
        { idempotencyKey: 'checkout-ord_idem' },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('fails the next create on request, refuses a bad key, and records unimplemented calls', async () => {
    fake.failNext(500);
    await expect(stripe.checkout.sessions.create(params(inline))).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    fake.failNext(402, { code: 'card_declined', message: 'Your card was declined.' });
    await expect(stripe.checkout.sessions.create(params(inline))).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(stripe.checkout.sessions.create(params(inline))).resolves.toMatchObject({ status: 'open' });

    const wrongKey = new Stripe('sk_live_nope', { host: fake.host, port: fake.port, protocol: 'http' });
    await expect(wrongKey.checkout.sessions.retrieve('cs_test_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );

    expect(fake.unhandled).toEqual([]);
    await expect(stripe.customers.create({ email: 'a@example.test' })).rejects.toThrow(/Unrecognized request URL/);
    expect(fake.unhandled.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers']);
  });

  it('signs webhook events that constructEvent accepts, and only when fresh and with the right secret', async () => {
    const session = await stripe.checkout.sessions.create(params(inline, 'ord_hook'));
    const event = fake.event('checkout.session.completed', fake.completeSession(session.id));
    const { body, signature } = fake.signedPayload(event, SECRET);
    const parsed = stripe.webhooks.constructEvent(body, signature, SECRET, 300);
    expect(parsed).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id } } });

    const stale = fake.signedPayload(event, SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(stale.body, stale.signature, SECRET, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_other', 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
