import { and, asc, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { isUuid } from '../../../shared/domain/ids';
import type { FormationStatus } from '../../../shared/features/formations/formation.domain';
import type {
  adminFormationFilterSchema,
  adminFormationListQuerySchema,
} from '../../../shared/features/formations/formations-admin.schemas';
import type { OrderFlag } from '../../../shared/features/payments/orders.domain';
import { attributedTo } from '../../db/attribution';
import { withinDays } from '../../db/day-range';
import { COUNT_CAP } from '../../db/list-total';
import { pagedList } from '../../db/paged-list';
import {
  companyFormations,
  einApplications,
  formationServiceRequests,
  orders as ordersTable,
  userProfiles,
  users,
} from '../../db/schema';
import { foldedContains } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import { notifyStageChange } from '../timeline';
import { changeFormationStatus, type FormationRow } from './formations.service';

export type AdminFormationFilter = z.output<typeof adminFormationFilterSchema>;
export type AdminFormationListQuery = z.output<typeof adminFormationListQuerySchema>;

/** The name staff see (as on the users page): the profile's display name, else the sign-up name. */
const customerName = sql<
  string | null
>`coalesce(nullif(${userProfiles.displayName}, ''), nullif(${users.name}, ''))`.as('customer_name');

const rowColumns = {
  id: companyFormations.id,
  userId: companyFormations.userId,
  customerEmail: users.email,
  customerName,
  businessName: companyFormations.businessName,
  stateSelected: companyFormations.stateSelected,
  formationStatus: companyFormations.formationStatus,
  paymentStatus: companyFormations.paymentStatus,
  preference: companyFormations.companyFormationPreference,
  createdAt: companyFormations.createdAt,
  updatedAt: companyFormations.updatedAt,
  formedOn: companyFormations.formedOn,
  stateFileNumber: companyFormations.stateFileNumber,
  einId: einApplications.id,
  einStatus: einApplications.einStatus,
  ...purchaseColumns(),
};

/**
 * Decision 0032: the package and address staff deliver are the paid order's that bought the turnkey
 * request, never the draft's; and the newest flag among the customer's paid orders that did not buy it.
 * A page's (or an export page's) rows only: a correlated lookup each, by primary key and by
 * orders_user_idx.
 */
function purchaseColumns() {
  const paidOrderOf = sql`(select r.paid_order_id from ${formationServiceRequests} r where r.user_id = ${companyFormations.userId})`;
  return {
    purchasedPackage: sql<string | null>`(select o.package_id from ${ordersTable} o where o.id = ${paidOrderOf})`.as(
      'purchased_package',
    ),
    purchasedAddress: sql<
      string | null
    >`(select o.address_option from ${ordersTable} o where o.id = ${paidOrderOf})`.as('purchased_address'),
    // TEST MODE (the local checkout): marked wherever staff see the purchase, and never revenue.
    purchasedTestMode: sql<
      boolean | null
    >`(select o.provider = 'local' from ${ordersTable} o where o.id = ${paidOrderOf})`.as('purchased_test_mode'),
    orderFlag: sql<OrderFlag | null>`(select o.flag from ${ordersTable} o where o.user_id = ${companyFormations.userId}
      and o.flag is not null order by o.updated_at desc, o.id desc limit 1)`.as('order_flag'),
  };
}

function rowQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(companyFormations)
    .innerJoin(users, eq(users.id, companyFormations.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, companyFormations.userId))
    .leftJoin(einApplications, eq(einApplications.userId, companyFormations.userId));
}

export type AdminFormationRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

/**
 * The search as one semi-join on the customer's id (company_formations.user_id is unique, so a
 * customer is a formation) over a UNION with one branch per table searched, each answered by its own
 * index: the trigram indexes over fold_tr(col) of migrations 0004 and 0007, the primary keys. An OR
 * over columns of three joined tables, or an OR beside the IN, could not: the planner would have to
 * join, scan and filter every formation.
 */
function searchCondition(db: DbOrTx, q: string): SQL {
  const search = alias(companyFormations, 'search_f');
  const branches = [
    db
      .select({ id: users.id })
      .from(users)
      .where(foldedContains([users.email, users.name], q)),
    db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(foldedContains([userProfiles.displayName], q)),
    db
      .select({ id: search.userId })
      .from(search)
      .where(
        or(
          foldedContains([search.businessName, search.stateSelected], q),
          // An id matches exactly: the formation's (a UUID) or its customer's.
          isUuid(q) ? sql`${search.id} = ${q}` : undefined,
        ),
      ),
    db.select({ id: users.id }).from(users).where(eq(users.id, q)),
  ];
  const [first, ...rest] = branches;
  // union, not union all: a customer found twice is still one.
  const union = rest.reduce<SQL>((acc, branch) => sql`${acc} union ${branch}`, sql`${first}`);
  return sql`${companyFormations.userId} in (${union})`;
}

