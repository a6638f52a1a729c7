import { z } from '@hono/zod-openapi';
import { checkoutSessionIdSchema } from '../services/services.schemas';
import { ORDER_FLAGS, ORDER_KINDS, ORDER_STATUSES } from './orders.domain';

/**
 * The payments API's contract (checkout, the buyer's orders, the local TEST MODE checkout and the
 * staff's order view): the request schemas (src/shared/features/services/services.schemas.ts, re-exported) and the
 * response shapes. The web imports the types only (`import type`).
 */

export { purchaseSchema } from '../services/services.schemas';

export const orderSchema = z
  .object({
    id: z.string(),
    kind: z.enum(ORDER_KINDS),
    serviceId: z.string().nullable(),
    packageId: z.enum(['formation_only', 'formation_with_payment']).nullable(),
    addressOption: z.enum(['shared_address', 'private_address']).nullable(),
    /** The service's title (and English title) when it was bought; null for a package. */
    title: z.string().nullable(),
    titleEn: z.string().nullable(),
    amountCents: z.number().int(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** Cancelled because a newer checkout was opened for the same turnkey request (decision 0032). */
    replaced: z.boolean(),
    /** A paid turnkey order that did not buy the request, for staff to resolve (decision 0032). */
    flag: z.enum(ORDER_FLAGS).nullable(),
  })
  .openapi('Order');

/** What staff see of an order besides: the provider's ids, to find the payment in Stripe's dashboard. */
export const adminOrderSchema = orderSchema
  .extend({
    provider: z.enum(['stripe', 'local']),
    providerSessionId: z.string().nullable(),
    providerPaymentId: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi('AdminOrder');

export const sessionIdParams = z.object({
  sessionId: checkoutSessionIdSchema.openapi({ param: { name: 'sessionId', in: 'path' } }),
});

export const urlResult = z.object({ url: z.string() });
export const redirectResult = z.object({ redirectUrl: z.string() });
export const orderListSchema = z.object({ orders: z.array(orderSchema) });
export const orderResultSchema = z.object({ order: orderSchema });
export const adminOrderListSchema = z.object({ orders: z.array(adminOrderSchema) });
export const adminOrderResultSchema = z.object({ order: adminOrderSchema });
export const webhookAckSchema = z.object({ received: z.literal(true) });
export const testCheckoutResultSchema = z.object({
  session: z.object({
    id: z.string(),
    status: z.enum(['open', 'complete', 'expired']),
    amountCents: z.number().int(),
    currency: z.string(),
    order: orderSchema,
  }),
});

export type OrderView = z.output<typeof orderSchema>;
export type AdminOrderView = z.output<typeof adminOrderSchema>;
export type UrlResult = z.output<typeof urlResult>;
export type RedirectResult = z.output<typeof redirectResult>;
export type OrderList = z.output<typeof orderListSchema>;
export type OrderResult = z.output<typeof orderResultSchema>;
export type AdminOrderList = z.output<typeof adminOrderListSchema>;
export type AdminOrderResult = z.output<typeof adminOrderResultSchema>;
export type TestCheckoutResult = z.output<typeof testCheckoutResultSchema>;
export type TestCheckoutSession = TestCheckoutResult['session'];
