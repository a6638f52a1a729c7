import { z } from 'zod';
import { LETTER_KINDS, LETTER_SENDERS } from '../../catalogue/letter-kinds';
import { calendarDate } from '../../schemas/dates';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { isCountryCode } from '../bank-readiness/addresses.domain';
import { LETTER_PAGES_MAX, SCAN_ALLOWANCE_MAX } from './mail.domain';

/*
 * The mail desk's request schemas the web runs too (decision 0081): plain zod, apart from the contract
 * (src/shared/features/mail/mail.contracts.ts re-exports them), so the desk's form checks with the API's own schema
 * without loading the OpenAPI layer.
 */

const PAGES = 'validation.letterPages';

/**
 * The text fields of "log a letter" (multipart, beside the optional `envelope` photo and `scan` PDF).
 * Lawsuit papers need the scan in the same request: they are scanned at once.
 */
export const logLetterSchema = z.object({
  envelopeName: safeText(TEXT_MAX.name).min(1, 'validation.letterEnvelopeName'),
  /** The company's customer, when staff matched one; empty: the unmatched tray. */
  userId: safeText(TEXT_MAX.token).optional(),
  sender: z.enum(LETTER_SENDERS, { error: 'validation.letterSender' }),
  senderName: safeText(TEXT_MAX.name).optional(),
  kind: z.enum(LETTER_KINDS, { error: 'validation.letterKind' }),
  letterDate: calendarDate().optional(),
  receivedOn: calendarDate(),
  // A multipart field is text: digits only, so "2.5", "1e2" and "two" get the same clear message.
  pages: z
    .string({ error: PAGES })
    .regex(/^\d{1,4}$/, PAGES)
    .transform(Number)
    .refine((n) => n >= 1 && n <= LETTER_PAGES_MAX, PAGES),
  /** "true" after staff saw the duplicate warning and still mean to log it. */
  confirmDuplicate: z.enum(['true', 'false']).optional(),
});
export type LogLetterValues = z.input<typeof logLetterSchema>;
export type LogLetterInput = z.output<typeof logLetterSchema>;

/**
 * The address the customer's letters are forwarded to (decision 0089): anywhere in the world, so the
 * country is any ISO code and the region and postal code are free text.
 */
export const forwardingAddressSchema = z.object({
  recipient: safeText(TEXT_MAX.fullName).min(1, 'validation.forwardRecipient'),
  line1: safeText(TEXT_MAX.name).min(1, 'validation.forwardLine1'),
  line2: safeText(TEXT_MAX.name).optional(),
  city: safeText(TEXT_MAX.fullName).min(1, 'validation.forwardCity'),
  region: safeText(TEXT_MAX.choice).optional(),
  postalCode: safeText(20).optional(),
  country: safeText(2, { error: 'validation.forwardCountry', tooLong: 'validation.forwardCountry' })
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, 'validation.forwardCountry'),
});
export type ForwardingAddressValues = z.input<typeof forwardingAddressSchema>;
export type ForwardingAddressInput = z.output<typeof forwardingAddressSchema>;

/** The customer's standing rules, both sent each time (two switches). */
export const standingRulesSchema = z.object({
  scanGovernment: z.boolean({ error: 'validation.invalid' }),
  shredAdvertising: z.boolean({ error: 'validation.invalid' }),
});
export type StandingRulesInput = z.output<typeof standingRulesSchema>;

/** Staff posted a paid forwarding: the carrier's tracking number and the day it left. */
export const letterForwardedSchema = z.object({
  trackingNumber: safeText(60).min(3, 'validation.trackingNumber'),
  forwardedOn: calendarDate(),
});
export type LetterForwardedInput = z.output<typeof letterForwardedSchema>;

/** Staff shredded a letter the customer asked to shred: the day it was shredded. */
export const letterShreddedSchema = z.object({ shreddedOn: calendarDate() });
export type LetterShreddedInput = z.output<typeof letterShreddedSchema>;

const SCANS = 'validation.scansPerMonth';
/** One plan's scans a month: a whole number, or null (blank) for "not counted" (decision 0099). */
const scansPerMonth = z.number({ error: SCANS }).int(SCANS).min(0, SCANS).max(SCAN_ALLOWANCE_MAX, SCANS).nullable();

/** Finance's scans included a month, per address plan (decision 0099); both sent each time. */
export const scanAllowancesSchema = z.object({
  shared_address: scansPerMonth,
  private_address: scansPerMonth,
});
export type ScanAllowancesInput = z.output<typeof scanAllowancesSchema>;

/** The back office's inputs are text: blank is "not counted", digits a number, anything else the same message. */
const scansInput = z
  .string({ error: SCANS })
  .trim()
  .transform((v) => (v === '' ? null : /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN))
  .pipe(scansPerMonth);

/** The services back office's form of the allowances, checked with the API's own rule. */
export const scanAllowancesFormSchema = z.object({ shared_address: scansInput, private_address: scansInput });
export type ScanAllowancesFormValues = z.input<typeof scanAllowancesFormSchema>;