/** Every filter of the list and the export, in SQL. */
export function filterCondition(db: DbOrTx, filter: AdminFormationFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status && filter.status !== 'all') conditions.push(eq(companyFormations.formationStatus, filter.status));
  if (filter.paymentStatus) conditions.push(eq(companyFormations.paymentStatus, filter.paymentStatus));
  if (filter.q) conditions.push(searchCondition(db, filter.q));
  conditions.push(...withinDays(companyFormations.createdAt, filter.createdFrom, filter.createdTo));
  conditions.push(...withinDays(companyFormations.stageReachedAt, filter.reachedFrom, filter.reachedTo));
  conditions.push(...attributedTo(companyFormations.userId, filter));
  return conditions.length ? and(...conditions) : undefined;
}

function sortOf(sort: AdminFormationFilter['sort']) {
  const column = sort.startsWith('updated') ? companyFormations.updatedAt : companyFormations.createdAt;
  const ascending = sort.endsWith('_asc');
  return { column, ascending };
}

export { COUNT_CAP };

/**
 * One page of formations, filtered, searched and sorted in SQL, with the id as tie-breaker so pages
 * neither repeat nor skip rows with the same date. The page's ids are found on company_formations
 * alone (its sort indexes), and only those rows are joined with the customer and the EIN application,
 * so a deep page does not join every row it skips. The total is counted like every admin list's
 * (db/paged-list.ts, decision 0080).
 */
export function listFormations(db: DbOrTx, query: AdminFormationListQuery) {
  const { column, ascending } = sortOf(query.sort);
  const order = ascending ? asc : desc;
  return pagedList(db, query, {
    table: companyFormations,
    tableName: 'company_formations',
    id: companyFormations.id,
    where: filterCondition(db, query),
    searched: Boolean(query.q),
    sort: column,
    ascending,
    rows: (ids: string[] | SQLWrapper) =>
      rowQuery(db).where(inArray(companyFormations.id, ids)).orderBy(order(column), order(companyFormations.id)),
  });
}

export async function findFormationRow(db: DbOrTx, id: string): Promise<AdminFormationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await rowQuery(db).where(eq(companyFormations.id, id)).limit(1);
  return row ?? null;
}

export interface ExportRow {
  businessName: string | null;
  formationStatus: FormationStatus;
  stateSelected: string | null;
  paymentStatus: 'pending' | 'paid' | 'failed';
  createdAt: Date;
  updatedAt: Date;
  purchasedPackage: string | null;
  purchasedAddress: string | null;
  purchasedTestMode: boolean | null;
  orderFlag: OrderFlag | null;
}

/**
 * The filter's rows in keyset pages of `pageSize`: each page starts after the last (sort date, id) of
 * the one before, so a deep page costs what the first does and memory holds one page at a time. The
 * sort date travels as PostgreSQL's own text (microseconds), not a JS Date (milliseconds), which would
 * repeat or skip rows whose dates differ below a millisecond.
 */
export async function* exportPages(
  db: DbOrTx,
  filter: AdminFormationFilter,
  pageSize = 1000,
): AsyncGenerator<ExportRow[]> {
  const { column, ascending } = sortOf(filter.sort);
  const order = ascending ? asc : desc;
  const base = filterCondition(db, filter);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? ascending
        ? sql`(${column}, ${companyFormations.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : sql`(${column}, ${companyFormations.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const page: Array<ExportRow & { id: string; sortKey: string }> = await db
      .select({
        id: companyFormations.id,
        sortKey: sql<string>`${column}::text`,
        businessName: companyFormations.businessName,
        formationStatus: companyFormations.formationStatus,
        stateSelected: companyFormations.stateSelected,
        paymentStatus: companyFormations.paymentStatus,
        createdAt: companyFormations.createdAt,
        updatedAt: companyFormations.updatedAt,
        ...purchaseColumns(),
      })
      .from(companyFormations)
      .where(and(base, after))
      .orderBy(order(column), order(companyFormations.id))
      .limit(pageSize);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1] as { id: string; sortKey: string };
    cursor = { at: last.sortKey, id: last.id };
  }
}

export interface AdminActor {
  id: string;
}

/**
 * product.md#formation-states: an admin sets any formation_status. The row is locked, the change and its audit row
 * ('formation.status_changed', before/after) and the customer's stage mail commit together; setting
 * the status it already has changes nothing, records nothing and sends nothing.
 */
export async function setFormationStatus(
  deps: AppDeps,
  admin: AdminActor,
  id: string,
  to: FormationStatus,
): Promise<FormationRow> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  const saved = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(companyFormations).where(eq(companyFormations.id, id)).limit(1).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.formationStatus === to) return row;
    const updated = await changeFormationStatus(tx, {
      formationId: id,
      from: row.formationStatus,
      to,
      actor: 'admin',
      actorId: admin.id,
      actorRole: 'admin',
    });
    // Decision 0015: every formation_status change mails the customer once, queued in this transaction.
    await notifyStageChange(deps, tx, { userId: updated.userId, kind: 'formation', from: row.formationStatus, to });
    return updated;
  });
  // The stage mail was queued with the change; send it now rather than at the worker's next round.
  deps.mailer.kick();
  return saved;
}
