import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/**
 * Row counts of every table in the public schema, in one statement, so a test can say "this request
 * wrote nothing" without knowing which tables the route might touch.
 */
export async function tableCounter(db: Db): Promise<() => Promise<Record<string, number>>> {
  const { rows } = (await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
    rows: { table_name: string }[];
  };
  const names = rows.map((r) => r.table_name);
  const select = sql.raw(`select ${names.map((n) => `(select count(*) from "${n}")::int as "${n}"`).join(', ')}`);
  return async () => {
    const result = (await db.execute(select)) as unknown as { rows: Record<string, number>[] };
    return { ...result.rows[0] };
  };
}

/** The tables whose count differs between two snapshots, except `ignore`. */
export function changedTables(
  before: Record<string, number>,
  after: Record<string, number>,
  ignore: ReadonlySet<string> = new Set(),
): string[] {
  return Object.keys(after)
    .filter((k) => !ignore.has(k) && after[k] !== before[k])
    .map((k) => `${k} ${before[k]}→${after[k]}`);
}
