import { z } from '@hono/zod-openapi';
import { PACKAGE_IDS } from '../../catalogue/packages';
import { pageOf } from '../../contracts/common';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { ADMIN_ORDER_MODES, ORDER_FLAGS, ORDER_KINDS, ORDER_STATUSES } from './orders.domain';

/**
 * The staff's list of every order (/admin/orders): read-only, newest first, paged in SQL. The web
 * imports the types only.
 */

export { ADMIN_ORDER_MODES, type AdminOrderMode } from './orders.domain';

/** A service's id, or one of the turnkey packages. */
const serviceFilter = z.union([z.enum(PACKAGE_IDS), z.uuid()]);

const orderQueries = listQuery(
  {
    status: z.enum(ORDER_STATUSES).optional(),
    service: serviceFilter.optional(),
    mode: z.enum(ADMIN_ORDER_MODES).optional(),
    /** What was bought: an extra service, a formation package, a renewal. */
    kind: z.enum(ORDER_KINDS).optional(),
    /** The customer's email, sign-up name or display name (Turkish letters folded), or their exact id. */
    q: safeText(TEXT_MAX.search).optional(),
    /**
     * Paid from this UTC day through `paidTo`, inclusive: what the home's money figures count, which open
     * the list with them (decision 0055).
     */
    paidFrom: z.iso.date().optional(),
    paidTo: z.iso.date().optional(),
    /** '1': only each customer's first live payment, as the home's funnel counts "first payment". */
    first: z.enum(['1']).optional(),
    /** The customer's utm_source and short link at sign-up: the home's funnel filters (decision 0055). */
    utm: safeText(TEXT_MAX.token).min(1).optional(),
    link: safeText(TEXT_MAX.token).min(1).optional(),
  },
  { periods: [['paidFrom', 'paidTo']] },
);

export const adminOrderListQuerySchema = orderQueries.list;
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export const adminOrderExportQuerySchema = orderQueries.export;

export const adminOrderListItemSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    customerEmail: z.string(),
    customerName: z.string().nullable(),
    kind: z.enum(ORDER_KINDS),
    serviceId: z.string().nullable(),
    packageId: z.enum(PACKAGE_IDS).nullable(),
    /** The service's title when it was bought (Turkish, and English when one was given). */
    title: z.string().nullable(),
    titleEn: z.string().nullable(),
    amountCents: z.number().int(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** Paid through the local TEST MODE checkout: no money moved. */
    testMode: z.boolean(),
    flag: z.enum(ORDER_FLAGS).nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .openapi('AdminOrderListItem');
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

export const adminOrderListSchema = pageOf(adminOrderListItemSchema, 'AdminOrderList');
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;
