import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type {
  RenewalDeskQuery,
  RenewalDeskRow,
  RenewalSummary,
  RenewalTask,
} from '../../../shared/features/renewals/renewals.contracts';
import { CANCEL_REASONS, GRACE_DAYS } from '../../../shared/features/renewals/renewals.domain';
import { addDays, daysBetween } from '../../../shared/format/calendar-days';
import { pagedList } from '../../db/paged-list';
import { companyFormations, renewalTasks, subscriptions, userProfiles, users } from '../../db/schema';
import { foldedPattern } from '../../db/search';
import type { DbOrTx } from '../../db/tx';

export type DeskFilter = Omit<RenewalDeskQuery, 'page' | 'pageSize'>;

const LIVE = ['active', 'renewal_due'] as const;

/** The first day of `today`'s month. */
function monthStart(today: string): string {
  return `${today.slice(0, 7)}-01`;
}

/**
 * The view as one condition on subscriptions alone, each an index range: due = still running and
 * ending within `days`; grace = unpaid, ended up to 14 days ago; lapsed = lapsed (or past the grace
 * period before the daily run marked it); cancelled = "Do not renew" chosen this month.
 */
export function deskCondition(db: DbOrTx, filter: DeskFilter, today: string, pastGrace = true): SQL {
  const conditions: (SQL | undefined)[] = [];
  const graceFrom = addDays(today, -GRACE_DAYS);
  switch (filter.view) {
    case 'due':
      conditions.push(
        inArray(subscriptions.status, [...LIVE]),
        sql`${subscriptions.periodEnd} between ${addDays(today, 1)}::date and ${addDays(today, filter.days)}::date`,
      );
      break;
    case 'grace':
      conditions.push(
        inArray(subscriptions.status, [...LIVE]),
        sql`${subscriptions.periodEnd} between ${graceFrom}::date and ${today}::date`,
      );
      break;
    case 'lapsed':
      // Unpaid past the grace period is lapsed only once the daily run has marked it; until then (rarely:
      // between midnight and the run) such rows join in. Without them the view is one index range in the
      // page's order, where the union below made every page fetch and sort all lapsed rows (about 60 ms
      // p95 with 12,000 at a million customers).
      if (!pastGrace) {
        conditions.push(eq(subscriptions.status, 'lapsed'));
        break;
      }
      // Two index ranges of (status, period_end) joined, not one OR: with an OR the planner walked the
      // whole period_end index for the page (630 ms at a million, when few or none had lapsed).
      conditions.push(
        inArray(
          subscriptions.id,
          unionAll(
            db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.status, 'lapsed')),
            db
              .select({ id: subscriptions.id })
              .from(subscriptions)
              .where(and(inArray(subscriptions.status, [...LIVE]), lt(subscriptions.periodEnd, graceFrom))),
          ),
        ),
      );
      break;
    case 'cancelled':
      conditions.push(
        isNotNull(subscriptions.cancelledAt),
        gte(subscriptions.cancelledAt, new Date(`${monthStart(today)}T00:00:00Z`)),
      );
      break;
  }
  if (filter.product) conditions.push(eq(subscriptions.product, filter.product));
  // The row's own folded text (migration 0034, decision 0065), or the customer's id as every admin search.
  if (filter.q)
    conditions.push(
      sql`(${subscriptions.searchText} like ${foldedPattern(filter.q)} or ${subscriptions.userId} = ${filter.q})`,
    );
  return and(...conditions) as SQL;
}

const columns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  customerEmail: users.email,
  customerName: sql<string | null>`coalesce(nullif(${userProfiles.displayName}, ''), nullif(${users.name}, ''))`,
  businessName: companyFormations.businessName,
  product: subscriptions.product,
  status: subscriptions.status,
  periodEnd: subscriptions.periodEnd,
  priceCents: subscriptions.priceCents,
  cancelledAt: subscriptions.cancelledAt,
  cancelReason: subscriptions.cancelReason,
};

interface RawDeskRow {
  id: string;
  userId: string;
  customerEmail: string;
  customerName: string | null;
  businessName: string | null;
  product: RenewalDeskRow['product'];
  status: RenewalDeskRow['status'];
  periodEnd: string;
  priceCents: number;
  cancelledAt: Date | null;
  cancelReason: RenewalDeskRow['cancelReason'];
}

function toDeskRow(row: RawDeskRow, today: string): RenewalDeskRow {
  return {
    ...row,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    daysLeft: daysBetween(today, row.periodEnd),
  };
}

function ordered(sort: DeskFilter['sort']) {
  return sort === 'end_desc'
    ? [desc(subscriptions.periodEnd), desc(subscriptions.id)]
    : [asc(subscriptions.periodEnd), asc(subscriptions.id)];
}

function withPeople(db: DbOrTx) {
  return db
    .select(columns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, subscriptions.userId))
    .leftJoin(companyFormations, eq(companyFormations.userId, subscriptions.userId));
}

