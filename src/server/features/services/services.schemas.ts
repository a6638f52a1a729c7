import { z } from '@hono/zod-openapi';
import { safeText, TEXT_MAX } from '../../../shared/schemas/text';

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

export const serviceIdParams = z.object({
  id: safeText(TEXT_MAX.token, { trim: false }).openapi({ param: { name: 'id', in: 'path' } }),
});
