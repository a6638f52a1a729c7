import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EIN_FOLLOW_UP_KINDS, EIN_FOLLOW_UP_OUTCOMES } from '../../../shared/features/ein/ein-follow-ups.domain';
import { users } from './auth';

/**
 * product.md#data-the-portal-keeps ein_applications, one per user. File columns hold private storage keys, never public
 * URLs; the SSN is stored only as AES-256-GCM ciphertext (`responsible_party_ssn_encrypted`).
 */
export const einApplications = pgTable(
  'ein_applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    email: text('email').notNull(),
    state: text('state').notNull(),
    businessActivity: text('business_activity').notNull(),
    otherActivity: text('other_activity'),
    responsiblePartyName: text('responsible_party_name').notNull(),
    responsiblePartyPhone: text('responsible_party_phone').notNull(),
    responsiblePartySsnEncrypted: text('responsible_party_ssn_encrypted'),
    responsiblePartySsnLast4: text('responsible_party_ssn_last4'),
    isForeignApplicant: boolean('is_foreign_applicant').notNull().default(false),
    articlesOfOrganizationKey: text('articles_of_organization_key'),
    registeredAgentInvoiceKey: text('registered_agent_invoice_key'),
    uploadedSs4Key: text('uploaded_ss4_key'),
    uploadedSignedSs4Key: text('uploaded_signed_ss4_key'),
    uploadedEinDocumentKey: text('uploaded_ein_document_key'),
    status: text('status').notNull().default('pending'),
    einStatus: text('ein_status', {
      enum: ['waiting_for_form', 'ss4_ready', 'ss4_uploaded', 'submitted_to_irs', 'ein_issued'],
    })
      .notNull()
      .default('waiting_for_form'),
    adminNotes: text('admin_notes'),
    /** The nine-digit EIN the IRS issued, digits only (shown as NN-NNNNNNN); entered by staff (decision 0019). */
    ein: text('ein'),
    /** A staff-generated SS-4 awaiting review (decision 0017); private storage key in the `ss4` folder. */
    generatedSs4Key: text('generated_ss4_key'),
    /**
     * When the retention sweep removed the SSN and the SS-4 files (RETENTION_SSN_DAYS after the EIN was
     * issued, decision 0048); null while they are kept.
     */
    ssnPurgedAt: timestamp('ssn_purged_at', { withTimezone: true }),
    /** When `ein_status` last changed: the current stage's start (day counters, "waiting longest"). */
    stageReachedAt: timestamp('stage_reached_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ein_applications_ein_status_idx').on(t.einStatus),
    // The EIN desk's order, alone and under its status filter (a million-customer list, decision 0014).
    index('ein_applications_created_id_idx').on(t.createdAt, t.id),
    index('ein_applications_status_created_idx').on(t.einStatus, t.createdAt, t.id),
    // "Waiting longest" on the EIN desk, alone and under its status filter.
    index('ein_applications_stage_reached_idx').on(t.stageReachedAt, t.id),
    index('ein_applications_status_stage_reached_idx').on(t.einStatus, t.stageReachedAt, t.id),
    // The retention sweep (decision 0048): issued applications whose SSN is still kept, oldest first.
    index('ein_applications_ssn_kept_idx')
      .on(t.stageReachedAt, t.id)
      .where(sql`${t.einStatus} = 'ein_issued' and ${t.ssnPurgedAt} is null`),
  ],
);

/**
 * What staff did to chase an EIN the IRS has not issued (decision 0050): a call to the IRS international
 * line, the SS-4 faxed again or a letter, with its day, outcome and note. The note is about the customer
 * (personal data, erased with them) and stays internal unless `note_shareable`; the customer sees the
 * day and the outcome.
 */
export const einFollowUps = pgTable(
  'ein_follow_ups',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => einApplications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EIN_FOLLOW_UP_KINDS }).notNull(),
    followedUpOn: date('followed_up_on', { mode: 'string' }).notNull(),
    outcome: text('outcome', { enum: EIN_FOLLOW_UP_OUTCOMES }).notNull(),
    note: text('note'),
    noteShareable: boolean('note_shareable').notNull().default(false),
    /** The staff member who recorded it; kept as text like audit_events.actor_id (no cascade from staff). */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ein_follow_ups_application_idx').on(t.applicationId, t.followedUpOn, t.createdAt),
    index('ein_follow_ups_user_idx').on(t.userId),
  ],
);

/** product.md#data-the-portal-keeps documents: the vault. `file_path` is a private storage key. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    category: text('category', {
      enum: ['ss4', 'ein', 'articles_of_org', 'business_license', 'other', 'mail'],
    }).notNull(),
    uploadedBy: text('uploaded_by', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    contentType: text('content_type'),
    fileSize: text('file_size'),
    /**
     * The file prints an SSN or ITIN (decision 0066): set once by the code that writes it (storeDocumentRow
     * makes every writer say), never inferred later. Staff open it only with ein.ssn and step-up.
     */
    holdsTaxId: boolean('holds_tax_id').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_user_created_idx').on(t.userId, t.createdAt),
    // Every download looks its file up by key (GET /api/files/...).
    index('documents_file_path_idx').on(t.filePath),
  ],
);
