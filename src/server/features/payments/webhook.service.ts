import type Stripe from 'stripe';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import { applyPaymentEvent, type WebhookOutcome } from './fulfil.service';

/**
 * One delivery of POST /api/payments/stripe/webhook, from Stripe or from the local test checkout: the
 * signature is checked on the raw body (300 s tolerance, so an old captured body cannot be replayed)
 * before anything in it is believed.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  if (!signature) throw new ApiError('INVALID_SIGNATURE');
  let event: Stripe.Event;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature);
  } catch (err) {
    deps.logger.warn({ err }, 'webhook refused: bad signature');
    throw new ApiError('INVALID_SIGNATURE');
  }
  const outcome = await applyPaymentEvent(deps, event);
  deps.logger.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
  return outcome;
}
