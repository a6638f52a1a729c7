import { z } from 'zod';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import {
  checkDestination,
  isReservedSlug,
  isSlugShaped,
  SHORT_LINK_MESSAGES as M,
  normaliseSlug,
  SHORT_LINK_MAX,
} from './short-links.domain';

/**
 * The admin short-link form (product.md#short-link-rules "Short link"). The URL is checked here without an origin; the
 * server checks it again with PUBLIC_URL (a `/path` of the portal, and no loop back to /go/) and
 * stores what checkDestination returns.
 */
const originalUrl = safeText(SHORT_LINK_MAX.url, { error: M.urlRequired, tooLong: M.urlTooLong })
  .min(1, M.urlRequired)
  .superRefine((value, ctx) => {
    const check = checkDestination(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error });
  });

/**
 * Blank or absent: a random slug. Otherwise stripped to letters, digits, `-` and `_`; nothing left
 * gives 'Invalid custom slug', and the portal's own route names are refused.
 */
const customSlug = safeText(SHORT_LINK_MAX.slug, { tooLong: M.slugTooLong })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const slug = normaliseSlug(value);
    if (!slug) {
      ctx.addIssue({ code: 'custom', message: M.slugInvalid });
      return z.NEVER;
    }
    if (isReservedSlug(slug)) {
      ctx.addIssue({ code: 'custom', message: M.slugReserved });
      return z.NEVER;
    }
    return slug;
  });

/** An ISO 8601 instant with its offset (the form sends the admin's local time as UTC); null: permanent. */
const expiresAt = z.iso
  .datetime({ offset: true, error: M.expiryInvalid })
  .nullable()
  .optional()
  .transform((value) => (value ? new Date(value).toISOString() : value));

/** Optional UTM text; blank means none. */
const utm = safeText(TEXT_MAX.utm)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const shortLinkCreateSchema = z.object({
  originalUrl,
  slug: customSlug,
  expiresAt,
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
});
export type ShortLinkCreateInput = z.input<typeof shortLinkCreateSchema>;

/**
 * An edit: the destination, the expiry and the UTM fields, each optional (absent: unchanged;
 * expiresAt null: permanent from now on). product.md#short-link-rules: the slug cannot be edited, and a body naming it is
 * refused rather than silently ignored.
 */
export const shortLinkUpdateSchema = z.object({
  originalUrl: originalUrl.optional(),
  expiresAt,
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
  slug: z
    .unknown()
    .optional()
    .refine((value) => value === undefined, M.slugLocked),
});
export type ShortLinkUpdateInput = z.input<typeof shortLinkUpdateSchema>;

export const shortLinkListQuerySchema = listQuery({
  /** Slug, destination or UTM fields, Turkish letters folded. */
  q: safeText(TEXT_MAX.search).optional(),
}).list;
export type ShortLinkListQuery = z.input<typeof shortLinkListQuerySchema>;

/**
 * The sign-up body's `ref` (the slug a short link appended to the portal's URL). Anything not shaped
 * like a slug is dropped rather than refused: a mangled link must not stop anybody signing up.
 */
export const signUpRefSchema = safeText(TEXT_MAX.utm)
  .nullable()
  .optional()
  .transform((value) => (value && isSlugShaped(value) ? value : null));
