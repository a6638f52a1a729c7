import { z } from '@hono/zod-openapi';
import { EIN_STATUSES } from '../../../shared/domain/ein';
import { FORMATION_STATUSES } from '../../../shared/domain/formation';

/** A stored file as the API shows it: the download route and the name it was uploaded with. */
export const einFileSchema = z.object({ url: z.string(), fileName: z.string() }).nullable().openapi('EinFile');

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
    /** When the current ein_status was reached: the desk's "day N in this stage" (issue 13). */
    stageReachedAt: z.string(),
  })
  .openapi('AdminEinApplication');

export type CustomerEinApplication = z.infer<typeof customerEinApplicationSchema>;
export type AdminEinApplication = z.infer<typeof adminEinApplicationSchema>;
