import { and, asc, desc, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Role, STAFF_ROLES } from '../../../shared/domain/roles';
import type { auditExportQuerySchema, auditListQuerySchema } from '../../../shared/features/audit/audit.contracts';
import { auditRowFor } from '../../../shared/features/audit/audit-readers.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { mapPage, pagedList } from '../../db/paged-list';
import { auditEvents, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { customerMatches } from '../users';

type AuditFilter = Omit<z.output<typeof auditListQuerySchema>, 'page' | 'pageSize'>;
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');

const rowColumns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  actorId: auditEvents.actorId,
  actorName: actor.name,
  actorEmail: actor.email,
  actorRole: auditEvents.actorRole,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  subjectId: auditEvents.subjectUserId,
  subjectName: subject.name,
  subjectEmail: subject.email,
  before: auditEvents.before,
  after: auditEvents.after,
  network: auditEvents.network,
};

function rowQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(subject, eq(subject.id, auditEvents.subjectUserId));
}

export type AuditEventRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

/** A day's start in UTC, and the start of the day after `to`, so both ends are whole days. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
function dayAfter(day: string): Date {
  return dayStart(addDays(day, 1));
}

/**
 * The filter as one condition on audit_events alone: the actor, the action and the customer each walk
 * their own (column, created_at, id) index of migration 0018 in the list's order, the date range
 * bounds that walk, and the customer search is a semi-join on the accounts it matches.
 */
function filterCondition(db: DbOrTx, filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditEvents.actorId, filter.actor));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.customer) conditions.push(eq(auditEvents.subjectUserId, filter.customer));
  if (filter.q) conditions.push(customerMatches(db, auditEvents.subjectUserId, filter.q));
  if (filter.from) conditions.push(gte(auditEvents.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(auditEvents.createdAt, dayAfter(filter.to)));
  return conditions.length ? and(...conditions) : undefined;
}

function order(sort: AuditFilter['sort']) {
  return sort === 'oldest'
    ? [asc(auditEvents.createdAt), asc(auditEvents.id)]
    : [desc(auditEvents.createdAt), desc(auditEvents.id)];
}

/** One page of the trail, in SQL, with an exact, capped or estimated total. */
export function listAuditEvents(db: DbOrTx, query: z.output<typeof auditListQuerySchema>) {
  return pagedList(db, query, {
    table: auditEvents,
    tableName: 'audit_events',
    id: auditEvents.id,
    where: filterCondition(db, query),
    searched: Boolean(query.q),
    sort: auditEvents.createdAt,
    ascending: query.sort === 'oldest',
    rows: (ids: string[] | SQLWrapper) =>
      rowQuery(db)
        .where(inArray(auditEvents.id, ids))
        .orderBy(...order(query.sort)),
  });
}

/**
 * The filter's rows in keyset pages, in the list's order: memory holds one page whatever the trail's
 * length. The date travels as PostgreSQL's text (microseconds), which a JS Date would round.
 */
export async function* exportAuditPages(
  db: DbOrTx,
  filter: AuditFilter,
  pageSize = 1000,
): AsyncGenerator<AuditEventRow[]> {
  const base = filterCondition(db, filter);
  const newest = filter.sort !== 'oldest';
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? newest
        ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : sql`(${auditEvents.createdAt}, ${auditEvents.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const page: Array<AuditEventRow & { sortKey: string }> = await db
      .select({ ...rowColumns, sortKey: sql<string>`${auditEvents.createdAt}::text` })
      .from(auditEvents)
      .leftJoin(actor, eq(actor.id, auditEvents.actorId))
      .leftJoin(subject, eq(subject.id, auditEvents.subjectUserId))
      .where(and(base, after))
      .orderBy(...order(filter.sort))
      .limit(pageSize);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1] as AuditEventRow & { sortKey: string };
    cursor = { at: last.sortKey, id: last.id };
  }
}

/** Everyone who is or was staff, for the actor filter. */
export async function auditActors(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.name), asc(users.id));
}

export function toAuditRow(row: AuditEventRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    actorRole: row.actorRole,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    customer: row.subjectId ? { id: row.subjectId, name: row.subjectName, email: row.subjectEmail } : null,
    before: row.before ?? null,
    after: row.after ?? null,
    network: row.network,
  };
}

/**
 * One page of the trail as GET /api/admin/audit answers it, each row cut to what `reader` may see. The
 * route and the audit page's boot data (decision 0060) both read it.
 */
export async function auditTrailPage(db: DbOrTx, query: z.output<typeof auditListQuerySchema>, reader: Role) {
  const page = await listAuditEvents(db, query);
  return mapPage(page, (row) => toAuditRow(auditRowFor(row, reader)));
}
