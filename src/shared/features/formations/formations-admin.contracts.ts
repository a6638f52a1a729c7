import { z } from '@hono/zod-openapi';
import { ADDRESS_OPTIONS, PACKAGE_IDS } from '../../catalogue/packages';
import { pageOf } from '../../contracts/common';
import { ROLES } from '../../domain/roles';
import { calendarDate } from '../../schemas/dates';
import { documentSchema } from '../documents/documents.contracts';
import { EIN_STATUSES } from '../ein/ein.domain';
import { FORMATION_PAYMENT_STATUSES, ORDER_FLAGS } from '../payments/orders.domain';
import { adminOrderSchema } from '../payments/payments.contracts';
import { FORMATION_PREFERENCES, FORMATION_STATUSES } from './formation.domain';

/**
 * The staff's formations API contract (the list, its CSV export, status and company changes, the
 * customer file): the request schemas (src/shared/features/formations/formations-admin.schemas.ts and company.ts,
 * re-exported) and the response shapes. The web imports the types only (`import type`).
 */

export { type AdminFormationCompanyInput, adminFormationCompanySchema } from './company.schemas';
export {
  type AdminFormationListQuery,
  type AdminFormationSort,
  adminFormationExportQuerySchema,
  adminFormationListQuerySchema,
  adminFormationStatusSchema,
} from './formations-admin.schemas';

export const adminFormationSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    customerEmail: z.string(),
    /** The profile's display name, else the sign-up name; null when neither is set. */
    customerName: z.string().nullable(),
    businessName: z.string().nullable(),
    stateSelected: z.string().nullable(),
    formationStatus: z.enum(FORMATION_STATUSES),
    paymentStatus: z.enum(FORMATION_PAYMENT_STATUSES),
    /** company_formation_preference: service (turnkey) or self. */
    preference: z.enum(FORMATION_PREFERENCES),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The day the state approved the filing (YYYY-MM-DD), set by staff; null until then. */
    formedOn: calendarDate().nullable(),
    stateFileNumber: z.string().nullable(),
    /** The customer's EIN application, if any (product.md#api-at-a-glance: the nested ein_applications {id, ein_status}). */
    einApplication: z.object({ id: z.string(), einStatus: z.enum(EIN_STATUSES) }).nullable(),
    /** What the turnkey request bought: the paid order's package and address; null until bought. */
    purchase: z
      .object({
        packageId: z.enum(PACKAGE_IDS),
        addressOption: z.enum(ADDRESS_OPTIONS),
        /** Paid through the local TEST MODE checkout: no money moved. */
        testMode: z.boolean(),
      })
      .nullable(),
    /** The newest flag among the customer's paid orders that did not buy the request (decision 0032). */
    orderFlag: z.enum(ORDER_FLAGS).nullable(),
  })
  .openapi('AdminFormation');

export const adminFormationListSchema = pageOf(adminFormationSchema, 'AdminFormationList');

const changeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const timelineEntrySchema = z
  .object({
    id: z.string(),
    /** The audit action, e.g. formation.status_changed, ein.file_uploaded, document.uploaded. */
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    actor: z.object({
      id: z.string().nullable(),
      role: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    }),
    /** What changed: each field of the audit row's before/after, as text, from → to. */
    changes: z.array(changeSchema),
    at: z.string(),
  })
  .openapi('CustomerTimelineEntry');

export const customerFileSchema = z
  .object({
    profile: z.object({
      userId: z.string(),
      name: z.string(),
      displayName: z.string().nullable(),
      email: z.string(),
      lang: z.enum(['tr', 'en']),
      role: z.enum(ROLES),
      utmSource: z.string().nullable(),
      utmMedium: z.string().nullable(),
      utmCampaign: z.string().nullable(),
      shortLinkSlug: z.string().nullable(),
      signedUpAt: z.string(),
    }),
    formation: z.object({
      id: z.string(),
      preference: z.enum(FORMATION_PREFERENCES),
      phoneNumber: z.string().nullable(),
      businessMotivation: z.string().nullable(),
      businessAddressPreference: z.enum(['shared_address', 'private_address']).nullable(),
      formationStatus: z.enum(FORMATION_STATUSES),
      paymentStatus: z.enum(FORMATION_PAYMENT_STATUSES),
      businessName: z.string().nullable(),
      stateSelected: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      formedOn: calendarDate().nullable(),
      stateFileNumber: z.string().nullable(),
    }),
    /** formation_service_requests: the turnkey wizard's saved answers; null when never started. */
    turnkeyRequest: z
      .object({
        id: z.string(),
        packageSelected: z.string().nullable(),
        stateType: z.string().nullable(),
        stateSelected: z.string().nullable(),
        businessAddress: z.string().nullable(),
        /** The order that bought the request; package and address above are then that order's. */
        paidOrderId: z.string().nullable(),
        documentsReady: z.boolean(),
        paymentStatus: z.string(),
        createdAt: z.string(),
        updatedAt: z.string(),
      })
      .nullable(),
    einApplication: z
      .object({
        id: z.string(),
        status: z.string(),
        einStatus: z.enum(EIN_STATUSES),
        businessName: z.string(),
        /** Nine digits once issued. */
        ein: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      })
      .nullable(),
    documents: z.array(documentSchema),
    orders: z.array(adminOrderSchema),
    supportThreads: z.array(
      z.object({
        id: z.string(),
        subject: z.string(),
        status: z.enum(['open', 'in_progress', 'resolved', 'closed']),
        lastMessageAt: z.string(),
        createdAt: z.string(),
      }),
    ),
    /** Every audit row about this customer, newest first (the newest 100: listCustomerTimeline's first page). */
    timeline: z.array(timelineEntrySchema),
  })
  .openapi('CustomerFile');

export const adminFormationResultSchema = z.object({ formation: adminFormationSchema });
export const customerFileResultSchema = z.object({ file: customerFileSchema });

export type AdminFormation = z.output<typeof adminFormationSchema>;
export type AdminFormationList = z.output<typeof adminFormationListSchema>;
export type AdminFormationResult = z.output<typeof adminFormationResultSchema>;
export type FormationTimelineEntry = z.output<typeof timelineEntrySchema>;
export type FormationCustomerFile = z.output<typeof customerFileSchema>;
export type CustomerFileResult = z.output<typeof customerFileResultSchema>;
