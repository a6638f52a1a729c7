import { z } from '@hono/zod-openapi';
import { MAILROOM_ITEMS_ENUM } from '../mail/mail.domain';

/**
 * The services API's contract (the public catalogue and the staff's service desk): the request schemas
 * (src/shared/features/services/services.schemas.ts, re-exported) and the response shapes. Prices are integer cents.
 * The web imports the types only (`import type`).
 */

export {
  type AdminServiceListQuery,
  adminServiceListQuerySchema,
  type ServiceInput,
  STRIPE_PRICE_REQUIRED,
  serviceInputSchema,
  serviceUpdateSchema,
} from './services.schemas';

export const serviceSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    titleEn: z.string().nullable(),
    descriptionEn: z.string().nullable(),
    priceCents: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('Service');

export const adminServiceSchema = serviceSchema
  .extend({
    stripePriceId: z.string().nullable(),
    isActive: z.boolean(),
    /** The compliance rules it files ("Let us file it", decision 0052). */
    complianceRules: z.array(z.string()),
    /** The mailroom item it prices (decision 0089), or null. */
    mailroomItem: z.enum(MAILROOM_ITEMS_ENUM).nullable(),
    orderCount: z.number().int(),
    updatedAt: z.string(),
  })
  .openapi('AdminService');

export const serviceListSchema = z.object({ services: z.array(serviceSchema) });
export const serviceResultSchema = z.object({ service: serviceSchema });
export const adminServiceListSchema = z.object({
  services: z.array(adminServiceSchema),
  /** True when real Stripe is configured: a service then cannot be sold without its Price ID. */
  stripePriceIdRequired: z.boolean(),
});
export const adminServiceResultSchema = z.object({ service: adminServiceSchema });
export const serviceRemovalSchema = z.object({ outcome: z.enum(['deleted', 'deactivated']) });

export type ServiceView = z.output<typeof serviceSchema>;
export type AdminService = z.output<typeof adminServiceSchema>;
export type ServiceList = z.output<typeof serviceListSchema>;
export type ServiceResult = z.output<typeof serviceResultSchema>;
export type AdminServiceList = z.output<typeof adminServiceListSchema>;
export type AdminServiceResult = z.output<typeof adminServiceResultSchema>;
export type ServiceRemoval = z.output<typeof serviceRemovalSchema>;
