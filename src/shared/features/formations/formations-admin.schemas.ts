import { z } from 'zod';
import { ADMIN_FORMATION_SORTS } from '../../domain/admin-lists';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { FORMATION_PAYMENT_STATUSES } from '../payments/orders.domain';
import { FORMATION_STATUSES } from './formation.domain';

/** Created or updated date, newest or oldest first; the id breaks ties (product.md#admin-pages Admin formations). */
export type AdminFormationSort = (typeof ADMIN_FORMATION_SORTS)[number];

/** The filters the list and its CSV export share: the export is "what the current filter shows". */
const formationQueries = listQuery(
  {
    sort: z.enum(ADMIN_FORMATION_SORTS).default('created_desc'),
    /** One formation_status, or `all` (the same as leaving it out). */
    status: z.enum([...FORMATION_STATUSES, 'all']).optional(),
    paymentStatus: z.enum(FORMATION_PAYMENT_STATUSES).optional(),
    /** Business name, customer email or name, state (Turkish letters folded), or an exact formation or user id. */
    q: safeText(TEXT_MAX.search).optional(),
    /**
     * Periods in UTC days, both ends included: started (the record made: the home's "onboarding done")
     * and reached its current status (with `status`: the home's "formations completed"), decision 0055.
     */
    createdFrom: z.iso.date().optional(),
    createdTo: z.iso.date().optional(),
    reachedFrom: z.iso.date().optional(),
    reachedTo: z.iso.date().optional(),
    /** The customer's utm_source and short link at sign-up: the home's funnel filters (decision 0055). */
    utm: safeText(TEXT_MAX.token).min(1).optional(),
    link: safeText(TEXT_MAX.token).min(1).optional(),
  },
  {
    periods: [
      ['createdFrom', 'createdTo'],
      ['reachedFrom', 'reachedTo'],
    ],
  },
);

export const adminFormationFilterSchema = formationQueries.filter;
/** The list's query, every value bounded so a hand-made URL cannot ask for all rows. */
export const adminFormationListQuerySchema = formationQueries.list;
export type AdminFormationListQuery = z.input<typeof adminFormationListQuerySchema>;
export const adminFormationExportQuerySchema = formationQueries.export;

/** product.md#formation-states: an admin may set any formation_status. */
export const adminFormationStatusSchema = z.object({
  formationStatus: z.enum(FORMATION_STATUSES, { error: 'validation.invalid' }),
});
