import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';
import { FORMATION_STATUSES } from '../formations/formation.domain';
import { EIN_STATUSES } from './ein.domain';
import { einOverdueSummarySchema } from './ein-follow-ups.contracts';

/**
 * The EIN API's contract (the customer's application, the staff desk and the SS-4 draft): the request
 * schemas (src/shared/features/ein/ein.schemas.ts and company.ts, re-exported) and the response shapes. The web
 * imports the types only (`import type`).
 */

export { type AdminEinNumberInput, adminEinNumberSchema } from '../formations/company.schemas';
export {
  type AdminEinListQuery,
  adminEinAdvanceSchema,
  adminEinListQuerySchema,
  adminEinNotesSchema,
  EIN_APPLICATION_FILES,
  type EinApplicationInput,
  einApplicationSchema,
} from './ein.schemas';

/** A stored file as the API shows it: the download route and the name it was uploaded with. */
export const einFileSchema = z
  .object({
    url: z.string(),
    fileName: z.string(),
    /** It prints the SSN (decision 0066): staff open it with ein.ssn and a fresh second factor. */
    holdsTaxId: z.boolean(),
  })
  .nullable()
  .openapi('EinFile');

export const customerEinApplicationSchema = z
  .object({
    id: z.string(),
    businessName: z.string(),
    email: z.string(),
    state: z.string(),
    businessActivity: z.string(),
    otherActivity: z.string().nullable(),
    responsiblePartyName: z.string(),
    responsiblePartyPhone: z.string(),
    isForeignApplicant: z.boolean(),
    ssnLast4: z.string().nullable(),
    /** When the retention sweep deleted the SSN and the SS-4 files (decision 0048); null while kept. */
    ssnPurgedAt: z.string().nullable(),
    status: z.string(),
    einStatus: z.enum(EIN_STATUSES),
    stage: z.number().int().min(1).max(5),
    /** The issued EIN as NN-NNNNNNN; null until staff enter it. */
    ein: z.string().nullable(),
    files: z.object({
      articlesOfOrganization: einFileSchema,
      registeredAgentInvoice: einFileSchema,
      preparedSs4: einFileSchema,
      signedSs4: einFileSchema,
      einDocument: einFileSchema,
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('EinApplication');

export const adminEinApplicationSchema = customerEinApplicationSchema
  .extend({
    userId: z.string(),
    userEmail: z.string(),
    userName: z.string(),
    ssnMasked: z.string().nullable(),
    adminNotes: z.string().nullable(),
    nextStatus: z.enum(EIN_STATUSES).nullable(),
    formationStatus: z.enum(FORMATION_STATUSES).nullable(),
    /** When the current ein_status was reached: the desk's "day N in this stage" (decision 0016). */
    stageReachedAt: z.string(),
  })
  .openapi('AdminEinApplication');

export const customerEinResultSchema = z.object({ application: customerEinApplicationSchema });
export const adminEinResultSchema = z.object({ application: adminEinApplicationSchema });
export const adminEinListSchema = pageOf(adminEinApplicationSchema, 'AdminEinApplicationListPage')
  // Decision 0050: the top bar's overdue count and the rule the rows are marked by.
  .extend({ overdue: einOverdueSummarySchema })
  .openapi('AdminEinApplicationList');
export const ssnRevealSchema = z.object({ ssn: z.string().nullable() });

/** The SS-4 draft staff generate from the application (GET …/ss4-template-status). */
export const ss4GenerateStatusSchema = z
  .object({
    template: z.object({
      ready: z.boolean(),
      reason: z.enum(['notConfigured', 'notFound', 'unreadable', 'wrongRevision', 'fieldsMissing']).nullable(),
      missingFields: z.array(z.string()),
      revision: z.string(),
      source: z.string(),
    }),
    generated: z.object({ url: z.string(), fileName: z.string() }).nullable(),
  })
  .openapi('Ss4GenerateStatus');

export type EinFile = NonNullable<z.output<typeof einFileSchema>>;
export type CustomerEinApplication = z.output<typeof customerEinApplicationSchema>;
export type AdminEinApplication = z.output<typeof adminEinApplicationSchema>;
export type CustomerEinResult = z.output<typeof customerEinResultSchema>;
export type AdminEinResult = z.output<typeof adminEinResultSchema>;
export type AdminEinList = z.output<typeof adminEinListSchema>;
export type SsnReveal = z.output<typeof ssnRevealSchema>;
export type Ss4GenerateStatus = z.output<typeof ss4GenerateStatusSchema>;
export type Ss4TemplateReason = NonNullable<Ss4GenerateStatus['template']['reason']>;
