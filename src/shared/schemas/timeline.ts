import { z } from 'zod';
import { EIN_STATUSES } from '../domain/ein';
import { DOCUMENT_CATEGORIES } from '../domain/files';
import { FORMATION_STATUSES } from '../domain/formation';
import { ORDER_KINDS } from '../domain/orders';

/** The most items one timeline page holds. */
export const TIMELINE_MAX_PAGE = 100;

export const timelineQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TIMELINE_MAX_PAGE).default(TIMELINE_MAX_PAGE),
  /** The id of the last item of the previous page (its `nextCursor`). */
  before: z.uuid().optional(),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

/**
 * What the customer's History shows. Each kind is built from an allow-listed audit action; nothing of
 * the audit row itself (actor ids, raw before/after, admin notes, SSN reveals) is passed on.
 */
export const CUSTOMER_TIMELINE_KINDS = [
  'formation_started',
  'formation_status',
  'ein_submitted',
  'ein_status',
  'document_added',
  'payment_paid',
  'payment_failed',
] as const;
export type CustomerTimelineKind = (typeof CUSTOMER_TIMELINE_KINDS)[number];

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
});
export type CustomerTimelineItem = z.infer<typeof customerTimelineItemSchema>;

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
export type AdminTimelineItem = z.infer<typeof adminTimelineItemSchema>;

export function timelinePageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
