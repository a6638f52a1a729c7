import { z } from '@hono/zod-openapi';
import { calendarDate } from '../../schemas/dates';
import { EIN_STATUSES } from '../ein/ein.domain';
import { customerEinFollowUpSchema } from '../ein/ein-follow-ups.contracts';
import { FORMATION_STATUSES } from './formation.domain';

/**
 * The customer's formation API contract (onboarding's record, the dashboard's read with its EIN summary
 * and stage timelines, the formation guide's completion): the request schemas
 * (src/shared/features/formations/formations.schemas.ts, re-exported) and the response shapes. The web imports the types
 * only (`import type`).
 */

export {
  type GuideCompletionInput,
  guideCompletionSchema,
  type OnboardingInput,
  onboardingSchema,
} from './formations.schemas';

const expectedWaitSchema = z
  .discriminatedUnion('source', [
    z.object({
      source: z.literal('median'),
      days: z.number().int(),
      upperDays: z.number().int(),
      samples: z.number().int(),
    }),
    z.object({
      source: z.literal('default'),
      min: z.number(),
      max: z.number(),
      unit: z.enum(['minutes', 'businessDays', 'weeks']),
      samples: z.number().int(),
    }),
  ])
  .openapi('ExpectedWait');

/** One formation or EIN timeline of the dashboard (decision 0016). */
export const stageTimelineSchema = z
  .object({
    current: z.string(),
    stages: z.array(z.object({ stage: z.string(), reachedAt: z.string().nullable() })),
    expectedWait: expectedWaitSchema.nullable(),
    /** The EIN timeline's follow-ups with the IRS, oldest first (decision 0050); absent on the formation's. */
    followUps: z.array(customerEinFollowUpSchema).optional(),
  })
  .openapi('StageTimeline');

export const myTimelinesSchema = z
  .object({ formation: stageTimelineSchema, ein: stageTimelineSchema.nullable() })
  .openapi('MyTimelines');

export const formationSchema = z
  .object({
    id: z.string(),
    companyFormationPreference: z.enum(['service', 'self']),
    phoneNumber: z.string().nullable(),
    businessMotivation: z.string().nullable(),
    businessAddressPreference: z.enum(['shared_address', 'private_address']).nullable(),
    formationStatus: z.enum(FORMATION_STATUSES),
    stage: z.number().int().min(1).max(4),
    paymentStatus: z.enum(['pending', 'paid', 'failed']),
    businessName: z.string().nullable(),
    stateSelected: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The day the state approved the filing (YYYY-MM-DD), set by staff; null until then. */
    formedOn: calendarDate().nullable(),
    stateFileNumber: z.string().nullable(),
  })
  .openapi('Formation');

/** The dashboard's view of the EIN application; null while there is none. */
export const einSummarySchema = z
  .object({
    einStatus: z.enum(EIN_STATUSES),
    stage: z.number().int().min(1).max(5),
    hasPreparedSs4: z.boolean(),
    hasSignedSs4: z.boolean(),
    preparedSs4Url: z.string().nullable(),
    signedSs4Url: z.string().nullable(),
    einDocumentUrl: z.string().nullable(),
    /** The issued EIN as NN-NNNNNNN; null until staff enter it. */
    ein: z.string().nullable(),
    /** The day the SSN will be purged, from a week before (decision 0048); null otherwise. */
    ssnPurgeOn: calendarDate().nullable(),
    /** When the SSN and the SS-4 files were purged; null while kept. */
    ssnPurgedAt: z.string().nullable(),
  })
  .openapi('EinSummary');

export const formationResultSchema = z.object({ formation: formationSchema });
export const myFormationResultSchema = z.object({
  formation: formationSchema,
  einApplication: einSummarySchema.nullable(),
  /** Each stage's date and the current one's expected wait (decision 0016). */
  timeline: myTimelinesSchema,
  /**
   * Whether the customer told the bank and address guides they are done (decision 0016, the completion card);
   * null before process_completed, where nothing shows it.
   */
  guidesDone: z.object({ bankAccount: z.boolean(), businessAddress: z.boolean() }).nullable(),
});

export type Formation = z.output<typeof formationSchema>;
export type EinSummary = z.output<typeof einSummarySchema>;
export type StageTimeline = z.output<typeof stageTimelineSchema>;
export type MyTimelines = z.output<typeof myTimelinesSchema>;
export type FormationResult = z.output<typeof formationResultSchema>;
export type MyFormation = z.output<typeof myFormationResultSchema>;
