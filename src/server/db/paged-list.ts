import { type AnyColumn, asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListPage } from '../../shared/contracts/common';
import { COUNT_CAP, cappedTotal, searchedPage, tableTotal } from './list-total';
import type { DbOrTx } from './tx';

export interface PagedListSpec<Row> {
  table: PgTable;
  /** The table's SQL name, for its row estimate (tableTotal). */
  tableName: string;
  id: PgColumn;
  /** The filters and the search together; undefined for the whole table. */
  where: SQL | undefined;
  /** Whether `where` holds a search: a search's page and total come from one pass over its matches (decision 0031). */
  searched: boolean;
  /** The sort key and its direction; the id breaks ties the same way. */
  sort: AnyColumn;
  ascending: boolean;
  /** The rows of these ids (a list or a subquery), with their joins, in the list's order. */
  rows: (ids: string[] | SQLWrapper) => Promise<Row[]>;
  /** Where counting stops (COUNT_CAP; a test sets a small one). */
  cap?: number;
}

/**
 * One page of an admin list, read in SQL, in the one page envelope (decision 0080). The page's ids come
 * from the table alone in its index's order (a deep page then skips index entries, not joined rows),
 * then `rows` reads their details. The total is exact, capped (`atLeast`) when a filter matches more
 * than COUNT_CAP, or the planner's estimate for a large unfiltered table (decisions 0014, 0031).
 */
export async function pagedList<Row>(
  db: DbOrTx,
  query: { page: number; pageSize: number },
  spec: PagedListSpec<Row>,
): Promise<ListPage<Row>> {
  const { page, pageSize } = query;
  const cap = spec.cap ?? COUNT_CAP;
  const offset = (page - 1) * pageSize;
  const envelope = (items: Row[], total: { total: number; totalKind: ListPage<Row>['totalKind'] }) => ({
    items,
    ...total,
    page,
    pageSize,
  });
  if (spec.where && spec.searched) {
    const hit = await searchedPage(
      db,
      {
        table: spec.table,
        id: spec.id,
        sort: spec.sort,
        ascending: spec.ascending,
        where: spec.where,
        limit: pageSize,
        offset,
      },
      cap,
    );
    if (hit) return envelope(hit.ids.length ? await spec.rows(hit.ids) : [], { total: hit.total, totalKind: 'exact' });
  }
  const order = spec.ascending ? asc : desc;
  const pageIds = db
    .select({ id: spec.id })
    .from(spec.table)
    .where(spec.where)
    .orderBy(order(spec.sort), order(spec.id))
    .limit(pageSize)
    .offset(offset);
  const [items, total] = await Promise.all([
    spec.rows(pageIds),
    // A search that matched more than the cap has been counted that far by searchedPage already.
    spec.where && spec.searched
      ? ({ total: cap, totalKind: 'atLeast' } as const)
      : spec.where
        ? cappedTotal(db, db.select({ id: spec.id }).from(spec.table).where(spec.where), cap)
        : tableTotal(db, spec.table, spec.tableName),
  ]);
  return envelope(items, total);
}

/** The page with each row made into what the API sends. */
export function mapPage<Row, Item>(page: ListPage<Row>, toItem: (row: Row) => Item): ListPage<Item> {
  return { ...page, items: page.items.map(toItem) };
}

/** The envelope of a list that counted every match (a short queue, a join the kit cannot page on ids). */
export function countedPage<Row>(
  query: { page: number; pageSize: number },
  items: Row[],
  total: number,
): ListPage<Row> {
  return { items, total, totalKind: 'exact', page: query.page, pageSize: query.pageSize };
}
