import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** product.md#data-the-portal-keeps support_threads / support_messages / support_attachments. */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer last opened the thread: staff replies after it are unread. */
    customerReadAt: timestamp('customer_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The first staff reply's time, and whether the newest message is staff's: kept by a trigger on
     * support_messages (migration 0031, decision 0062) so the home's care panel and the waiting counts
     * read one row per thread instead of its messages.
     */
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    lastMessageByStaff: boolean('last_message_by_staff').notNull().default(false),
  },
  (t) => [
    index('support_threads_user_idx').on(t.userId, t.lastMessageAt),
    index('support_threads_status_idx').on(t.status),
    // The home's care panel: the threads opened in a range and their first reply, from the index alone
    // (decisions 0056, 0062).
    index('support_threads_created_reply_idx').on(t.createdAt, t.firstReplyAt),
    // Waiting for us (active, the newest message the customer's), by how long: the top bar's count and
    // the care panel's "over 24 hours".
    index('support_threads_waiting_idx')
      .on(t.lastMessageAt)
      .where(sql`not last_message_by_staff and status in ('open', 'in_progress')`),
    // The support desk's order (latest message first, or oldest), alone and under a status filter: its
    // first page was a sort of every thread (a quarter of a million at the bench's scale).
    index('support_threads_last_message_idx').on(t.lastMessageAt, t.id),
    index('support_threads_status_last_message_idx').on(t.status, t.lastMessageAt, t.id),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    isAdminReply: boolean('is_admin_reply').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_thread_idx').on(t.threadId, t.createdAt)],
);

export const supportAttachments = pgTable('support_attachments', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  messageId: uuid('message_id')
    .notNull()
    .references(() => supportMessages.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  filePath: text('file_path').notNull(),
  fileSize: integer('file_size').notNull(),
  contentType: text('content_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
