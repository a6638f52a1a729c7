import type Stripe from 'stripe';

/** What the portal asks of a checkout, whichever provider runs it. Amounts come from our database. */
export interface CreateCheckoutInput {
  orderId: string;
  amountCents: number;
  currency: string;
  /** The line's name on the payment page, in the buyer's language. */
  productName: string;
  /** With real Stripe: sell this Stripe price instead of an inline amount (fulfil still checks the amount). */
  stripePriceId?: string | null;
  customerEmail: string;
  locale: 'tr' | 'en';
  /** Contains the literal {CHECKOUT_SESSION_ID}, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
}

/** The part of a Checkout Session the portal reads, the same for Stripe and the local test checkout. */
export interface CheckoutSessionState {
  id: string;
  clientReferenceId: string | null;
  /** Stripe's values; its types leave room for new ones, which the portal treats as "not paid". */
  status: string | null;
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** True when no real money can move: the local test checkout. */
  readonly testMode: boolean;
  createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<CheckoutSessionState>;
  /**
   * Closes an open checkout so that it can no longer be paid, and answers the session as it stands
   * afterwards: 'expired', or 'complete' when the buyer finished paying first.
   */
  expireCheckout(sessionId: string): Promise<CheckoutSessionState>;
  /** Verifies a webhook's signature on the raw body; throws when it is wrong or older than 300 s. */
  verifyWebhook(rawBody: string, signature: string): Stripe.Event;
  /** The local test checkout only: signs an event payload as Stripe would, for verifyWebhook to accept. */
  signTestEvent?: (payload: string) => string;
}

/** Stripe's documented default tolerance; a replay of an older signed body is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function sessionStateFromStripe(session: Stripe.Checkout.Session): CheckoutSessionState {
  const intent = session.payment_intent;
  return {
    id: session.id,
    clientReferenceId: session.client_reference_id ?? null,
    status: session.status ?? null,
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

/** The provider could not be reached or refused the call: the purchase fails with PAYMENT_PROVIDER_FAILED. */
export class PaymentProviderError extends Error {}
