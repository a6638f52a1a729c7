import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CANCEL_REASONS,
  SUBSCRIPTION_EVENT_KINDS,
  SUBSCRIPTION_PRODUCTS,
  SUBSCRIPTION_STATUSES,
} from '../../../shared/features/renewals/renewals.domain';
import { users } from './auth';

/**
 * One row per customer (company) and product that renews each year (decisions 0053, 0054): the period,
 * the next period's price from the catalogue, and the status. Changed only by the customer's word (renew
 * pays through the checkout, cancel, undo) and by the daily run's date steps.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product: text('product', { enum: SUBSCRIPTION_PRODUCTS }).notNull(),
    /** The company's state when the price was set (the address surcharge depends on it). */
    state: text('state'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    priceCents: integer('price_cents').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: CANCEL_REASONS }),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The customer's email, name, display name and business name, folded and joined by newlines, kept by
     * triggers as compliance_schedule's (migration 0034, decision 0065): the renewals desk's search filters
     * its own rows instead of first finding every matching customer.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('subscriptions_user_product_idx').on(t.userId, t.product),
    // A rare match (one email) through the trigram index; a common one filters the view's own range.
    index('subscriptions_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The desk's views and the daily run: by status, soonest end first.
    index('subscriptions_status_end_idx').on(t.status, t.periodEnd, t.id),
    index('subscriptions_end_idx').on(t.periodEnd, t.id),
    index('subscriptions_cancelled_idx').on(t.cancelledAt, t.id),
  ],
);

/** A subscription's history: every notice, renewal, cancellation, undo, lapse and end. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SUBSCRIPTION_EVENT_KINDS }).notNull(),
    /** The period's end when it happened (after a renewal: the new end). */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    orderId: uuid('order_id'),
    actorId: text('actor_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_events_subscription_idx').on(t.subscriptionId, t.createdAt),
    // One notice and one grace mail per period, whichever copy of the daily run writes it.
    uniqueIndex('subscription_events_once_idx')
      .on(t.subscriptionId, t.kind, t.periodEnd)
      .where(sql`kind in ('notice_30', 'notice_7', 'grace', 'lapsed', 'ended')`),
  ],
);

/**
 * Operations' task when an agent subscription lapses: resign as agent and notify the state. Marked
 * done with the day it was done and a note.
 */
export const renewalTasks = pgTable(
  'renewal_tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The lapsed period's end: one task per lapse. */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    doneOn: date('done_on', { mode: 'string' }),
    doneBy: text('done_by'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('renewal_tasks_once_idx').on(t.subscriptionId, t.periodEnd),
    index('renewal_tasks_open_idx').on(t.doneOn, t.createdAt),
  ],
);