/**
 * Whether a running subscription is still unpaid past its grace period (the daily run has not marked it
 * lapsed yet): one probe of the (status, period_end) index.
 */
async function anyPastGrace(db: DbOrTx, today: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, [...LIVE]), lt(subscriptions.periodEnd, addDays(today, -GRACE_DAYS))))
    .limit(1);
  return row !== undefined;
}

/** One page of the desk, its order and page cut on subscriptions alone before the joins. */
export async function listRenewalDesk(db: DbOrTx, query: RenewalDeskQuery, today: string) {
  const where = deskCondition(db, query, today, query.view === 'lapsed' && (await anyPastGrace(db, today)));
  return pagedList(db, query, {
    table: subscriptions,
    tableName: 'subscriptions',
    id: subscriptions.id,
    where,
    // The desk's search reads the rows' own folded text (decision 0065): counted like any filter.
    searched: false,
    sort: subscriptions.periodEnd,
    ascending: query.sort !== 'end_desc',
    rows: async (ids: string[] | SQLWrapper) =>
      (
        await withPeople(db)
          .where(inArray(subscriptions.id, ids))
          .orderBy(...ordered(query.sort))
      ).map((r) => toDeskRow(r as RawDeskRow, today)),
  });
}

/** The filter's rows in keyset pages, for the CSV export. */
export async function* renewalDeskPages(
  db: DbOrTx,
  filter: DeskFilter,
  today: string,
  pageSize = 1000,
): AsyncGenerator<RenewalDeskRow[]> {
  const base = deskCondition(db, filter, today, filter.view === 'lapsed' && (await anyPastGrace(db, today)));
  const descending = filter.sort === 'end_desc';
  let cursor: { periodEnd: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? descending
        ? sql`(${subscriptions.periodEnd}, ${subscriptions.id}) < (${cursor.periodEnd}::date, ${cursor.id}::uuid)`
        : sql`(${subscriptions.periodEnd}, ${subscriptions.id}) > (${cursor.periodEnd}::date, ${cursor.id}::uuid)`
      : undefined;
    const rows: RawDeskRow[] = await withPeople(db)
      .where(and(base, after))
      .orderBy(...ordered(filter.sort))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => toDeskRow(r, today));
    if (rows.length < pageSize) return;
    const last: RawDeskRow = rows[rows.length - 1];
    cursor = { periodEnd: last.periodEnd, id: last.id };
  }
}

/** The desk's counts: each view's size and every cancellation's reason. */
export async function renewalSummary(db: DbOrTx, today: string): Promise<RenewalSummary> {
  const countOf = async (view: DeskFilter['view'], days = 30) => {
    const [{ n }] = await db
      .select({ n: count() })
      .from(subscriptions)
      .where(deskCondition(db, { view, days, sort: 'end_asc' }, today));
    return Number(n);
  };
  const [dueIn30, inGrace, lapsed, cancelledThisMonth, openTasks, reasons] = await Promise.all([
    countOf('due'),
    countOf('grace'),
    countOf('lapsed'),
    countOf('cancelled'),
    db
      .select({ n: count() })
      .from(renewalTasks)
      .where(isNull(renewalTasks.doneOn))
      .then(([r]) => Number(r.n)),
    db
      .select({ reason: subscriptions.cancelReason, n: count() })
      .from(subscriptions)
      .where(isNotNull(subscriptions.cancelledAt))
      .groupBy(subscriptions.cancelReason),
  ]);
  const counted = new Map(reasons.map((r) => [r.reason ?? 'none', Number(r.n)]));
  return {
    dueIn30,
    inGrace,
    lapsed,
    cancelledThisMonth,
    openTasks,
    reasons: [...CANCEL_REASONS, 'none' as const].map((reason) => ({ reason, count: counted.get(reason) ?? 0 })),
  };
}

/** Operations' lapsed-agent tasks, open ones first by age, or the done ones newest first. */
export async function listRenewalTasks(db: DbOrTx, open: boolean): Promise<RenewalTask[]> {
  const rows = await db
    .select({
      id: renewalTasks.id,
      userId: renewalTasks.userId,
      customerEmail: users.email,
      customerName: columns.customerName,
      businessName: companyFormations.businessName,
      state: companyFormations.stateSelected,
      periodEnd: renewalTasks.periodEnd,
      createdAt: renewalTasks.createdAt,
      doneOn: renewalTasks.doneOn,
      note: renewalTasks.note,
    })
    .from(renewalTasks)
    .innerJoin(users, eq(users.id, renewalTasks.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, renewalTasks.userId))
    .leftJoin(companyFormations, eq(companyFormations.userId, renewalTasks.userId))
    .where(open ? isNull(renewalTasks.doneOn) : isNotNull(renewalTasks.doneOn))
    .orderBy(open ? asc(renewalTasks.createdAt) : desc(renewalTasks.doneOn), asc(renewalTasks.id))
    .limit(200);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
