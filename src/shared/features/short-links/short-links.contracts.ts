import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';

/**
 * The staff's short links API contract: the request schemas (src/shared/features/short-links/short-links.schemas.ts,
 * re-exported) and the response shapes. The web imports the types only (`import type`).
 */

export {
  type ShortLinkCreateInput,
  type ShortLinkListQuery,
  type ShortLinkUpdateInput,
  shortLinkCreateSchema,
  shortLinkListQuerySchema,
  shortLinkUpdateSchema,
} from './short-links.schemas';

export const shortLinkSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    originalUrl: z.string(),
    /** null: permanent. */
    expiresAt: z.string().nullable(),
    /** product.md#other-states, at the time of the answer. */
    state: z.enum(['permanent', 'expiring', 'expired']),
    clickCount: z.number().int(),
    /** Link-preview fetches (a chat app drawing the link's card). */
    shareCount: z.number().int(),
    /** Accounts that signed up through the link. */
    signUpCount: z.number().int(),
    /** Of those, the ones with a paid formation package or a paid order. */
    payingCustomerCount: z.number().int(),
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('ShortLink');

export const shortLinkListSchema = pageOf(shortLinkSchema, 'ShortLinkList');
export const shortLinkResultSchema = z.object({ link: shortLinkSchema });

export type ShortLink = z.output<typeof shortLinkSchema>;
export type ShortLinkPage = z.output<typeof shortLinkListSchema>;
export type ShortLinkResult = z.output<typeof shortLinkResultSchema>;
