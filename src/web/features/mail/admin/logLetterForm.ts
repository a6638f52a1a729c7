import { z } from 'zod';
import {
  type LogLetterInput,
  type LogLetterValues,
  logLetterSchema,
} from '../../../../shared/features/mail/mail.schemas';

/*
 * The desk's "log a letter" form (decision 0081), in the feature rather than lib/uploadForms.ts so that
 * the other upload pages do not load the mailroom's catalogue. The page loads this module through
 * lib/lazyResolver: import only types from it.
 */

/**
 * The mail desk's "log a letter": the API's text fields, with the envelope photo and the scan beside
 * them, both optional (the server asks for the scan with lawsuit papers, and says so on the field).
 */
export type LogLetterFormValues = Omit<LogLetterValues, 'confirmDuplicate'> & {
  envelope: File | null;
  scan: File | null;
};
export type LogLetterFormOutput = Omit<LogLetterInput, 'confirmDuplicate'> & {
  envelope: File | null;
  scan: File | null;
};
const optionalFile = z.custom<File | null>((value) => value === null || value instanceof File);
export const logLetterFormSchema: z.ZodType<LogLetterFormOutput, LogLetterFormValues> = logLetterSchema
  .omit({ confirmDuplicate: true })
  .extend({ envelope: optionalFile, scan: optionalFile });
