import { z } from 'zod';

/** The most items one timeline page holds. */
export const TIMELINE_MAX_PAGE = 100;

export const timelineQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TIMELINE_MAX_PAGE).default(TIMELINE_MAX_PAGE),
  /** The id of the last item of the previous page (its `nextCursor`). */
  before: z.uuid().optional(),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

/**
 * What the customer's History shows. Each kind is built from an allow-listed audit action; nothing of
 * the audit row itself (actor ids, raw before/after, admin notes, SSN reveals) is passed on.
 */
export const CUSTOMER_TIMELINE_KINDS = [
  'formation_started',
  'formation_status',
  'ein_submitted',
  'ein_status',
  'document_added',
  'payment_paid',
  'payment_failed',
  // Decision 0050: staff followed up with the IRS about the EIN.
  'ein_follow_up',
  /** A tracked filing reached a stage, or was extended with Form 7004 (decision 0051). */
  'filing_stage',
  'filing_extended',
] as const;
export type CustomerTimelineKind = (typeof CUSTOMER_TIMELINE_KINDS)[number];
