import { z } from 'zod';
import { ADMIN_USER_SORTS } from '../../domain/admin-lists';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';

export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** product.md#admin-pages Admin users: the list's query, every value bounded so a hand-made URL cannot ask for all rows. */
export const adminUserListQuerySchema = listQuery(
  {
    sort: z.enum(ADMIN_USER_SORTS).default('newest'),
    q: safeText(TEXT_MAX.search).optional(),
    /**
     * Joined from this UTC day through `joinedTo`, both included, and '1': customers only. The home's
     * sign-ups figures open the list with them (decision 0055).
     */
    joinedFrom: z.iso.date().optional(),
    joinedTo: z.iso.date().optional(),
    customers: z.enum(['1']).optional(),
    /** The customer's utm_source and short link at sign-up: the home's funnel filters (decision 0055). */
    utm: safeText(TEXT_MAX.token).min(1).optional(),
    link: safeText(TEXT_MAX.token).min(1).optional(),
  },
  { periods: [['joinedFrom', 'joinedTo']] },
).list;
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

/** Only the display name can be edited; the email belongs to the sign-in account and stays as it is. */
export const adminUserUpdateSchema = z.object({
  displayName: safeText(TEXT_MAX.fullName, { error: 'validation.nameRequired' }).min(1, 'validation.nameRequired'),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;
