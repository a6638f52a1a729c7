import { type SQL, sql } from 'drizzle-orm';
import type { MailSummary } from '../../../shared/features/mail/mail.contracts';
import type { DayRange } from '../../../shared/features/overview/overview.domain';
import { addDays } from '../../../shared/format/calendar-days';
import type { DbOrTx } from '../../db/tx';

/*
 * The operator home's mail panel (decision 0089): letters logged in the period, the time from logging to
 * the scan (median and 90th percentile, as the care panel's reply times), and the open decisions now.
 * Each figure reads one index range: letters_created_idx, letters_scanned_at_idx, letters_status_created_idx.
 */

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const lo = (day: string) => sql`((${day}::date)::timestamp at time zone 'UTC')`;
const month = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

export async function mailSummary(db: DbOrTx, range: DayRange): Promise<MailSummary> {
  const from = lo(range.from);
  const until = lo(addDays(range.to, 1));
  type Received = { month: string; n: number | string };
  type Scanned = { month: string; n: number | string; median: number | null; p90: number | null };
  const scanned = (group: SQL) => sql`
    select ${group} count(*) as n,
      percentile_cont(0.5) within group (order by s.hours) as median,
      percentile_cont(0.9) within group (order by s.hours) as p90
    from (
      select ${month(sql`scanned_at`)} as month, extract(epoch from (scanned_at - created_at)) / 3600 as hours
      from letters where scanned_at >= ${from} and scanned_at < ${until}
    ) as s`;
  const [received, scannedMonths, [scannedTotal], [now]] = await Promise.all([
    rowsOf<Received>(
      db,
      sql`select ${month(sql`created_at`)} as month, count(*) as n from letters
        where created_at >= ${from} and created_at < ${until} group by 1`,
    ),
    rowsOf<Scanned>(db, sql`${scanned(sql`s.month,`)} group by s.month`),
    rowsOf<Omit<Scanned, 'month'>>(db, scanned(sql``)),
    rowsOf<{ open: number | string; to_forward: number | string }>(
      db,
      sql`select
        (select count(*) from letters where status = 'received' and user_id is not null) as open,
        (select count(*) from letters where status = 'to_forward') as to_forward`,
    ),
  ]);
  const months = [...new Set([...received.map((r) => r.month), ...scannedMonths.map((r) => r.month)])].sort();
  return {
    totals: {
      received: received.reduce((sum, r) => sum + Number(r.n), 0),
      scanned: Number(scannedTotal?.n ?? 0),
      medianHours: num(scannedTotal?.median),
      p90Hours: num(scannedTotal?.p90),
    },
    months: months.map((m) => {
      const s = scannedMonths.find((r) => r.month === m);
      return {
        month: m,
        received: Number(received.find((r) => r.month === m)?.n ?? 0),
        scanned: Number(s?.n ?? 0),
        medianHours: num(s?.median),
        p90Hours: num(s?.p90),
      };
    }),
    openDecisions: Number(now?.open ?? 0),
    toForward: Number(now?.to_forward ?? 0),
  };
}
