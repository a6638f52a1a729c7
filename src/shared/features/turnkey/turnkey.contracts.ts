import { z } from '@hono/zod-openapi';
import { ADDRESS_OPTIONS, PACKAGE_IDS } from '../../catalogue/packages';
import { FORMATION_STATUSES } from '../formations/formation.domain';

/**
 * The turnkey formation service's contract (the wizard's draft and its checkout): the request schemas
 * (src/shared/features/formations/formations.schemas.ts, re-exported) and the response shapes. The checkout answers the
 * payments contract's urlResult. The web imports the types only (`import type`).
 */

export {
  type FormationServiceDraft,
  formationServiceCheckoutSchema,
  formationServiceDraftSchema,
} from '../formations/formations.schemas';

export const draftSchema = z
  .object({
    packageSelected: z.enum(PACKAGE_IDS).nullable(),
    stateType: z.enum(['recommended', 'other']).nullable(),
    stateSelected: z.string().nullable(),
    businessAddress: z.enum(ADDRESS_OPTIONS).nullable(),
    documentsReady: z.boolean(),
    paymentStatus: z.string(),
    updatedAt: z.string(),
  })
  .openapi('FormationServiceDraft');

/** What a bought request bought, from its paid order (decision 0032). */
export const formationPurchaseSchema = z
  .object({
    orderId: z.string(),
    packageId: z.enum(PACKAGE_IDS).nullable(),
    addressOption: z.enum(ADDRESS_OPTIONS).nullable(),
    amountCents: z.number().int(),
    paidAt: z.string().nullable(),
  })
  .openapi('FormationServicePurchase');

export const draftResultSchema = z.object({
  draft: draftSchema.nullable(),
  /** Set once a paid order bought the request; the draft then shows its package and address. */
  purchase: formationPurchaseSchema.nullable(),
  formationStatus: z.enum(FORMATION_STATUSES),
});
export const savedDraftSchema = z.object({ draft: draftSchema });

export type Draft = z.output<typeof draftSchema>;
export type Purchase = z.output<typeof formationPurchaseSchema>;
export type DraftResponse = z.output<typeof draftResultSchema>;
export type SavedDraft = z.output<typeof savedDraftSchema>;
