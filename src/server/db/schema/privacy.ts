import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_KINDS, ERASURE_STATUSES } from '../../../shared/features/privacy/privacy.domain';
import { users } from './auth';

/**
 * Every acceptance of a text and every giving or withdrawal of an optional consent (decision 0046),
 * one row each, never updated: the text's version (null for an optional consent), the moment and the
 * client's network (/24 or /48, never a full address). The current state of a kind is its newest row.
 * Personal data of the user: erased with the account.
 */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    version: text('version'),
    /** true: accepted or given; false: an optional consent withdrawn. */
    given: boolean('given').notNull(),
    network: text('network'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('privacy_consents_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);

/**
 * A customer's request to erase their account (decision 0047): confirmed by a mailed link (only the
 * token's hash is kept), answered by staff by `dueOn` (30 days), then erased or declined with an
 * answer. `filesPending` lists the storage keys still to be removed after the erasure's transaction;
 * the removal is retried until the list is empty. The user id stays after the erasure (no personal
 * data in it), so the queue keeps its history.
 */
export const privacyErasureRequests = pgTable(
  'privacy_erasure_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ERASURE_STATUSES }).notNull().default('unconfirmed'),
    tokenHash: text('token_hash').unique(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    dueOn: date('due_on', { mode: 'string' }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Staff's answer to the customer: why part must be kept, or why the request is declined. */
    answer: text('answer'),
    filesPending: jsonb('files_pending').$type<string[]>().notNull().default([]),
    filesDoneAt: timestamp('files_done_at', { withTimezone: true }),
  },
  (t) => [
    // The staff queue: by status, the nearest legal answer date first.
    index('privacy_erasure_requests_status_due_idx').on(t.status, t.dueOn, t.id),
    // At most one open (unconfirmed or pending) request per user.
    uniqueIndex('privacy_erasure_requests_open_user_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('unconfirmed', 'pending')`),
    index('privacy_erasure_requests_files_idx').on(t.filesDoneAt).where(sql`${t.status} = 'erased'`),
  ],
);
