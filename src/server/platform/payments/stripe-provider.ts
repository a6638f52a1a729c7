import Stripe from 'stripe';
import {
  type CheckoutSessionState,
  type CreateCheckoutInput,
  type PaymentProvider,
  PaymentProviderError,
  sessionStateFromStripe,
  WEBHOOK_TOLERANCE_SECONDS,
} from './provider';

/** Checkout Sessions expire after this long, so an abandoned order turns cancelled (Stripe's minimum is 30 min). */
const SESSION_LIFETIME_SECONDS = 60 * 60;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the library at a fake Stripe server; unset in real use. */
  apiBaseUrl?: string;
}

export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBaseUrl'>): Stripe {
  const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  return {
    name: 'stripe',
    testMode: settings.secretKey.startsWith('sk_test_'),
    async createCheckout(input: CreateCheckoutInput) {
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = input.stripePriceId
        ? { price: input.stripePriceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: input.amountCents,
              product_data: { name: input.productName },
            },
          };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [lineItem],
            client_reference_id: input.orderId,
            metadata: { order_id: input.orderId },
            customer_email: input.customerEmail,
            locale: input.locale,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
          },
          // One order, one session: a retried request (ours or the library's) cannot open a second one.
          { idempotencyKey: `checkout-${input.orderId}` },
        );
        if (!session.url) throw new PaymentProviderError('Stripe returned a session without a url');
        return { sessionId: session.id, url: session.url };
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err;
        throw new PaymentProviderError(`Stripe refused the checkout: ${(err as Error).message}`, { cause: err });
      }
    },
    async retrieveCheckout(sessionId: string): Promise<CheckoutSessionState> {
      try {
        return sessionStateFromStripe(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        throw new PaymentProviderError(`Stripe could not return the session: ${(err as Error).message}`, {
          cause: err,
        });
      }
    },
    async expireCheckout(sessionId: string): Promise<CheckoutSessionState> {
      try {
        return sessionStateFromStripe(await stripe.checkout.sessions.expire(sessionId));
      } catch (err) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already): what
        // it holds now is the answer.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveCheckout(sessionId);
        throw new PaymentProviderError(`Stripe could not expire the session: ${(err as Error).message}`, {
          cause: err,
        });
      }
    },
    verifyWebhook(rawBody: string, signature: string) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    },
  };
}
