import { z } from '@hono/zod-openapi';
import { COMPLIANCE_RULE_IDS } from '../catalogue/compliance';
import { SUBSCRIPTION_STATUSES } from '../domain/renewals';
import { calendarDate } from '../schemas/dates';
import { safeText, TEXT_MAX } from '../schemas/text';
import { pageOf } from './common';

/**
 * The compliance API's contract (the customer's calendar, its feed, the staff's deadlines list): the
 * request schemas (src/shared/schemas/compliance.ts, re-exported) and the response shapes. The web
 * imports the types only (`import type`).
 */

export {
  type AdminDeadlineListQuery,
  adminDeadlineExportQuerySchema,
  adminDeadlineListQuerySchema,
} from '../schemas/compliance';

/** The agent subscription behind a registered agent renewal item (calendar and deadlines desk). */
const agentRenewalSchema = z
  .object({ status: z.enum(SUBSCRIPTION_STATUSES), periodEnd: calendarDate(), renewed: z.boolean() })
  .openapi('AgentRenewal');

export const complianceItemSchema = z
  .object({
    /** `<rule id>:<due date>`: what the done routes take. */
    key: z.string(),
    ruleId: z.enum(COMPLIANCE_RULE_IDS),
    appliesTo: z.string(),
    dueDate: calendarDate(),
    windowStart: calendarDate().nullable(),
    extendedDueDate: calendarDate().nullable(),
    taxYear: z.number().int().nullable(),
    daysLeft: z.number().int(),
    amountCents: z.number().int().nullable(),
    penalty: z
      .object({ amountCents: z.number().int().nullable(), monthlyRateBasisPoints: z.number().int().nullable() })
      .nullable(),
    /** The official page, or `catalogue` for our own prices. */
    source: z.string(),
    lastChecked: calendarDate(),
    done: z.boolean(),
    doneAt: z.string().nullable(),
    /**
     * The tracked filing of this item (decision 0051), if any: its status, the day it was filed (the
     * calendar's "filed on …") and its due date now (an extension moves it).
     */
    filing: z
      .object({ id: z.string(), status: z.string(), filedOn: calendarDate().nullable(), dueDate: calendarDate() })
      .nullable()
      .optional(),
    /** The catalogue's service that files this item ("Let us file it"), when one is sold. */
    service: z
      .object({ id: z.string(), title: z.string(), titleEn: z.string().nullable(), priceCents: z.number().int() })
      .nullable(),
    /**
     * The registered agent renewal item reads the subscription (decision 0054): its status and period end,
     * and whether a year was ever renewed ("renewed until …"). Null on every other item.
     */
    renewal: agentRenewalSchema.nullable().optional(),
  })
  .openapi('ComplianceItem');

export const complianceViewSchema = z
  .object({
    state: z.string().nullable(),
    formedOn: calendarDate().nullable(),
    tracked: z.boolean(),
    today: calendarDate(),
    items: z.array(complianceItemSchema),
    notRequired: z.array(
      z.object({ ruleId: z.enum(COMPLIANCE_RULE_IDS), source: z.string(), lastChecked: calendarDate() }),
    ),
  })
  .openapi('ComplianceCalendar');

export const calendarFeedSchema = z
  .object({
    /** The private subscription URL; null until the customer creates one. */
    url: z.string().nullable(),
  })
  .openapi('ComplianceCalendarFeed');

export const itemKeyParam = safeText(TEXT_MAX.choice, { trim: false }).openapi({
  param: { name: 'itemKey', in: 'path' },
  example: 'wyoming_annual_report:2027-03-01',
});

export const markResultSchema = z.object({ key: z.string(), done: z.boolean() }).openapi('ComplianceMark');

export const adminDeadlineSchema = z
  .object({
    userId: z.string(),
    customerEmail: z.string(),
    customerName: z.string().nullable(),
    businessName: z.string().nullable(),
    state: z.string().nullable(),
    ruleId: z.enum(COMPLIANCE_RULE_IDS),
    /** `<rule id>:<due date>`, for the mark routes. */
    itemKey: z.string(),
    dueDate: calendarDate(),
    daysLeft: z.number().int(),
    done: z.boolean(),
    /**
     * On a registered agent renewal row of a customer with an agent subscription: its status, period end
     * (the row's date) and whether a year was renewed, as the customer's calendar shows them (decision 0057).
     */
    renewal: agentRenewalSchema.nullable(),
    /** The day staff filed it (a tracked filing submitted or done, decision 0052), or null. */
    filedOn: calendarDate().nullable(),
  })
  .openapi('AdminDeadline');

export const adminDeadlineListSchema = pageOf(adminDeadlineSchema, 'AdminDeadlineList');

/** A customer's item, for the staff's mark routes. */
export const customerItemParams = z.object({
  userId: safeText(TEXT_MAX.token, { trim: false }).openapi({ param: { name: 'userId', in: 'path' } }),
  itemKey: itemKeyParam,
});

export type ComplianceItemView = z.output<typeof complianceItemSchema>;
export type ComplianceView = z.output<typeof complianceViewSchema>;
export type CalendarFeed = z.output<typeof calendarFeedSchema>;
export type ComplianceMark = z.output<typeof markResultSchema>;
export type AdminDeadline = z.output<typeof adminDeadlineSchema>;
export type AdminDeadlineList = z.output<typeof adminDeadlineListSchema>;
