import { z } from '@hono/zod-openapi';
import { calendarDate } from '../../schemas/dates';
import { EIN_FOLLOW_UP_KINDS, EIN_FOLLOW_UP_OUTCOMES } from './ein-follow-ups.domain';

/**
 * EIN follow-ups' contract (decision 0050): the desk's log (every field, the internal note included) and
 * what the customer sees (the day, the kind, the outcome, and the note only when it was marked shareable).
 * The web imports the types only (`import type`).
 */
export { type EinFollowUpInput, einFollowUpInputSchema } from './ein-follow-ups.schemas';

export const adminEinFollowUpSchema = z
  .object({
    id: z.string(),
    kind: z.enum(EIN_FOLLOW_UP_KINDS),
    /** The day of the call, fax or letter, YYYY-MM-DD. */
    followedUpOn: calendarDate(),
    outcome: z.enum(EIN_FOLLOW_UP_OUTCOMES),
    note: z.string().nullable(),
    noteShareable: z.boolean(),
    createdBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
    createdAt: z.string(),
  })
  .openapi('AdminEinFollowUp');

export const adminEinFollowUpListSchema = z
  .object({ items: z.array(adminEinFollowUpSchema) })
  .openapi('AdminEinFollowUpList');

export const customerEinFollowUpSchema = z
  .object({
    id: z.string(),
    kind: z.enum(EIN_FOLLOW_UP_KINDS),
    followedUpOn: calendarDate(),
    outcome: z.enum(EIN_FOLLOW_UP_OUTCOMES),
    /** The note, only when staff marked it shareable. */
    note: z.string().nullable(),
  })
  .openapi('EinFollowUp');

/** The overdue rule as the desk's list reports it, by the server's clock and setting. */
export const einOverdueSummarySchema = z
  .object({
    /** EIN_FOLLOW_UP_BUSINESS_DAYS. */
    businessDays: z.number().int(),
    /** Submitted to the IRS before this day (YYYY-MM-DD) and still without an EIN: overdue. */
    submittedBefore: z.string(),
    /** How many applications are overdue now (capped like the list totals). */
    count: z.number().int(),
    countKind: z.enum(['exact', 'atLeast', 'estimate']),
  })
  .openapi('EinOverdueSummary');

export type AdminEinFollowUp = z.output<typeof adminEinFollowUpSchema>;
export type CustomerEinFollowUp = z.output<typeof customerEinFollowUpSchema>;
export type EinOverdueSummary = z.output<typeof einOverdueSummarySchema>;
