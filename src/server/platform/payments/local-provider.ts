import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { localCheckoutSessions } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import {
  type CheckoutSessionState,
  type CreateCheckoutInput,
  type PaymentProvider,
  WEBHOOK_TOLERANCE_SECONDS,
} from './provider';

/** As long as Stripe's: an abandoned local checkout turns its order cancelled when it is next looked at. */
const LOCAL_SESSION_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Only the webhook helpers of the library are used; this client never makes a network call, so its
 * key is a placeholder.
 */
export const localStripe = new Stripe('sk_test_local_checkout_no_network');

export type LocalSessionRow = typeof localCheckoutSessions.$inferSelect;

export function localSessionState(row: LocalSessionRow, orderId: string): CheckoutSessionState {
  const expired = row.status === 'open' && row.expiresAt.getTime() <= Date.now();
  return {
    id: row.id,
    clientReferenceId: orderId,
    status: expired ? 'expired' : row.status,
    paymentStatus: row.paymentStatus,
    amountTotal: row.amountCents,
    currency: row.currency,
    paymentIntentId: row.paymentIntentId,
  };
}

export async function findLocalSession(db: DbOrTx, id: string): Promise<LocalSessionRow | null> {
  const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id)).limit(1);
  return row ?? null;
}

/**
 * The stand-in for Stripe when no keys are set (ARCHITECTURE "Payments"): sessions live in our own
 * table, the buyer pays on a TEST MODE page of the portal, and paying delivers a `checkout.session.*`
 * event signed with `webhookSecret` to the same webhook code as Stripe's.
 */
export function createLocalProvider(db: Db, opts: { publicUrl: string; webhookSecret: string }): PaymentProvider {
  return {
    name: 'local',
    testMode: true,
    async createCheckout(input: CreateCheckoutInput) {
      const id = `cs_test_local_${randomBytes(18).toString('base64url').replace(/[-_]/g, '')}`;
      await db.insert(localCheckoutSessions).values({
        id,
        orderId: input.orderId,
        amountCents: input.amountCents,
        currency: input.currency,
        customerEmail: input.customerEmail,
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: input.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
        expiresAt: new Date(Date.now() + LOCAL_SESSION_LIFETIME_MS),
      });
      return { sessionId: id, url: `${opts.publicUrl}/payment/test-checkout/${id}` };
    },
    async retrieveCheckout(sessionId: string) {
      const row = await findLocalSession(db, sessionId);
      if (!row) throw new Error(`no local checkout session ${sessionId}`);
      return localSessionState(row, row.orderId);
    },
    async expireCheckout(sessionId: string) {
      // Closed like Stripe closes it: the TEST MODE page then refuses to pay it (CHECKOUT_CLOSED).
      await db
        .update(localCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')));
      return this.retrieveCheckout(sessionId);
    },
    verifyWebhook(rawBody: string, signature: string) {
      return localStripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    },
    signTestEvent(payload: string) {
      return localStripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    },
  };
}
