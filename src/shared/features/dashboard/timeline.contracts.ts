import { z } from '@hono/zod-openapi';
import { DOCUMENT_CATEGORIES } from '../../domain/files';
import { calendarDate } from '../../schemas/dates';
import { EIN_STATUSES } from '../ein/ein.domain';
import { customerEinFollowUpSchema } from '../ein/ein-follow-ups.contracts';
import { FORMATION_STATUSES } from '../formations/formation.domain';
import { ORDER_KINDS } from '../payments/orders.domain';
import { CUSTOMER_TIMELINE_KINDS } from './timeline.schemas';

/**
 * The timelines' contract: the customer's own History (GET /api/me/timeline) and the audit rows the
 * customer file shows staff. The query (src/shared/features/dashboard/timeline.schemas.ts) is re-exported. The web imports
 * the types only (`import type`).
 */

export {
  CUSTOMER_TIMELINE_KINDS,
  type CustomerTimelineKind,
  TIMELINE_MAX_PAGE,
  type TimelineQuery,
  timelineQuerySchema,
} from './timeline.schemas';

const stageStatus = z.enum([...FORMATION_STATUSES, ...EIN_STATUSES]);

export const customerTimelineItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(CUSTOMER_TIMELINE_KINDS),
  /** Who made it, as a role only: the customer, the portal's team or the system (a payment). */
  by: z.enum(['you', 'team', 'system']),
  /** Formation statuses for formation_*, EIN statuses for ein_*. */
  from: stageStatus.nullable().optional(),
  to: stageStatus.optional(),
  /** A file the team added (document_added), or the file that came with an EIN step. */
  document: z.object({ category: z.enum(DOCUMENT_CATEGORIES), fileName: z.string().nullable() }).optional(),
  /** filing_*: which filing (its kind, rule and tax year), the stage reached, the new due date. */
  filing: z
    .object({
      kind: z.string(),
      ruleId: z.string(),
      taxYear: z.number().int(),
      stage: z.string().nullable(),
      dueDate: calendarDate().nullable(),
    })
    .optional(),
  payment: z
    .object({
      amountCents: z.number().int(),
      currency: z.string(),
      orderKind: z.enum(ORDER_KINDS),
      /** The service's title at purchase (Turkish and English), or the package id for a formation package. */
      title: z.string().nullable(),
      titleEn: z.string().nullable(),
      packageId: z.string().nullable(),
    })
    .optional(),
  /** ein_follow_up: the day, what was done and its outcome; the note only when staff shared it. */
  followUp: customerEinFollowUpSchema.omit({ id: true }).optional(),
});
export type CustomerTimelineItem = z.output<typeof customerTimelineItemSchema>;

/** The customer file's timeline for admins: every audit row about the customer, with who made it. */
export const adminTimelineItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  actor: z
    .object({
      id: z.string().nullable(),
      role: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AdminTimelineItem = z.output<typeof adminTimelineItemSchema>;

export function timelinePageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const customerTimelinePageSchema = timelinePageSchema(customerTimelineItemSchema).openapi('CustomerTimeline');

export type TimelinePage = z.output<typeof customerTimelinePageSchema>;
