import { type SQL, sql } from 'drizzle-orm';
import type { MailSummary } from '../../../shared/features/mail/mail.contracts';
import type { DayRange } from '../../../shared/features/overview/overview.domain';
import type { DbOrTx } from '../../db/tx';
import { mailMonths, percentileOfCounts } from './mail-rollups.service';

/*
 * The operator home's mail panel (decisions 0089, 0103): letters logged in the period, the time from logging
 * to the scan (median and 90th percentile, in whole hours), and the open decisions now. The period's
 * figures come from the daily rollup and today's letters (mail-rollups.service.ts); the two "now" counts
 * from letter_counts, which triggers keep.
 */

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

function scanFigures(hours: ReadonlyMap<number, number>) {
  let scanned = 0;
  for (const n of hours.values()) scanned += n;
  return { scanned, medianHours: percentileOfCounts(hours, 0.5), p90Hours: percentileOfCounts(hours, 0.9) };
}

export async function mailSummary(db: DbOrTx, range: DayRange): Promise<MailSummary> {
  const [rows, [now]] = await Promise.all([
    mailMonths(db, range.from, range.to),
    rowsOf<{ open: number | string; to_forward: number | string }>(
      db,
      // The counts the letters' triggers keep (migration 0051): two rows, not a large state's letters.
      sql`select
        coalesce(sum(n) filter (where status = 'received' and matched), 0) as open,
        coalesce(sum(n) filter (where status = 'to_forward'), 0) as to_forward
        from letter_counts`,
    ),
  ]);
  const received = new Map<string, number>();
  const hoursByMonth = new Map<string, Map<number, number>>();
  const hoursAll = new Map<number, number>();
  for (const r of rows) {
    if (r.metric === 'received') {
      received.set(r.month, (received.get(r.month) ?? 0) + r.n);
      continue;
    }
    const month = hoursByMonth.get(r.month) ?? new Map<number, number>();
    month.set(r.hours, (month.get(r.hours) ?? 0) + r.n);
    hoursByMonth.set(r.month, month);
    hoursAll.set(r.hours, (hoursAll.get(r.hours) ?? 0) + r.n);
  }
  const months = [...new Set([...received.keys(), ...hoursByMonth.keys()])].sort();
  return {
    totals: {
      received: [...received.values()].reduce((sum, n) => sum + n, 0),
      ...scanFigures(hoursAll),
    },
    months: months.map((month) => ({
      month,
      received: received.get(month) ?? 0,
      ...scanFigures(hoursByMonth.get(month) ?? new Map()),
    })),
    openDecisions: Number(now?.open ?? 0),
    toForward: Number(now?.to_forward ?? 0),
  };
}
