import { type AnyColumn, count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './tx';

/**
 * A filtered admin list counts at most this many matches and then says "10,000+": counting every
 * match of a broad search over a million customers would read them all, for a number nobody pages to.
 */
export const COUNT_CAP = 10_000;

/** Below this many rows an unfiltered list counts exactly; above, PostgreSQL's own estimate serves. */
const ESTIMATE_FROM = 50_000;

export interface ListTotal {
  total: number;
  /** 'exact', 'atLeast' (the cap was reached) or 'estimate' (the planner's row count, unfiltered lists). */
  totalKind: 'exact' | 'atLeast' | 'estimate';
}

/**
 * The total of an unfiltered list: the table's row estimate that ANALYZE / autovacuum keep (instant),
 * or an exact count when the table is small or has never been analysed.
 */
export async function tableTotal(
  db: DbOrTx,
  table: PgTable,
  tableName: string,
  estimateFrom = ESTIMATE_FROM,
): Promise<ListTotal> {
  const result = (await db.execute(
    sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${tableName})`,
  )) as unknown as { rows: { n: string | number }[] };
  const estimate = Number(result.rows[0]?.n ?? 0);
  if (estimate >= estimateFrom) return { total: estimate, totalKind: 'estimate' };
  const [{ n }] = await db.select({ n: count() }).from(table);
  return { total: Number(n), totalKind: 'exact' };
}

/**
 * The total of a filtered list, counted up to COUNT_CAP + 1 rows of `matches` (a query selecting one
 * column per matching row, with its joins and where clause).
 */
export async function cappedTotal(
  db: DbOrTx,
  matches: { limit(n: number): unknown },
  cap = COUNT_CAP,
): Promise<ListTotal> {
  const limited = (matches.limit(cap + 1) as { as(alias: string): SQL & object }).as('capped');
  const [{ n }] = await db.select({ n: count() }).from(limited as never);
  const total = Number(n);
  return total > cap ? { total: cap, totalKind: 'atLeast' } : { total, totalKind: 'exact' };
}

export interface SearchedPage {
  /** The page's ids in list order (empty past the last page). */
  ids: string[];
  /** Every match, counted exactly (at most the cap). */
  total: number;
}

/**
 * A searched list's page and exact total from one pass over its matches, or null when more than `cap`
 * match (then the page must come from the ordered query and the total is "at least the cap"). A search
 * names a few hundred rows, found through trigram indexes; running that search twice, once for the
 * page and once for the count, was most of the cost of a searched admin list (decision 0031). The matches
 * are materialised once, with their sort key, and both the count and the page are read from them.
 */
export async function searchedPage(
  db: DbOrTx,
  spec: {
    table: PgTable;
    id: AnyColumn;
    sort: AnyColumn;
    ascending: boolean;
    where: SQL;
    limit: number;
    offset: number;
  },
  cap = COUNT_CAP,
): Promise<SearchedPage | null> {
  const direction = spec.ascending ? sql`asc` : sql`desc`;
  const result = (await db.execute(sql`
    with hits as materialized (
      select ${spec.id} as id, ${spec.sort} as sort_key from ${spec.table} where ${spec.where} limit ${cap + 1}
    )
    select (select count(*) from hits) as n,
           (select coalesce(json_agg(p.id order by p.sort_key ${direction}, p.id ${direction}), '[]'::json)
              from (select id, sort_key from hits order by sort_key ${direction}, id ${direction}
                    limit ${spec.limit} offset ${spec.offset}) p) as ids
  `)) as unknown as { rows: { n: string | number; ids: string[] | string }[] };
  const row = result.rows[0];
  const total = Number(row?.n ?? 0);
  if (total > cap) return null;
  const ids = typeof row?.ids === 'string' ? (JSON.parse(row.ids) as string[]) : (row?.ids ?? []);
  return { ids: ids.map(String), total };
}
