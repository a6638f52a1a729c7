import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './services';

/** product.md#data-the-portal-keeps company_formations: one per user (unique user_id). The role lives on the user (ARCHITECTURE). */
export const companyFormations = pgTable(
  'company_formations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyFormationPreference: text('company_formation_preference', { enum: ['service', 'self'] }).notNull(),
    phoneNumber: text('phone_number'),
    businessMotivation: text('business_motivation'),
    businessAddressPreference: text('business_address_preference', {
      enum: ['shared_address', 'private_address'],
    }),
    formationStatus: text('formation_status', {
      enum: ['preparation', 'formation_completed', 'ein_created', 'process_completed'],
    })
      .notNull()
      .default('preparation'),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    businessName: text('business_name'),
    stateSelected: text('state_selected'),
    /** The day the state approved the filing, set by staff (decision 0019); the company's formation date. */
    formedOn: date('formed_on', { mode: 'string' }),
    /** The state's file (entity) number, when staff have it. */
    stateFileNumber: text('state_file_number'),
    /** When `formation_status` last changed: the current stage's start (day counters, "waiting longest"). */
    stageReachedAt: timestamp('stage_reached_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_formations_status_idx').on(t.formationStatus),
    index('company_formations_created_idx').on(t.createdAt),
    // The admin list's sorts, alone and under the status filter (decision 0014's million-row target).
    index('company_formations_updated_idx').on(t.updatedAt, t.id),
    index('company_formations_status_created_idx').on(t.formationStatus, t.createdAt, t.id),
    index('company_formations_status_updated_idx').on(t.formationStatus, t.updatedAt, t.id),
  ],
);

/**
 * The next due date of every tracked compliance rule of every formed company (decision 0027), so that the
 * admin's "Upcoming deadlines" and the reminder sweep read an index range instead of computing every
 * company's dates. Written only by SQL: the company_formations trigger (migration 0011) keeps one row per
 * company and rule that reaches it, and compliance_schedule_roll() moves passed dates to the next year.
 */
export const complianceSchedule = pgTable(
  'compliance_schedule',
  {
    formationId: uuid('formation_id')
      .notNull()
      .references(() => companyFormations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    ruleId: text('rule_id').notNull(),
    stateSelected: text('state_selected'),
    formedOn: date('formed_on', { mode: 'string' }).notNull(),
    /** The first occurrence on or after the day of the last roll (or the first one ever, when newer). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /**
     * The customer's email, name and display name and the business name, folded (fold_tr) and joined by
     * newlines, kept by triggers (migration 0012), so that a search is a filter on this table's own rows.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * When the trigger last (re)filed this row: a formation date set or changed. The daily reminder run
     * looks at rows filed since the previous run besides the rows whose reminder day came (migration 0013).
     */
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The date the daily roll moved this row on from (migration 0032, decision 0064): the occurrence that
     * passed, which the deadlines desk's overdue view and the home's overdue figure read as an index range.
     * Null for a row filed anew (a formation date set or changed) until its first roll.
     */
    previousDue: date('previous_due', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.formationId, t.ruleId] }),
    index('compliance_schedule_previous_due_idx')
      .on(t.previousDue, t.ruleId, t.userId)
      .where(sql`previous_due is not null`),
    // The list's order, so a page is an index range read in order and the capped count an index-only scan.
    // Migration 0012 makes it carry search_text (INCLUDE, which drizzle cannot declare) so that a search
    // filters in the index, and adds a trigram index on search_text for rare matches.
    index('compliance_schedule_due_idx').on(t.dueDate, t.ruleId, t.userId),
    index('compliance_schedule_user_idx').on(t.userId),
  ],
);

/**
 * One row per UTC day on which the deadline reminders ran (decision 0029): the copy that claims the day
 * runs them, the others skip it, and the next day's run looks only at what changed since the last
 * finished one. A claim that is not finished within 30 minutes (the copy died) can be taken over.
 */
export const complianceReminderRuns = pgTable('compliance_reminder_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** How many reminders the run tried to queue (duplicates of earlier runs included). */
  attempted: integer('attempted'),
});

/** product.md#data-the-portal-keeps formation_service_requests: the turnkey wizard's draft, one per user. */
export const formationServiceRequests = pgTable('formation_service_requests', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  packageSelected: text('package_selected'),
  stateType: text('state_type'),
  stateSelected: text('state_selected'),
  businessAddress: text('business_address'),
  documentsReady: boolean('documents_ready').notNull().default(false),
  paymentStatus: text('payment_status').notNull().default('pending'),
  /**
   * The order that bought the request (decision 0032): its package and address are what was bought,
   * and once set the draft is no longer editable.
   */
  paidOrderId: uuid('paid_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The formation guide's feedback (product.md#formation-guide "Feedback screen"). */
export const formationFeedback = pgTable('formation_feedback', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  isFormationComplete: boolean('is_formation_complete').notNull(),
  state: text('state'),
  difficulties: text('difficulties'),
  issues: text('issues'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** product.md#data-the-portal-keeps bank-guide feedback. */
export const bankAccountFeedback = pgTable(
  'bank_account_feedback',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completed: boolean('completed').notNull(),
    feedbackText: text('feedback_text').notNull(),
    tutorialCompleted: boolean('tutorial_completed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The finished company's card asks whether the customer marked the guide done (decision 0020).
  (t) => [index('bank_account_feedback_user_idx').on(t.userId)],
);

/** product.md#data-the-portal-keeps business_address_feedback. */
export const businessAddressFeedback = pgTable(
  'business_address_feedback',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completed: boolean('completed').notNull(),
    feedbackText: text('feedback_text').notNull(),
    tutorialCompleted: boolean('tutorial_completed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The finished company's card asks whether the customer marked the guide done (decision 0020).
  (t) => [index('business_address_feedback_user_idx').on(t.userId)],
);
