import { z } from 'zod';
import { isIsoDate } from '../../format/calendar-days';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { EIN_FOLLOW_UP_KINDS, EIN_FOLLOW_UP_OUTCOMES } from './ein-follow-ups.domain';

/** A real calendar day 'YYYY-MM-DD' (2026-02-30 is not), without loading the catalogue. */
const isCalendarDay = (value: string): boolean => isIsoDate(value);

/**
 * POST /api/admin/ein-applications/{id}/follow-ups (decision 0050). The day must be a calendar date; the
 * server also refuses a day in the future (by its clock) or before the SS-4 went to the IRS. A blank note
 * is no note; the note reaches the customer only with `noteShareable`.
 */
export const einFollowUpInputSchema = z.object({
  kind: z.enum(EIN_FOLLOW_UP_KINDS, { error: 'validation.invalid' }),
  followedUpOn: z
    .string({ error: 'validation.followUpDateRequired' })
    .trim()
    .min(1, 'validation.followUpDateRequired')
    .refine(isCalendarDay, 'validation.followUpDateInvalid'),
  outcome: z.enum(EIN_FOLLOW_UP_OUTCOMES, { error: 'validation.invalid' }),
  note: safeText(TEXT_MAX.longText)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  noteShareable: z.boolean().default(false),
});
export type EinFollowUpInput = z.input<typeof einFollowUpInputSchema>;
