import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { createLocalProvider } from './local-provider';
import { type PaymentProvider, PaymentProviderError } from './provider';
import { createStripeProvider } from './stripe-provider';

export type { PaymentProvider } from './provider';

/** The local checkout's signing secret, derived from the auth secret so that it needs no setting of its own. */
export function localWebhookSecret(authSecret: string): string {
  return `whsec_local_${createHmac('sha256', authSecret).update('local-checkout-webhook').digest('hex')}`;
}

/**
 * Real Stripe when both keys are set (env.ts refuses one without the other), else the local test
 * checkout; in production without keys, a provider that refuses every checkout, because a test checkout
 * there would hand out what nobody paid for.
 */
export function createPaymentProvider(env: Env, db: Db, authSecret: string): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBaseUrl: env.STRIPE_API_BASE_URL,
    });
  }
  if (env.production) return unconfiguredProvider;
  return createLocalProvider(db, { publicUrl: env.publicUrl, webhookSecret: localWebhookSecret(authSecret) });
}

const unconfigured = () => {
  throw new PaymentProviderError('payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
};
const unconfiguredProvider: PaymentProvider = {
  name: 'stripe',
  testMode: false,
  createCheckout: async () => unconfigured(),
  retrieveCheckout: async () => unconfigured(),
  expireCheckout: async () => unconfigured(),
  verifyWebhook: () => unconfigured(),
};
