import { z } from '@hono/zod-openapi';
import { LETTER_KINDS, LETTER_SENDERS } from '../../catalogue/letter-kinds';
import { ADDRESS_OPTIONS } from '../../catalogue/packages';
import { pageOf } from '../../contracts/common';
import { calendarDate, instant } from '../../schemas/dates';
import { EXPORT_FORMATS } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { LETTER_DECISIONS, LETTER_HELD_REASONS, LETTER_STATUSES } from './mail.domain';

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
    /** Held without the customer asking: no current address or agent subscription (decision 0089). */
    heldReason: z.enum(LETTER_HELD_REASONS).nullable(),
    /** What forwarding it costs now (its weight band's service), or null: not forwardable or not on sale. */
    forwardPriceCents: z.number().int().nullable(),
    /** The address it was (or is being) forwarded to, one line each. */
    forwardTo: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    forwardedOn: calendarDate().nullable(),
    shreddedOn: calendarDate().nullable(),
    /** A state's reminder: the calendar item it belongs to (the first due on or after the letter's date). */
    calendarItem: z.object({ ruleId: z.string(), dueDate: calendarDate() }).nullable(),
    /**
     * What its scan costs now (decision 0099): the extra scan's catalogue price when the month's included
     * scans are used up; null when the scan is included or cannot be asked for.
     */
    scanPriceCents: z.number().int().nullable(),
  })
  .openapi('Letter');
export type LetterView = z.infer<typeof letterViewSchema>;

/** The customer's scans this UTC month against their address plan's (decision 0099). */
export const scanAllowanceViewSchema = z
  .object({
    plan: z.enum(ADDRESS_OPTIONS),
    /** Scans the allowance counted this month (the customer's own and their standing rule's). */
    used: z.number().int(),
    /** Scans the plan includes a month; null: finance set none, no scan is counted against it. */
    included: z.number().int().nullable(),
    /** The extra scan's catalogue price, or null: not on sale. */
    extraPriceCents: z.number().int().nullable(),
  })
  .openapi('ScanAllowance');
export type ScanAllowanceView = z.infer<typeof scanAllowanceViewSchema>;

export const letterListSchema = z
  .object({ letters: z.array(letterViewSchema), scans: scanAllowanceViewSchema })
  .openapi('LetterList');
export type LetterList = z.infer<typeof letterListSchema>;

export const letterDecisionSchema = z.object({
  decision: z.enum(LETTER_DECISIONS, { error: 'validation.letterDecision' }),
});
export type LetterDecisionInput = z.infer<typeof letterDecisionSchema>;

// --- the desk -----------------------------------------------------------------------------------------

export const MAIL_DESK_QUEUES = ['all', 'unmatched', 'to_scan', 'waiting', 'to_forward', 'to_shred', 'held'] as const;
export type MailDeskQueue = (typeof MAIL_DESK_QUEUES)[number];

export const mailDeskQuerySchema = z.object({
  queue: z.enum(MAIL_DESK_QUEUES).default('all'),
  q: safeText(TEXT_MAX.search).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MailDeskQuery = z.output<typeof mailDeskQuerySchema>;

/** The desk's CSV export (decision 0080): the list's filters and the file's format. */
export const mailDeskExportQuerySchema = z.object({
  queue: z.enum(MAIL_DESK_QUEUES).default('all'),
  q: safeText(TEXT_MAX.search).optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type MailDeskExportQuery = z.output<typeof mailDeskExportQuerySchema>;

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
    /** A CP 575 or 147C whose customer's EIN application waits for its number (decision 0089). */
    einOffer: z.boolean(),
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

export {
  type ForwardingAddressInput,
  type ForwardingAddressValues,
  forwardingAddressSchema,
  type LetterForwardedInput,
  type LetterShreddedInput,
  type LogLetterInput,
  type LogLetterValues,
  letterForwardedSchema,
  letterShreddedSchema,
  logLetterSchema,
  type ScanAllowancesInput,
  type StandingRulesInput,
  scanAllowancesSchema,
  standingRulesSchema,
} from './mail.schemas';

export const assignLetterSchema = z.object({ userId: safeText(TEXT_MAX.token).min(1, 'validation.letterCompany') });

export const deskLetterResultSchema = z.object({ letter: deskLetterSchema }).openapi('DeskLetterResult');

// --- forwarding and standing rules (decision 0089) --------------------------------------------------

export const forwardingAddressViewSchema = z
  .object({
    recipient: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string(),
  })
  .openapi('ForwardingAddress');
export type ForwardingAddressView = z.infer<typeof forwardingAddressViewSchema>;

export const mailSettingsSchema = z
  .object({
    address: forwardingAddressViewSchema.nullable(),
    rules: z.object({ scanGovernment: z.boolean(), shredAdvertising: z.boolean() }),
  })
  .openapi('MailSettings');
export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const checkoutUrlSchema = z.object({ url: z.string() }).openapi('MailCheckout');

/** Finance's scans included a month per address plan (decision 0099), as the back office reads them. */
export const scanAllowancesViewSchema = z
  .object({ shared_address: z.number().int().nullable(), private_address: z.number().int().nullable() })
  .openapi('ScanAllowances');
export type ScanAllowances = z.infer<typeof scanAllowancesViewSchema>;

// --- the operator home's mail panel (decision 0089) -------------------------------------------------

const scanTimesSchema = z.object({
  received: z.number().int(),
  scanned: z.number().int(),
  /**
   * Hours from logging to the scan, of the letters scanned in the period: percentiles of the times rounded
   * to the nearest hour (decision 0103), so within half an hour of the exact figure.
   */
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});

export const mailSummarySchema = z
  .object({
    totals: scanTimesSchema,
    months: z.array(scanTimesSchema.extend({ month: z.string() })),
    /** Now: letters of a known customer waiting for the customer's word. */
    openDecisions: z.number().int(),
    /** Now: letters paid for forwarding, not yet posted. */
    toForward: z.number().int(),
  })
  .openapi('MailSummary');
export type MailSummary = z.infer<typeof mailSummarySchema>;
