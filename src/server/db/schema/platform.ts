import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../shared/domain/roles';
import { users } from './auth';

/** Every status change and admin action: who, what, when, before, after (ARCHITECTURE "Data"). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    actorId: text('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    subjectUserId: text('subject_user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's network (IPv4 /24, IPv6 /48) of the request that made the change (decision 0043). */
    network: text('network'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entityType, t.entityId),
    // /admin/audit: newest first, and each filter on an index of its own (migration 0018).
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_actor_created_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_events_action_created_idx').on(t.action, t.createdAt, t.id),
    // "What did this member do of this kind": the count of actor + action + range walked a tenth of the
    // trail on either single index (decision 0043).
    index('audit_events_actor_action_created_idx').on(t.actorId, t.action, t.createdAt, t.id),
    index('audit_events_subject_created_idx').on(t.subjectUserId, t.createdAt, t.id),
  ],
);

/**
 * An invitation to join the staff (decision 0043): the link's token is kept as a SHA-256 hash, valid
 * until `expiresAt`, used once. At most one open (neither accepted nor cancelled) per address.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    lang: text('lang', { enum: ['tr', 'en'] })
      .notNull()
      .default('tr'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: text('accepted_user_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_open_email_idx')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.cancelledAt} is null`),
  ],
);

/**
 * The mail outbox: every mail is queued here first and sent by the in-process worker, which
 * retries. Without SMTP the rows stay `stored` and are readable at /dev/mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a worker took the row; a `sending` row whose claim is older than the lease is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * A mail that must exist at most once (a deadline reminder: rule, due date, offset); the unique
     * index makes the second insert a no-op even when two server copies queue it at the same moment.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('mail_outbox_dedupe_key_idx').on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * Fixed-window counters of the rate limits (sign-in failures, admin codes, mail requests), one row per
 * key such as `sign-in:ip:203.0.113.5`. Kept in the database so every server copy sees the same count,
 * and bumped by a single upsert so that parallel requests cannot slip past the limit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStartedAt)],
);

/**
 * The date each stage of a customer's formation or EIN application was reached (decision 0016): the
 * timeline's dates and the expected-wait medians. One formation and one EIN application per user, so the
 * user is the subject; re-entering a stage moves its date (the row is upserted).
 */
export const stageHistory = pgTable(
  'stage_history',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['formation', 'ein'] }).notNull(),
    stage: text('stage').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.stage] }),
    // The medians read every application's stage dates of the last 180 days.
    index('stage_history_kind_stage_reached_idx').on(t.kind, t.stage, t.reachedAt),
  ],
);

/**
 * How long each EIN application stayed in each stage it has left (the next stage's date minus its own),
 * with the application's submission time: the home's IRS clock reads percentiles by month of submission
 * from one index range here instead of joining stage_history to itself. Derived from stage_history by
 * triggers (migration 0031, decision 0062), never written by the application; a test proves it equals
 * a recomputation.
 */
export const einStageWaits = pgTable(
  'ein_stage_waits',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stage] }),
    index('ein_stage_waits_submitted_idx').on(t.submittedAt, t.stage, t.seconds),
  ],
);

/** Compliance items a customer or staff marked done (decision 0020): no reminder for them, shown as done. */
export const complianceMarks = pgTable(
  'compliance_marks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `<rule id>:<due date>`, one occurrence of a rule. */
    itemKey: text('item_key').notNull(),
    doneBy: text('done_by'),
    doneByRole: text('done_by_role'),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKey] }),
    // The date part of the key: a count of the items not done in a window (the home's deadlines panel,
    // the desk's overdue view) reads only the marks of those dates, not every mark ever made (decision 0064).
    index('compliance_marks_date_idx').on(sql`right(${t.itemKey}, 10)`),
  ],
);

/** The private calendar feed's token, kept as a SHA-256 hash; regenerating replaces it (decision 0020). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
