import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FILING_KINDS, FILING_STATUSES, SUBMIT_METHODS } from '../../../shared/features/filings/filings.domain';
import { users } from './auth';

/**
 * Tracked filings (decisions 0051, 0052): the yearly Form 5472 with its pro forma 1120, and state annual
 * reports. One row per company, rule and due date (`item_key` is the compliance calendar's
 * `<rule id>:<due date>`), so the daily run that opens questionnaires can run any number of times.
 *
 * Personal data: `answers` holds what the customer told us about their company and themselves (name,
 * address, citizenship, tax residence, amounts moved between them and the company); the owner's U.S.
 * identifying number (SSN or ITIN), if any, and their foreign tax number (T.C. kimlik numarası) are
 * never in `answers` but only as AES-256-GCM ciphertext and last four (`us_tax_id_*`, decision 0058;
 * `foreign_tax_id_*`, decision 0077), purged
 * RETENTION_SSN_DAYS after the filing is done; the `*_document_id` columns point at files in the customer's
 * vault (documents). The row goes with the account (on delete cascade).
 */
export const filings = pgTable(
  'filings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FILING_KINDS }).notNull(),
    /** The compliance rule it files (federal_form_5472, wyoming_annual_report, …). */
    ruleId: text('rule_id').notNull(),
    /** `<rule id>:<statutory due date>`: the calendar item it files, and the row's identity per company. */
    itemKey: text('item_key').notNull(),
    /** The year the return covers (Form 5472) or the year the report is due (state reports). */
    taxYear: integer('tax_year').notNull(),
    status: text('status', { enum: FILING_STATUSES }).notNull(),
    /** The day it is due: the statutory date, or the extended one once Form 7004 is filed. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** When the current status was reached: "waiting since" on the desk. */
    statusSince: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
    /** The questionnaire's answers (a draft until answered_at). */
    answers: jsonb('answers'),
    /** The owner's SSN or ITIN (nine digits), encrypted with the user's id as context (decision 0058). */
    usTaxIdEncrypted: text('us_tax_id_encrypted'),
    usTaxIdLast4: text('us_tax_id_last4'),
    /** When the retention sweep removed the number; the prepared forms still carry it (decision 0058). */
    usTaxIdPurgedAt: timestamp('us_tax_id_purged_at', { withTimezone: true }),
    /**
     * The owner's foreign tax number (for a Turkish owner the T.C. kimlik numarası), encrypted with the
     * user's id as context and kept apart from `answers` like the SSN (decision 0077).
     */
    foreignTaxIdEncrypted: text('foreign_tax_id_encrypted'),
    foreignTaxIdLast4: text('foreign_tax_id_last4'),
    /** When the retention sweep removed it; the prepared forms still print it. */
    foreignTaxIdPurgedAt: timestamp('foreign_tax_id_purged_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    preparedAt: timestamp('prepared_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The day Form 7004 was filed; the due date is then the extended one. */
    extendedOn: date('extended_on', { mode: 'string' }),
    submitMethod: text('submit_method', { enum: SUBMIT_METHODS }),
    /** The day it went to the IRS or the state: the calendar's "filed on". */
    filedOn: date('filed_on', { mode: 'string' }),
    /** The state's confirmation number, or the fax confirmation's. */
    confirmationNumber: text('confirmation_number'),
    /** 'forms' (filled templates) or 'data_sheet' (no templates configured). */
    preparedAs: text('prepared_as', { enum: ['forms', 'data_sheet'] }),
    /** Files in the customer's vault (documents.id). */
    form5472DocumentId: uuid('form_5472_document_id'),
    form1120DocumentId: uuid('form_1120_document_id'),
    dataSheetDocumentId: uuid('data_sheet_document_id'),
    signedDocumentId: uuid('signed_document_id'),
    confirmationDocumentId: uuid('confirmation_document_id'),
    /** The customer's question about this filing (support_threads.id). */
    supportThreadId: uuid('support_thread_id'),
    /** The paid "Let us file it" order that opened it (orders.id). */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('filings_user_item_idx').on(t.userId, t.itemKey),
    // /admin/filings: "waiting longest" alone and under each filter, and the reminder sweep.
    index('filings_status_since_idx').on(t.statusSince, t.id),
    index('filings_status_status_since_idx').on(t.status, t.statusSince, t.id),
    index('filings_year_status_since_idx').on(t.taxYear, t.statusSince, t.id),
    // A year and a status together (the desk's usual view in spring): one index range for the page and its count.
    index('filings_year_status_status_since_idx').on(t.taxYear, t.status, t.statusSince, t.id),
    index('filings_kind_status_since_idx').on(t.kind, t.statusSince, t.id),
    index('filings_extended_status_since_idx').on(t.statusSince, t.id).where(sql`${t.extendedOn} is not null`),
    index('filings_created_idx').on(t.createdAt, t.id),
    index('filings_due_idx').on(t.dueDate, t.id),
    index('filings_kind_status_due_idx').on(t.kind, t.status, t.dueDate, t.id),
    // The retention sweep: done filings still holding the owner's SSN or ITIN.
    index('filings_tax_id_kept_idx').on(t.doneAt, t.id).where(sql`${t.usTaxIdEncrypted} is not null`),
    // The same sweep: done filings still holding the owner's foreign tax number (decision 0077).
    index('filings_foreign_tax_id_kept_idx').on(t.doneAt, t.id).where(sql`${t.foreignTaxIdEncrypted} is not null`),
  ],
);
