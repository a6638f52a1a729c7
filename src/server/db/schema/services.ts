import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MAILROOM_ITEMS_ENUM } from '../../../shared/features/mail/mail.domain';
import { ORDER_FLAGS, ORDER_KINDS, ORDER_STATUSES } from '../../../shared/features/payments/orders.domain';
import { users } from './auth';

/**
 * product.md#data-the-portal-keeps services. Money is integer cents (ARCHITECTURE "Conventions"). title and description are the
 * Turkish (default) texts; the _en twins are optional and shown to English readers when set.
 */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    description: text('description').notNull(),
    titleEn: text('title_en'),
    descriptionEn: text('description_en'),
    priceCents: integer('price_cents').notNull(),
    /** Required only with real Stripe: Checkout then sells this Stripe price (decision 0012). */
    stripePriceId: text('stripe_price_id'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The compliance rules this service files for the customer ("Let us file it", decision 0052): the
     * calendar links an item to the service by these ids, so renaming the service keeps the link.
     */
    complianceRules: text('compliance_rules').array().notNull().default(sql`'{}'::text[]`),
    /**
     * What the mailroom sells with this service (a forwarding weight band, decision 0089): the mailroom
     * prices that item from the oldest active service naming it, so finance edits the price here.
     */
    mailroomItem: text('mailroom_item', { enum: MAILROOM_ITEMS_ENUM }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('services_active_created_idx').on(t.isActive, t.createdAt),
    index('services_mailroom_item_idx').on(t.mailroomItem),
  ],
);

/** Payments: status changes only from the provider's confirmed result (ARCHITECTURE "Data"). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    packageId: text('package_id'),
    addressOption: text('address_option'),
    /** The service's title at purchase time, so a later edit or delete does not rewrite a receipt. */
    title: text('title'),
    titleEn: text('title_en'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The newer checkout for the same turnkey request that cancelled this one (decision 0032). */
    supersededBy: uuid('superseded_by'),
    /** Set when a paid turnkey order did not buy the request, for staff to resolve (decision 0032). */
    flag: text('flag', { enum: ORDER_FLAGS }),
    /** A renewal order: the subscription it renews, and the period end it extends from (decision 0054). */
    subscriptionId: uuid('subscription_id'),
    renewsFrom: date('renews_from', { mode: 'string' }),
    /** The compliance item (`<rule id>:<due date>`) a "Let us file it" order files; paid, it opens the filing. */
    complianceItemKey: text('compliance_item_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_service_idx').on(t.serviceId),
    // The staff's list of every order (/admin/orders): newest first, alone or under one filter.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_service_created_idx').on(t.serviceId, t.createdAt, t.id),
    index('orders_package_created_idx').on(t.packageId, t.createdAt, t.id),
    index('orders_provider_created_idx').on(t.provider, t.createdAt, t.id),
    // The home's revenue and first payments (decision 0056): the paid orders of a day, by payment time.
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_subscription_idx').on(t.subscriptionId, t.createdAt),
  ],
);

/**
 * Every webhook event id the portal has acted on. Inserted in the same transaction as the event's
 * effect, so a redelivered event is recognised and a failed one is retried by the provider.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: uuid('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local TEST MODE checkout's own sessions: what Stripe keeps on its side, kept here when no Stripe
 * account is configured (decision 0012). Never used when STRIPE_SECRET_KEY is set.
 */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
    .notNull()
    .default('unpaid'),
  paymentIntentId: text('payment_intent_id'),
  customerEmail: text('customer_email'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
