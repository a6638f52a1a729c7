import { and, type SQL, sql } from 'drizzle-orm';
import type { ProviderId } from '../../../shared/features/bank-readiness/providers.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { type DailyRollup, rolledThrough, writeDailyRollup } from '../../db/daily-rollup';
import { withinDays } from '../../db/day-range';
import { bankApplications } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { foldedReason } from './bank-applications-admin.service';

/*
 * The home bank panel's daily rollup (decision 0103): per UTC day of recording, the answers per provider
 * and outcome and a refusal's reason as the home folds it. The panel counts every answer ever recorded, so
 * it sums the whole rollup and adds the answers recorded since its last day (an index range of
 * bank_applications_created_idx).
 */

const reasonOf = sql`case when ${bankApplications.outcome} = 'refused' and ${bankApplications.reason} is not null
  then ${foldedReason} else '' end`;

/** The rollup's rows (day, provider, outcome, reason, value) for the days from..to inclusive (either open). */
function bankDailySql(from: string | null, to: string | null): SQL {
  return sql`
    select (${bankApplications.createdAt} at time zone 'UTC')::date as day, ${bankApplications.provider} as provider,
      ${bankApplications.outcome} as outcome, ${reasonOf} as reason, count(*)::bigint as value
    from ${bankApplications} where ${and(sql`true`, ...withinDays(bankApplications.createdAt, from, to))}
    group by 1, 2, 3, 4`;
}

const BANK_ROLLUP: DailyRollup = {
  rollup: 'bank',
  table: sql`bank_daily`,
  firstDay: sql`select (min(created_at) at time zone 'UTC')::date::text as day from bank_applications`,
  rows: (from, to) => sql`(day, provider, outcome, reason, value) ${bankDailySql(from, to)}`,
};

/** The daily run's part: every finished day since the last rolled one into bank_daily. */
export function writeBankRollups(db: DbOrTx, today: string) {
  return writeDailyRollup(db, BANK_ROLLUP, today);
}

/** How many refusal reasons the home lists. */
const TOP_REASONS = 5;

/**
 * Every answer recorded, per provider and outcome, and the most common refusal reasons: the rollup's days
 * and the rest live, summed in one statement.
 */
export async function bankTotals(db: DbOrTx): Promise<{
  counts: { provider: ProviderId; outcome: string; n: number }[];
  reasons: { reason: string; n: number }[];
}> {
  const through = await rolledThrough(db, 'bank');
  const days = sql`(${through ? sql`select provider, outcome, reason, value from bank_daily union all ` : sql``}
    select provider, outcome, reason, value from (${bankDailySql(through ? addDays(through, 1) : null, null)}) as l)`;
  const [counts, reasons] = await Promise.all([
    db.execute(sql`select d.provider, d.outcome, sum(d.value)::bigint as n from ${days} as d group by 1, 2`),
    db.execute(sql`select d.reason, sum(d.value)::bigint as n from ${days} as d
      where d.outcome = 'refused' and d.reason <> '' group by 1 order by 2 desc, 1 limit ${TOP_REASONS}`),
  ]);
  type Row = Record<string, string | number>;
  const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
  return {
    counts: rowsOf(counts).map((r) => ({
      provider: r.provider as ProviderId,
      outcome: String(r.outcome),
      n: Number(r.n),
    })),
    reasons: rowsOf(reasons).map((r) => ({ reason: String(r.reason), n: Number(r.n) })),
  };
}
