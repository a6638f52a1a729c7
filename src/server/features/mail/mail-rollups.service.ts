import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { type DailyRollup, rolledThrough, splitAtRolled, writeDailyRollup } from '../../db/daily-rollup';
import { withinDays } from '../../db/day-range';
import { letters } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';

/*
 * The home mail panel's daily rollup (decision 0103): per UTC day the letters logged, and the letters
 * scanned counted per whole hour of their time to scan. A median or a 90th percentile cannot be added up
 * across days, a count per hour can: the panel reads the period's hours and takes the percentiles of them,
 * each within half an hour of the exact figure. The daily run stores the finished days in mail_daily; today
 * is the same SQL over an index range of letters.
 */

/** The time from logging to the scan, rounded to the nearest hour: the rollup's one unit. */
const scanHours = sql`floor(extract(epoch from (${letters.scannedAt} - ${letters.createdAt})) / 3600 + 0.5)::int`;
const dayOf = (column: AnyColumn) => sql`(${column} at time zone 'UTC')::date`;

/** The rollup's rows (day, metric, hours, value) for the days from..to inclusive, from the letters. */
function mailDailySql(from: string, to: string): SQL {
  return sql`
    select ${dayOf(letters.createdAt)} as day, 'received'::text as metric, 0 as hours, count(*)::bigint as value
    from ${letters} where ${and(...withinDays(letters.createdAt, from, to))}
    group by 1
    union all
    select ${dayOf(letters.scannedAt)}, 'scanned'::text, ${scanHours}, count(*)::bigint
    from ${letters} where ${and(...withinDays(letters.scannedAt, from, to))}
    group by 1, 3`;
}

const MAIL_ROLLUP: DailyRollup = {
  rollup: 'mail',
  table: sql`mail_daily`,
  firstDay: sql`select (min(created_at) at time zone 'UTC')::date::text as day from letters`,
  rows: (from, to) => sql`(day, metric, hours, value) ${mailDailySql(from, to)}`,
};

/** The daily run's part: every finished day since the last rolled one into mail_daily. */
export function writeMailRollups(db: DbOrTx, today: string) {
  return writeDailyRollup(db, MAIL_ROLLUP, today);
}

export interface MailMonthRow {
  month: string;
  metric: 'received' | 'scanned';
  hours: number;
  n: number;
}

/**
 * The period's figures per month: the letters logged, and the scans per hour of time to scan. The rolled
 * days from mail_daily, the rest (today) live; one statement either way.
 */
export async function mailMonths(db: DbOrTx, from: string, to: string): Promise<MailMonthRow[]> {
  const { stored, live } = splitAtRolled(await rolledThrough(db, 'mail'), from, to);
  const parts: SQL[] = [];
  if (stored)
    parts.push(sql`select day, metric, hours, value from mail_daily
      where day between ${stored.from}::date and ${stored.to}::date`);
  if (live) parts.push(mailDailySql(live.from, live.to));
  const { rows } = (await db.execute(sql`
    select to_char(d.day, 'YYYY-MM') as month, d.metric, d.hours, sum(d.value)::bigint as n
    from (${sql.join(parts, sql` union all `)}) as d
    group by 1, 2, 3`)) as unknown as { rows: { month: string; metric: string; hours: number; n: string | number }[] };
  return rows.map((r) => ({
    month: r.month,
    metric: r.metric as MailMonthRow['metric'],
    hours: Number(r.hours),
    n: Number(r.n),
  }));
}

/**
 * PostgreSQL's percentile_cont(p) of a multiset given as (value, count): the same interpolation between the
 * two values around rank p·(n−1), so the rollup's figure equals percentile_cont over the rounded hours.
 */
export function percentileOfCounts(counts: ReadonlyMap<number, number>, p: number): number | null {
  const sorted = [...counts].filter(([, c]) => c > 0).sort(([a], [b]) => a - b);
  const n = sorted.reduce((sum, [, c]) => sum + c, 0);
  if (n === 0) return null;
  const at = (rank: number) => {
    let seen = 0;
    for (const [value, c] of sorted) {
      seen += c;
      if (rank < seen) return value;
    }
    return sorted[sorted.length - 1]![0];
  };
  const pos = p * (n - 1);
  const first = at(Math.floor(pos));
  const second = at(Math.ceil(pos));
  return first + (second - first) * (pos - Math.floor(pos));
}
