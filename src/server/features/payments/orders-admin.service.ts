import { and, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '../../../shared/domain/ids';
import type {
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
} from '../../../shared/features/payments/orders-admin.contracts';
import { attributedTo } from '../../db/attribution';
import { withinDays } from '../../db/day-range';
import { pagedList } from '../../db/paged-list';
import { orders, userProfiles, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { customerMatches } from '../users';

type OrderFilter = Omit<z.output<typeof adminOrderListQuerySchema>, 'page' | 'pageSize'>;
export type AdminOrderExportQuery = z.output<typeof adminOrderExportQuerySchema>;

const customerName = sql<string | null>`coalesce(nullif(${userProfiles.displayName}, ''), nullif(${users.name}, ''))`;

const rowColumns = {
  id: orders.id,
  userId: orders.userId,
  customerEmail: users.email,
  customerName,
  kind: orders.kind,
  serviceId: orders.serviceId,
  packageId: orders.packageId,
  title: orders.title,
  titleEn: orders.titleEn,
  amountCents: orders.amountCents,
  currency: orders.currency,
  status: orders.status,
  provider: orders.provider,
  flag: orders.flag,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

function rowQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, orders.userId));
}

export type AdminOrderRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

/**
 * The filter as one condition on orders alone, so each filter walks its own (column, created_at, id)
 * index of migration 0015 newest first. The customer search is a semi-join on the accounts that
 * match (their email, names, or id), through the users list's trigram indexes.
 */
function filterCondition(db: DbOrTx, filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.service) {
    conditions.push(
      isUuid(filter.service) ? eq(orders.serviceId, filter.service) : eq(orders.packageId, filter.service),
    );
  }
  if (filter.mode) conditions.push(eq(orders.provider, filter.mode === 'test' ? 'local' : 'stripe'));
  // The days paid: an index range of orders' paid_at (UTC days, both included).
  if (filter.kind) conditions.push(eq(orders.kind, filter.kind));
  conditions.push(...withinDays(orders.paidAt, filter.paidFrom, filter.paidTo));
  // The funnel's "first payment" (overview-rollups.service.ts): paid live, and no earlier live payment.
  if (filter.first)
    conditions.push(sql`${orders.status} = 'paid' and ${orders.provider} = 'stripe' and not exists (
      select 1 from orders e where e.user_id = ${orders.userId} and e.status = 'paid' and e.provider = 'stripe'
        and (e.paid_at < ${orders.paidAt} or (e.paid_at = ${orders.paidAt} and e.id < ${orders.id})))`);
  conditions.push(...attributedTo(orders.userId, filter));
  if (filter.q) conditions.push(customerMatches(db, orders.userId, filter.q));
  return conditions.length ? and(...conditions) : undefined;
}

/** Every order, newest first, paged in SQL, with an exact, capped or estimated total. */
export function listAllOrders(db: DbOrTx, query: z.output<typeof adminOrderListQuerySchema>) {
  return pagedList(db, query, {
    table: orders,
    tableName: 'orders',
    id: orders.id,
    where: filterCondition(db, query),
    searched: Boolean(query.q),
    sort: orders.createdAt,
    ascending: false,
    rows: (ids: string[] | SQLWrapper) =>
      rowQuery(db).where(inArray(orders.id, ids)).orderBy(desc(orders.createdAt), desc(orders.id)),
  });
}

/**
 * The filter's rows in keyset pages, newest first: each page starts after the last (created_at, id)
 * of the one before, so memory holds one page whatever the number of orders. The date travels as
 * PostgreSQL's text (microseconds), which a JS Date (milliseconds) would round.
 */
export async function* exportOrderPages(
  db: DbOrTx,
  filter: OrderFilter,
  pageSize = 1000,
): AsyncGenerator<AdminOrderRow[]> {
  const base = filterCondition(db, filter);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const page: Array<AdminOrderRow & { sortKey: string }> = await db
      .select({ ...rowColumns, sortKey: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(userProfiles, eq(userProfiles.id, orders.userId))
      .where(and(base, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1] as AdminOrderRow & { sortKey: string };
    cursor = { at: last.sortKey, id: last.id };
  }
}
