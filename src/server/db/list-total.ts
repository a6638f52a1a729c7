import { count, type SQL, sql } from 'drizzle-orm';
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
