import { z } from '@hono/zod-openapi';
import { LETTER_KINDS, LETTER_SENDERS } from '../catalogue/letter-kinds';
import { LETTER_DECISIONS, LETTER_STATUSES } from '../domain/mail';
import { calendarDate, instant } from '../schemas/dates';
import { safeText, TEXT_MAX } from '../schemas/text';
import { pageOf } from './common';

/**
 * The mailroom (decision 0086): the customer's letters and their decisions, and the staff's
 * mail desk. The web imports the types only.
 */

export const letterIdParams = z.object({ id: z.uuid() });

const deadlineSchema = z.object({ id: z.string(), date: calendarDate() });

/** A letter as its customer sees it. */
export const letterViewSchema = z
  .object({
    id: z.string(),
    sender: z.enum(LETTER_SENDERS),
    senderName: z.string().nullable(),
    kind: z.enum(LETTER_KINDS),
    letterDate: calendarDate().nullable(),
    receivedOn: calendarDate(),
    pages: z.number().int(),
    status: z.enum(LETTER_STATUSES),
    urgent: z.boolean(),
    /** The dates the catalogue's rule computes from the letter (mailroom.deadlines.<id>). */
    deadlines: z.array(deadlineSchema),
    hasEnvelope: z.boolean(),
    /** The scan in the vault: its file's path for GET /api/files/{folder}/{name}. */
    scanPath: z.string().nullable(),
    decisions: z.array(z.enum(LETTER_DECISIONS)),
  })
  .openapi('Letter');
export type LetterView = z.infer<typeof letterViewSchema>;

export const letterListSchema = z.object({ letters: z.array(letterViewSchema) }).openapi('LetterList');
export type LetterList = z.infer<typeof letterListSchema>;

export const letterDecisionSchema = z.object({
  decision: z.enum(LETTER_DECISIONS, { error: 'validation.letterDecision' }),
});
export type LetterDecisionInput = z.infer<typeof letterDecisionSchema>;

// --- the desk -----------------------------------------------------------------------------------------

export const MAIL_DESK_QUEUES = ['all', 'unmatched', 'to_scan', 'waiting'] as const;
export type MailDeskQueue = (typeof MAIL_DESK_QUEUES)[number];

export const mailDeskQuerySchema = z.object({
  queue: z.enum(MAIL_DESK_QUEUES).default('all'),
  q: safeText(TEXT_MAX.search).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MailDeskQuery = z.output<typeof mailDeskQuerySchema>;

export const deskLetterSchema = letterViewSchema
  .omit({ decisions: true })
  .extend({
    userId: z.string().nullable(),
    envelopeName: z.string(),
    customerEmail: z.string().nullable(),
    businessName: z.string().nullable(),
    createdAt: instant(),
    /** Federal business days since it arrived, while it waits for a scan or a decision; null after. */
    businessDaysWaiting: z.number().int().nullable(),
    /** Past the one-business-day target (SCAN_TARGET_BUSINESS_DAYS). */
    late: z.boolean(),
  })
  .openapi('DeskLetter');
export type DeskLetter = z.infer<typeof deskLetterSchema>;

export const mailDeskListSchema = pageOf(deskLetterSchema, 'MailDeskList');
export type MailDeskList = z.infer<typeof mailDeskListSchema>;

export const companySearchQuerySchema = z.object({ q: safeText(TEXT_MAX.search).min(1, 'validation.letterSearch') });

export const mailCompanySchema = z.object({
  userId: z.string(),
  businessName: z.string().nullable(),
  customerName: z.string().nullable(),
  email: z.string(),
});
export type MailCompany = z.infer<typeof mailCompanySchema>;
export const mailCompanyListSchema = z.object({ companies: z.array(mailCompanySchema) }).openapi('MailCompanies');
export type MailCompanyList = z.infer<typeof mailCompanyListSchema>;

export { type LogLetterInput, type LogLetterValues, logLetterSchema } from '../schemas/mail';

export const assignLetterSchema = z.object({ userId: safeText(TEXT_MAX.token).min(1, 'validation.letterCompany') });

export const deskLetterResultSchema = z.object({ letter: deskLetterSchema }).openapi('DeskLetterResult');
