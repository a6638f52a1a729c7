import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';
import { calendarDate } from '../../schemas/dates';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import {
  CANCEL_REASONS,
  RENEWAL_DESK_HORIZONS,
  RENEWAL_DESK_VIEWS,
  SUBSCRIPTION_EVENT_KINDS,
  SUBSCRIPTION_PRODUCTS,
  SUBSCRIPTION_STATUSES,
} from './renewals.domain';

/**
 * Renewals (decisions 0053, 0054): the customer's subscriptions and their buttons, and the staff's
 * renewals desk. The web imports the types only.
 */

const isoDate = calendarDate();

export const subscriptionIdParams = z.object({ id: z.uuid() });

export const subscriptionViewSchema = z
  .object({
    id: z.string(),
    product: z.enum(SUBSCRIPTION_PRODUCTS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    state: z.string().nullable(),
    periodStart: calendarDate(),
    periodEnd: calendarDate(),
    /** The last day a renewal is taken after the end (the end plus 14 days). */
    graceEndsOn: calendarDate(),
    inGrace: z.boolean(),
    /** Where a renewal bought now would run to: a year after the current end. */
    nextPeriodEnd: calendarDate(),
    /** The next year's price from the catalogue, the state's address surcharge included. */
    priceCents: z.number().int(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.enum(CANCEL_REASONS).nullable(),
    /** The dashboard card shows: a notice is owed (30 or 7 days) or the grace period runs. */
    noticeShown: z.boolean(),
    canRenew: z.boolean(),
    canCancel: z.boolean(),
    canResume: z.boolean(),
    receipts: z.array(
      z.object({
        orderId: z.string(),
        amountCents: z.number().int(),
        paidAt: z.string(),
        renewsFrom: calendarDate().nullable(),
        /** Paid through the local TEST MODE checkout: no money moved. */
        testMode: z.boolean(),
        /** A second payment for the same year: it extended nothing and staff refund it. */
        flagged: z.boolean(),
      }),
    ),
    history: z.array(z.object({ kind: z.enum(SUBSCRIPTION_EVENT_KINDS), periodEnd: calendarDate(), at: z.string() })),
  })
  .openapi('Subscription');
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const subscriptionListSchema = z
  .object({ today: calendarDate(), subscriptions: z.array(subscriptionViewSchema) })
  .openapi('SubscriptionList');
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const cancelSubscriptionSchema = z.object({
  /** The period end the customer was shown: refused with SUBSCRIPTION_CHANGED when a payment moved it. */
  periodEnd: isoDate,
  reason: z.enum(CANCEL_REASONS).nullable().optional(),
});
export type CancelSubscriptionInput = z.input<typeof cancelSubscriptionSchema>;

export const checkoutUrlSchema = z.object({ url: z.string() }).openapi('RenewalCheckout');

// --- the renewals desk ---------------------------------------------------------------------------------

export const RENEWAL_DESK_SORTS = ['end_asc', 'end_desc'] as const;

const deskQueries = listQuery({
  view: z.enum(RENEWAL_DESK_VIEWS).default('due'),
  /** For the `due` view: the next N days. */
  days: z.coerce
    .number()
    .int()
    .refine((n) => (RENEWAL_DESK_HORIZONS as readonly number[]).includes(n), 'validation.invalid')
    .default(30),
  product: z.enum(SUBSCRIPTION_PRODUCTS).optional(),
  sort: z.enum(RENEWAL_DESK_SORTS).default('end_asc'),
  /** The customer's email, sign-up name or display name (Turkish letters folded), or their exact id. */
  q: safeText(TEXT_MAX.search).optional(),
});

export const renewalDeskQuerySchema = deskQueries.list;
export type RenewalDeskQuery = z.output<typeof renewalDeskQuerySchema>;
export type RenewalDeskQueryInput = z.input<typeof renewalDeskQuerySchema>;
export const renewalDeskExportQuerySchema = deskQueries.export;

export const renewalDeskRowSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    customerEmail: z.string(),
    customerName: z.string().nullable(),
    businessName: z.string().nullable(),
    product: z.enum(SUBSCRIPTION_PRODUCTS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    periodEnd: calendarDate(),
    daysLeft: z.number().int(),
    priceCents: z.number().int(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.enum(CANCEL_REASONS).nullable(),
  })
  .openapi('RenewalDeskRow');
export type RenewalDeskRow = z.infer<typeof renewalDeskRowSchema>;
export const renewalDeskListSchema = pageOf(renewalDeskRowSchema, 'RenewalDeskList');
export type RenewalDeskList = z.infer<typeof renewalDeskListSchema>;

export const renewalSummarySchema = z
  .object({
    dueIn30: z.number().int(),
    inGrace: z.number().int(),
    lapsed: z.number().int(),
    cancelledThisMonth: z.number().int(),
    openTasks: z.number().int(),
    /** Every cancellation's reason, counted ("none" when the customer gave none). */
    reasons: z.array(z.object({ reason: z.enum([...CANCEL_REASONS, 'none']), count: z.number().int() })),
  })
  .openapi('RenewalSummary');
export type RenewalSummary = z.infer<typeof renewalSummarySchema>;

export const renewalTaskSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    customerEmail: z.string(),
    customerName: z.string().nullable(),
    businessName: z.string().nullable(),
    state: z.string().nullable(),
    periodEnd: calendarDate(),
    createdAt: z.string(),
    doneOn: calendarDate().nullable(),
    note: z.string().nullable(),
  })
  .openapi('RenewalTask');
export type RenewalTask = z.infer<typeof renewalTaskSchema>;
export const renewalTaskListSchema = z.object({ tasks: z.array(renewalTaskSchema) }).openapi('RenewalTaskList');
export type RenewalTaskList = z.infer<typeof renewalTaskListSchema>;

export const renewalTaskQuerySchema = z.object({ open: z.enum(['true', 'false']).default('true') });
export const taskIdParams = z.object({ id: z.uuid() });
export { type CompleteTaskInput, completeTaskSchema } from './renewals.schemas';

export const customerSubscriptionsParams = z.object({ userId: safeText(TEXT_MAX.token).min(1) });
