import { z } from '@hono/zod-openapi';
import { COMPLIANCE_RULE_IDS } from '../../catalogue/compliance';
import { pageOf } from '../../contracts/common';
import { calendarDate } from '../../schemas/dates';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { SUBSCRIPTION_STATUSES } from '../renewals/renewals.domain';

/**
 * The compliance API's contract (the customer's calendar, its feed, the staff's deadlines list): the
 * request schemas (src/shared/features/compliance/compliance.schemas.ts, re-exported) and the response shapes. The web
 * imports the types only (`import type`).
 */

export {
  type AdminDeadlineListQuery,
  adminDeadlineExportQuerySchema,
  adminDeadlineListQuerySchema,
} from './compliance.schemas';

/** The agent subscription behind a registered agent renewal item (calendar and deadlines desk). */
/**
 * The "checked on" label of an item (decision 0073), derived from its facts' source kinds: `official`
 * names the official text ("checked against … on …"), `third_party` says "reviewed on …" and points to
 * the official page, `ours` is our own price.
 */
export const factLabelSchema = z
  .object({
    kind: z.enum(['official', 'third_party', 'ours']),
    source: z.string().nullable(),
    date: z.string().nullable(),
  })
  .openapi('FactLabel');

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
    checked: factLabelSchema,
    /**
     * On the registered agent renewal: whether the agent is ours (a turnkey package, billed by us) or the
     * one the founder appointed, who bills them (decision 0074). Null on every other item.
     */
    agent: z.enum(['ours', 'own']).nullable().optional(),
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
      z.object({ ruleId: z.enum(COMPLIANCE_RULE_IDS), source: z.string(), checked: factLabelSchema }),
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

/**
 * A figure reported but not confirmed, that staff must check at its source by `checkBy` (decision 0073);
 * its text is `compliance.admin.watch.<id>`.
 */
export const factWatchNoteSchema = z
  .object({
    id: z.string(),
    ruleId: z.string(),
    notedOn: z.string(),
    checkBy: z.string(),
    url: z.string(),
    row: z.string(),
    reportedCents: z.number().int(),
    shownCents: z.number().int(),
    overdue: z.boolean(),
  })
  .openapi('FactWatchNote');

const deadlinePage = pageOf(adminDeadlineSchema, 'AdminDeadlinePage');
export const adminDeadlineListSchema = z
  .object({ ...deadlinePage.shape, watchNotes: z.array(factWatchNoteSchema) })
  .openapi('AdminDeadlineList');

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
export type FactWatchNote = z.output<typeof factWatchNoteSchema>;
