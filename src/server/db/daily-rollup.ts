import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../shared/format/calendar-days';
import type { DbOrTx } from './tx';

/*
 * A daily rollup of the home (decision 0103, after 0056): a table of per-UTC-day figures that the daily run
 * writes for the finished days, and whose covered days are rows of daily_rollup_days. A panel reads the
 * covered days from the table and computes the others (today) live with the same SQL the writer stores.
 */

/** The rollups kept this way; overview_daily keeps its own marker rows (decision 0056). */
export type RollupName = 'mail' | 'bank';

/** How many finished days each run writes again, for rows that changed after their day was rolled. */
const REROLL_DAYS = 2;

/** The last day a rollup covers, or null before its first run. */
export async function rolledThrough(db: DbOrTx, rollup: RollupName): Promise<string | null> {
  const { rows } = (await db.execute(
    sql`select max(day)::text as day from daily_rollup_days where rollup = ${rollup}`,
  )) as unknown as { rows: { day: string | null }[] };
  return rows[0]?.day ?? null;
}

/**
 * Days `from`..`to` cut where the rollup ends: the part to read stored and the part to compute live
 * (either null when empty).
 */
export function splitAtRolled(
  through: string | null,
  from: string,
  to: string,
): { stored: { from: string; to: string } | null; live: { from: string; to: string } | null } {
  if (!through || through < from) return { stored: null, live: { from, to } };
  if (through >= to) return { stored: { from, to }, live: null };
  return { stored: { from, to: through }, live: { from: addDays(through, 1), to } };
}

export interface DailyRollup {
  rollup: RollupName;
  /** Its table, with a `day` column. */
  table: SQL;
  /** One row, one column `day` (text): the first day there is anything to roll, or null. */
  firstDay: SQL;
  /** `(columns) select …`: the rollup's rows for the days `from` through `to`, to insert into its table. */
  rows: (from: string, to: string) => SQL;
}

/**
 * The daily run's part (under its claim of the day, so one copy writes): stores the rollup's rows for every
 * finished day since the last covered one (the first run: since its first row), the last REROLL_DAYS again.
 * One transaction: an interrupted run leaves the previous rollup whole, and running it twice writes the same.
 */
export async function writeDailyRollup(
  db: DbOrTx,
  rollup: DailyRollup,
  today: string,
): Promise<{ from: string; to: string } | null> {
  const to = addDays(today, -1);
  const through = await rolledThrough(db, rollup.rollup);
  let from: string | null = through ? addDays(through, 1 - REROLL_DAYS) : null;
  if (!from) {
    const { rows } = (await db.execute(rollup.firstDay)) as unknown as { rows: { day: string | null }[] };
    from = rows[0]?.day ?? null;
  }
  if (!from || from > to) return null;
  const start = from;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${rollup.table} where day between ${start}::date and ${to}::date`);
    await tx.execute(sql`insert into ${rollup.table} ${rollup.rows(start, to)}`);
    await tx.execute(sql`insert into daily_rollup_days (rollup, day)
      select ${rollup.rollup}, g::date from generate_series(${start}::date, ${to}::date, interval '1 day') as g
      on conflict do nothing`);
  });
  return { from: start, to };
}
