import { z } from '@hono/zod-openapi';

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
    orderCount: z.number().int(),
    updatedAt: z.string(),
  })
  .openapi('AdminService');
