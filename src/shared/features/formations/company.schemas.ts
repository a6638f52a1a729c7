import { z } from 'zod';
import { parseEin } from '../ein/ein-number.domain';
import { formedOnProblem } from './formed-on.domain';

/** Staff's EIN entry: any of the accepted spellings in, the nine digits out. */
export const einField = z
  .string({ error: 'validation.einRequired' })
  .max(20, 'validation.einInvalid')
  .refine((v) => v.trim() !== '', 'validation.einRequired')
  .refine((v) => v.trim() === '' || parseEin(v) !== null, 'validation.einInvalid')
  .transform((v) => parseEin(v) as string);

/** PUT /api/admin/ein-applications/{id}/ein */
export const adminEinNumberSchema = z.object({ ein: einField });
export type AdminEinNumberInput = z.input<typeof adminEinNumberSchema>;

export { FORMED_ON_MIN, todayUtc } from './formed-on.domain';

/** The state's file number as the certificate prints it: letters, digits, spaces and dashes. */
export const STATE_FILE_NUMBER_MAX = 40;
const STATE_FILE_NUMBER = /^[A-Za-z0-9 -]+$/;

/**
 * PUT /api/admin/formations/{id}/company: the day the state approved the filing and its file number.
 * A blank file number clears it.
 */
export const adminFormationCompanySchema = z.object({
  formedOn: z
    .string({ error: 'validation.formedOnRequired' })
    .trim()
    .superRefine((v, ctx) => {
      const problem = formedOnProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  stateFileNumber: z
    .string({ error: 'validation.stateFileNumberInvalid' })
    .trim()
    .max(STATE_FILE_NUMBER_MAX, 'validation.stateFileNumberTooLong')
    .refine((v) => v === '' || STATE_FILE_NUMBER.test(v), 'validation.stateFileNumberInvalid')
    .transform((v) => v.replace(/\s+/g, ' ') || null)
    .nullable()
    .optional(),
});
export type AdminFormationCompanyInput = z.input<typeof adminFormationCompanySchema>;
