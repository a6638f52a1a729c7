import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LETTER_KINDS, LETTER_SENDERS } from '../../../shared/catalogue/letter-kinds';
import { ADDRESS_OPTIONS } from '../../../shared/catalogue/packages';
import { LETTER_HELD_REASONS, LETTER_STATUSES } from '../../../shared/features/mail/mail.domain';
import { users } from './auth';
import { documents } from './ein';
import { orders } from './services';

/**
 * One row per letter that reached a company's US address (decision 0086). `userId` is the
 * company's customer; null while the name on the envelope matches no company (the unmatched tray).
 * The envelope photo is a stored file of its own (`mail/<letter id>_<time>.<ext>`), not a vault
 * document, so it follows the letter when staff reassign it; the scan is a vault document.
 */
export const letters = pgTable(
  'letters',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The addressee as written on the envelope. */
    envelopeName: text('envelope_name').notNull(),
    sender: text('sender', { enum: LETTER_SENDERS }).notNull(),
    /** The sender's name as printed, when staff typed it (a bank's, a court's). */
    senderName: text('sender_name'),
    kind: text('kind', { enum: LETTER_KINDS }).notNull(),
    /** The date printed on the letter, when it has one. */
    letterDate: date('letter_date', { mode: 'string' }),
    /** The day it reached the address (lawsuit papers: the day of service on the agent). */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    pages: integer('pages').notNull(),
    status: text('status', { enum: LETTER_STATUSES }).notNull().default('received'),
    urgent: boolean('urgent').notNull().default(false),
    envelopeKey: text('envelope_key'),
    envelopeContentType: text('envelope_content_type'),
    scanDocumentId: uuid('scan_document_id').references(() => documents.id, { onDelete: 'set null' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Held without the customer asking (no current address or agent subscription, decision 0089). */
    heldReason: text('held_reason', { enum: LETTER_HELD_REASONS }),
    /** The checkout that forwards it: paid, the letter moves to `to_forward` (decision 0089). */
    forwardOrderId: uuid('forward_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The saved address as it was when the customer paid, one line each (later edits do not move it). */
    forwardTo: text('forward_to'),
    /**
     * The server's day (UTC) the month's included scans counted this letter's scan: the customer's own
     * or their standing rule's (decision 0099). Null: not counted (paid, staff's own, lawsuit papers).
     */
    scanCountedOn: date('scan_counted_on', { mode: 'string' }),
    /** The checkout of an extra scan beyond the allowance: paid, the letter moves to `scan_requested`. */
    scanOrderId: uuid('scan_order_id').references(() => orders.id, { onDelete: 'set null' }),
    trackingNumber: text('tracking_number'),
    forwardedOn: date('forwarded_on', { mode: 'string' }),
    shreddedOn: date('shredded_on', { mode: 'string' }),
    loggedBy: text('logged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The customer's page and the customer file: their letters, newest first.
    index('letters_user_received_idx').on(t.userId, t.receivedOn),
    // The desk's queues: a state's letters, oldest first.
    index('letters_status_created_idx').on(t.status, t.createdAt),
    // The desk's "all letters": urgent first, then newest (migration 0049).
    index('letters_desk_newest_idx').on(t.urgent.desc(), t.createdAt.desc(), t.id.desc()),
    // A queue's matched letters and the unmatched tray, each in its order (migration 0050). The trigram index
    // of the folded envelope name, the desk's search, lives only in that migration.
    index('letters_desk_queue_idx').on(t.status, t.createdAt, t.id).where(sql`${t.userId} is not null`),
    index('letters_desk_unmatched_idx').on(t.createdAt, t.id).where(sql`${t.userId} is null`),
    // The paid webhook finds the letter its order forwards.
    index('letters_forward_order_idx').on(t.forwardOrderId),
    index('letters_scan_order_idx').on(t.scanOrderId),
    // The month's scans a customer used (decision 0099).
    index('letters_user_scan_counted_idx').on(t.userId, t.scanCountedOn),
    // The operator home's mail panel: letters logged in a period, and scanned in a period (time to scan).
    index('letters_created_idx').on(t.createdAt),
    index('letters_scanned_at_idx').on(t.scannedAt),
    // The retention sweep: a sender's letters past their period (decision 0089).
    index('letters_sender_received_idx').on(t.sender, t.receivedOn),
  ],
);

/**
 * The address a customer's letters are forwarded to (one per customer, decision 0089): personal data,
 * declared in the mail feature's manifest. A forwarded letter keeps its own copy (`letters.forward_to`).
 */
export const forwardingAddresses = pgTable('forwarding_addresses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  recipient: text('recipient').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2'),
  city: text('city').notNull(),
  region: text('region'),
  postalCode: text('postal_code'),
  country: text('country').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's standing rules (decision 0089), applied when a letter is logged. No row: none. */
export const mailStandingRules = pgTable('mail_standing_rules', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  scanGovernment: boolean('scan_government').notNull().default(false),
  shredAdvertising: boolean('shred_advertising').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The scans a month each address plan includes (decision 0099), part of the catalogue finance keeps
 * (services.manage) beside the services' prices. No row for a plan: finance set none, nothing is counted.
 */
export const mailScanAllowances = pgTable('mail_scan_allowances', {
  plan: text('plan', { enum: ADDRESS_OPTIONS }).primaryKey(),
  scansPerMonth: integer('scans_per_month').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The home's mail panel's daily rollup (decision 0103), written by the daily run for finished UTC days:
 * 'received', the letters logged that day (hours 0); 'scanned', the letters scanned that day by their time
 * to scan rounded to the nearest hour, from which the panel reads its median and 90th percentile. Counts
 * only, no personal data.
 */
export const mailDaily = pgTable(
  'mail_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric', { enum: ['received', 'scanned'] }).notNull(),
    hours: integer('hours').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.hours] })],
);

/**
 * How many letters are in each status, matched to a customer or not (decision 0103): kept by statement
 * triggers on letters (migration 0051), so the home's "now" figures read a row instead of counting a
 * large state's letters. A test compares it with a recount.
 */
export const letterCounts = pgTable(
  'letter_counts',
  {
    status: text('status', { enum: LETTER_STATUSES }).notNull(),
    matched: boolean('matched').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.matched] })],
);
