import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../../../shared/domain/files';
import type { Role } from '../../../shared/domain/roles';
import { auditRowFor, CUSTOMER_AUDIT_ACTIONS } from '../../../shared/features/audit/audit-readers.domain';
import type {
  AdminTimelineItem,
  CustomerTimelineItem,
  CustomerTimelineKind,
  TimelineQuery,
} from '../../../shared/features/dashboard/timeline.contracts';
import { TIMELINE_MAX_PAGE } from '../../../shared/features/dashboard/timeline.schemas';
import {
  EIN_FOLLOW_UP_KINDS,
  EIN_FOLLOW_UP_OUTCOMES,
  type EinFollowUpKind,
  type EinFollowUpOutcome,
} from '../../../shared/features/ein/ein-follow-ups.domain';
import { auditEvents, orders, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';

export interface TimelinePage<T> {
  items: T[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export type TimelineOptions = Partial<TimelineQuery>;

type AuditRow = typeof auditEvents.$inferSelect;

/** A stage move's statuses, from the audit row's before/after, whichever field the action records. */
function statusOf(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  for (const key of ['formationStatus', 'einStatus', 'status']) {
    if (typeof v[key] === 'string') return v[key] as string;
  }
  return null;
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

function category(value: unknown): DocumentCategory | null {
  return (DOCUMENT_CATEGORIES as readonly unknown[]).includes(value) ? (value as DocumentCategory) : null;
}

const EIN_UPLOAD_CATEGORY: Record<string, DocumentCategory> = {
  preparedSs4: 'ss4',
  signedSs4: 'ss4',
  einDocument: 'ein',
};

/**
 * The rows a customer may see about themselves: the actions the readers' table gives them (decision
 * 0069). Everything else (admin notes, SSN reveals, payment mismatches, re-checks, a staff name change)
 * is staff-only and never leaves the query. A customer's own document uploads are left out too: the
 * History is about what happened to them.
 */
function customerVisible(): SQL {
  const sameEinStatus = sql`${auditEvents.before}->>'einStatus' is not distinct from ${auditEvents.after}->>'einStatus'`;
  const special = ['document.uploaded', 'ein.file_uploaded'];
  return or(
    inArray(
      auditEvents.action,
      CUSTOMER_AUDIT_ACTIONS.filter((a) => !special.includes(a)),
    ),
    and(eq(auditEvents.action, 'document.uploaded'), eq(auditEvents.actorRole, 'admin')),
    // An EIN upload is a stage change, or a document the team replaced; the customer's replaced
    // signed form is neither.
    and(
      eq(auditEvents.action, 'ein.file_uploaded'),
      or(eq(auditEvents.actorRole, 'admin'), sql`not (${sameEinStatus})`),
    ),
  ) as SQL;
}

/** Rows older than the cursor row, compared in the database so the microseconds of created_at count. */
function olderThan(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select a.created_at, a.id from audit_events a where a.id = ${cursor})`;
}

function pageLimit(options: TimelineOptions): number {
  return Math.min(Math.max(1, options.limit ?? TIMELINE_MAX_PAGE), TIMELINE_MAX_PAGE);
}

function byOf(row: AuditRow, userId: string): CustomerTimelineItem['by'] {
  if (row.actorRole === 'admin') return 'team';
  if (row.actorId === userId) return 'you';
  return 'system';
}

/** A follow-up's customer view from its audit row; null when the row is not one this code wrote. */
function einFollowUpOf(after: unknown): CustomerTimelineItem['followUp'] | null {
  const kind = field(after, 'kind');
  const outcome = field(after, 'outcome');
  const on = field(after, 'followedUpOn');
  if (
    !(EIN_FOLLOW_UP_KINDS as readonly unknown[]).includes(kind) ||
    !(EIN_FOLLOW_UP_OUTCOMES as readonly unknown[]).includes(outcome) ||
    typeof on !== 'string'
  ) {
    return null;
  }
  const note = field(after, 'noteShareable') === true ? field(after, 'note') : null;
  return {
    kind: kind as EinFollowUpKind,
    outcome: outcome as EinFollowUpOutcome,
    followedUpOn: on,
    note: typeof note === 'string' ? note : null,
  };
}

type OrderInfo = Pick<
  typeof orders.$inferSelect,
  'id' | 'amountCents' | 'currency' | 'kind' | 'title' | 'titleEn' | 'packageId'
>;

/** Maps one allow-listed audit row to what the customer sees, or null if it has nothing to show. */
export function toCustomerItem(
  row: AuditRow,
  userId: string,
  order: OrderInfo | undefined,
): CustomerTimelineItem | null {
  const base = { id: row.id, at: row.createdAt.toISOString(), by: byOf(row, userId) };
  const from = statusOf(row.before);
  const to = statusOf(row.after);
  const item = (kind: CustomerTimelineKind, extra: Partial<CustomerTimelineItem> = {}) =>
    ({ ...base, kind, ...extra }) as CustomerTimelineItem;
  switch (row.action) {
    case 'formation.created':
      return item('formation_started', { from: null, to: (to ?? 'preparation') as CustomerTimelineItem['to'] });
    case 'ein.created':
      return item('ein_submitted', { from: null, to: (to ?? 'waiting_for_form') as CustomerTimelineItem['to'] });
    case 'formation.status_changed':
      return to
        ? item('formation_status', { from: from as CustomerTimelineItem['from'], to: to as CustomerTimelineItem['to'] })
        : null;
    case 'ein.status_changed':
      return to
        ? item('ein_status', { from: from as CustomerTimelineItem['from'], to: to as CustomerTimelineItem['to'] })
        : null;
    case 'ein.file_uploaded': {
      const cat = EIN_UPLOAD_CATEGORY[String(field(row.after, 'upload'))] ?? null;
      const document = cat ? { category: cat, fileName: null } : undefined;
      if (to && from !== to) {
        return item('ein_status', {
          from: from as CustomerTimelineItem['from'],
          to: to as CustomerTimelineItem['to'],
          document,
        });
      }
      return document ? item('document_added', { document }) : null;
    }
    case 'document.uploaded': {
      const cat = category(field(row.after, 'category'));
      const name = field(row.after, 'fileName');
      return cat
        ? item('document_added', { document: { category: cat, fileName: typeof name === 'string' ? name : null } })
        : null;
    }
    case 'ein.follow_up_recorded': {
      // The audit row holds only what the customer may see (ein-follow-ups.service): a shared note or none.
      const followUp = einFollowUpOf(row.after);
      return followUp ? item('ein_follow_up', { followUp }) : null;
    }
    case 'filing.stage_changed':
    case 'filing.extended': {
      const taxYear = Number(field(row.after, 'taxYear'));
      const kind = String(field(row.after, 'kind') ?? 'form_5472');
      const ruleId = String(field(row.after, 'ruleId') ?? (kind === 'form_5472' ? 'federal_form_5472' : ''));
      if (!Number.isInteger(taxYear)) return null;
      return item(row.action === 'filing.extended' ? 'filing_extended' : 'filing_stage', {
        filing: {
          kind,
          ruleId,
          taxYear,
          stage: row.action === 'filing.stage_changed' ? to : null,
          dueDate: row.action === 'filing.extended' ? String(field(row.after, 'dueDate') ?? '') || null : null,
        },
      });
    }
    case 'order.paid':
    case 'order.failed':
      return item(row.action === 'order.paid' ? 'payment_paid' : 'payment_failed', {
        payment: order
          ? {
              amountCents: order.amountCents,
              currency: order.currency,
              orderKind: order.kind,
              title: order.title,
              titleEn: order.titleEn,
              packageId: order.packageId,
            }
          : undefined,
      });
    default:
      return null;
  }
}

async function customerTimeline(
  db: DbOrTx,
  userId: string,
  options: TimelineOptions,
): Promise<TimelinePage<CustomerTimelineItem>> {
  const limit = pageLimit(options);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, userId), customerVisible(), olderThan(options.before)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const orderIds = page
    .filter((r) => r.entityType === 'order' && /^[0-9a-f-]{36}$/i.test(r.entityId))
    .map((r) => r.entityId);
  // Only the customer's own orders, so an audit row naming someone else's order shows no amount.
  const orderRows = orderIds.length
    ? await db
        .select({
          id: orders.id,
          amountCents: orders.amountCents,
          currency: orders.currency,
          kind: orders.kind,
          title: orders.title,
          titleEn: orders.titleEn,
          packageId: orders.packageId,
        })
        .from(orders)
        .where(and(inArray(orders.id, orderIds), eq(orders.userId, userId)))
    : [];
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  // The mapping reads only the fields the customer's list gives them, so a note cannot slip through it.
  const items = page
    .map((r) => toCustomerItem(auditRowFor(r, 'customer'), userId, byId.get(r.entityId)))
    .filter((i): i is CustomerTimelineItem => i !== null);
  return { items, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}

async function adminTimeline(
  db: DbOrTx,
  userId: string,
  options: TimelineOptions & { reader: Role },
): Promise<TimelinePage<AdminTimelineItem>> {
  const limit = pageLimit(options);
  const actor = alias(users, 'actor');
  const rows = await db
    .select({ event: auditEvents, actorName: actor.name, actorEmail: actor.email })
    .from(auditEvents)
    .leftJoin(actor, and(isNotNull(auditEvents.actorId), eq(actor.id, auditEvents.actorId)))
    .where(and(eq(auditEvents.subjectUserId, userId), olderThan(options.before)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = page.map(({ event: row, actorName, actorEmail }) => {
    // The caller's view of the row (decision 0069): each field only to the desk that reads it.
    const event = auditRowFor(row, options.reader);
    return {
      id: event.id,
      at: event.createdAt.toISOString(),
      action: event.action,
      entityType: event.entityType,
      entityId: event.entityId,
      actor:
        event.actorId || event.actorRole
          ? { id: event.actorId, role: event.actorRole, name: actorName, email: actorEmail }
          : null,
      from: statusOf(event.before),
      to: statusOf(event.after),
      before: event.before,
      after: event.after,
    };
  });
  return { items, nextCursor: rows.length > limit ? page[page.length - 1].event.id : null };
}

/**
 * A customer's history from audit_events, newest first, at most 100 per page. Without `forAdmin` it is
 * what the customer may see about themselves (an allow-list of actions, mapped to safe items); with it,
 * every audit row about them, with who made it (the customer file), each row cut to what `reader`'s
 * permissions read (shared/features/audit/audit-readers.domain.ts).
 */
export function listCustomerTimeline(
  db: DbOrTx,
  userId: string,
  options: TimelineOptions & { forAdmin: true; reader: Role },
): Promise<TimelinePage<AdminTimelineItem>>;
export function listCustomerTimeline(
  db: DbOrTx,
  userId: string,
  options?: TimelineOptions & { forAdmin?: false },
): Promise<TimelinePage<CustomerTimelineItem>>;
export function listCustomerTimeline(
  db: DbOrTx,
  userId: string,
  options: TimelineOptions & ({ forAdmin: true; reader: Role } | { forAdmin?: false }) = {},
): Promise<TimelinePage<AdminTimelineItem> | TimelinePage<CustomerTimelineItem>> {
  return options.forAdmin ? adminTimeline(db, userId, options) : customerTimeline(db, userId, options);
}

/**
 * Every item of the customer's own History, newest first: the page the customer reads, page after page.
 * Their data copy's history is this list (decision 0069), so it says no more than the History does.
 */
export async function wholeCustomerTimeline(db: DbOrTx, userId: string): Promise<CustomerTimelineItem[]> {
  const items: CustomerTimelineItem[] = [];
  let before: string | undefined;
  // Bounded as the raw rows were (10,000): a pathological history cannot hold the download forever.
  for (let page = 0; page < 100; page++) {
    const next = await customerTimeline(db, userId, { before });
    items.push(...next.items);
    if (!next.nextCursor) break;
    before = next.nextCursor;
  }
  return items;
}
