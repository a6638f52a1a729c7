import { eq } from 'drizzle-orm';
import type { AddressOption, PackageId } from '../../../shared/catalogue/packages';
import { ORDER_CURRENCY, packageOrderAmount } from '../../../shared/features/payments/orders.domain';
import { orders } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { PaymentProviderError } from '../../platform/payments/provider';
import { orderName } from './fulfil.service';
import { replaceOlderCheckouts } from './replace-checkout.service';

type OrderSpec =
  | {
      kind: 'service';
      serviceId: string;
      title: string;
      titleEn: string | null;
      amountCents: number;
      stripePriceId: string | null;
      /** The compliance item a "Let us file it" purchase files (decision 0052). */
      complianceItemKey?: string;
    }
  | { kind: 'formation_package'; packageId: PackageId; addressOption: AddressOption }
  | {
      /** A year of the agent or the address (features/renewals), priced from the catalogue. */
      kind: 'renewal';
      subscriptionId: string;
      renewsFrom: string;
      title: string;
      titleEn: string;
      amountCents: number;
    };

/**
 * Starts a purchase: a pending order with the amount from our own catalogue, then a checkout session
 * at the provider for exactly that order. Nothing is charged here; the order turns paid only on the
 * provider's confirmed word (fulfil.service.ts).
 */
export async function startCheckout(
  deps: AppDeps,
  user: SessionUser,
  spec: OrderSpec,
): Promise<{ url: string; orderId: string }> {
  const { db } = deps.database;
  const [order] = await db
    .insert(orders)
    .values({
      userId: user.id,
      kind: spec.kind,
      provider: deps.payments.name,
      currency: ORDER_CURRENCY,
      ...(spec.kind === 'service'
        ? {
            serviceId: spec.serviceId,
            title: spec.title,
            titleEn: spec.titleEn,
            amountCents: spec.amountCents,
            complianceItemKey: spec.complianceItemKey ?? null,
          }
        : spec.kind === 'renewal'
          ? {
              subscriptionId: spec.subscriptionId,
              renewsFrom: spec.renewsFrom,
              title: spec.title,
              titleEn: spec.titleEn,
              amountCents: spec.amountCents,
            }
          : {
              packageId: spec.packageId,
              addressOption: spec.addressOption,
              amountCents: packageOrderAmount(spec.packageId, spec.addressOption),
            }),
    })
    .returning();
  if (spec.kind === 'formation_package') {
    try {
      await replaceOlderCheckouts(deps, order);
    } catch (err) {
      await db.delete(orders).where(eq(orders.id, order.id));
      throw err;
    }
  }
  const base = deps.env.publicUrl;
  let session: { sessionId: string; url: string };
  try {
    session = await deps.payments.createCheckout({
      orderId: order.id,
      amountCents: order.amountCents,
      currency: order.currency,
      productName: orderName(order, user.lang),
      // Stripe sells its own price object only for services; the packages are priced inline from ours.
      stripePriceId: spec.kind === 'service' ? spec.stripePriceId : null,
      customerEmail: user.email,
      locale: user.lang,
      successUrl: `${base}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/payment/cancelled?session_id={CHECKOUT_SESSION_ID}`,
    });
  } catch (err) {
    // No session exists, so nobody can pay this order: it goes, rather than stay pending for ever.
    await db.delete(orders).where(eq(orders.id, order.id));
    if (err instanceof PaymentProviderError) {
      deps.logger.error({ err, orderId: order.id }, 'checkout could not be started');
      throw new ApiError('PAYMENT_PROVIDER_FAILED');
    }
    throw err;
  }
  const [saved] = await db
    .update(orders)
    .set({ providerSessionId: session.sessionId, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (saved?.status === 'cancelled') {
    // A newer checkout, opened while this one was being created, replaced it: close this session too.
    await deps.payments.expireCheckout(session.sessionId).catch((err) => {
      deps.logger.warn({ err, orderId: order.id }, 'could not expire a checkout replaced while it opened');
    });
    throw new ApiError('CHECKOUT_CLOSED');
  }
  // The order's id lets the seller link what it sells to the order (the mailroom's forwarded letter).
  return { url: session.url, orderId: order.id };
}
