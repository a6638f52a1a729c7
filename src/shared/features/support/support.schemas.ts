import { z } from 'zod';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { SUPPORT_STATUSES } from './support.domain';

/** product.md#uploads Support. The create and reply bodies are multipart (an optional file); these check their text fields. */

const SUBJECT_REQUIRED = 'validation.supportSubjectRequired';
const MESSAGE_REQUIRED = 'validation.supportMessageRequired';
const REQUIRED_FIELDS = 'validation.requiredFieldsMissing';

/** A form's textarea sends CRLF line breaks (multipart); one spelling is stored, whatever the client. */
const toLf = (v: string) => v.replace(/\r\n?/g, '\n');

/** The customer's new thread: a subject; the first message is optional. */
export const supportThreadCreateSchema = z.object({
  subject: safeText(TEXT_MAX.supportSubject, { error: SUBJECT_REQUIRED }).min(1, SUBJECT_REQUIRED),
  message: safeText(TEXT_MAX.supportMessage, { trim: false })
    .optional()
    // Blank counts as "no first message", as the form's empty textarea sends it.
    .transform((v) => (v?.trim() ? toLf(v) : undefined)),
});

/** A reply, by the customer or the staff: text that is not blank (product.md#support-rules). */
export const supportReplySchema = z.object({
  message: safeText(TEXT_MAX.supportMessage, { error: MESSAGE_REQUIRED, trim: false })
    .refine((v) => v.trim().length > 0, MESSAGE_REQUIRED)
    .transform(toLf),
});

/** The admin's thread for a user: subject and message required ('Please fill in all required fields'). */
export const adminSupportThreadCreateSchema = z.object({
  userId: safeText(TEXT_MAX.token, { error: REQUIRED_FIELDS }).min(1, REQUIRED_FIELDS),
  subject: safeText(TEXT_MAX.supportSubject, { error: REQUIRED_FIELDS }).min(1, REQUIRED_FIELDS),
  message: safeText(TEXT_MAX.supportMessage, { error: REQUIRED_FIELDS, trim: false })
    .refine((v) => v.trim().length > 0, REQUIRED_FIELDS)
    .transform(toLf),
});

export const adminSupportStatusSchema = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: 'validation.invalid' }),
});

export const SUPPORT_STATUS_FILTERS = ['all', ...SUPPORT_STATUSES] as const;

export const adminSupportListQuerySchema = listQuery({
  /** By last message time. */
  sort: z.enum(['newest', 'oldest']).default('newest'),
  status: z.enum(SUPPORT_STATUS_FILTERS).default('all'),
  /** Part of the subject or of the user's email. */
  q: safeText(TEXT_MAX.search).optional(),
  /**
   * '1': only the threads waiting for us (active, the newest message the customer's) for more than
   * CARE_WAIT_HOURS, the list the home's care figure opens (decision 0062).
   */
  waiting: z.enum(['1']).optional(),
}).list;
export type AdminSupportListQuery = z.output<typeof adminSupportListQuerySchema>;
export type AdminSupportListQueryInput = z.input<typeof adminSupportListQuerySchema>;
