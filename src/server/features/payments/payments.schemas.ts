import { z } from '@hono/zod-openapi';
import { ORDER_FLAGS, ORDER_KINDS, ORDER_STATUSES } from '../../../shared/domain/orders';
import { checkoutSessionIdSchema } from '../../../shared/schemas/services';

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
