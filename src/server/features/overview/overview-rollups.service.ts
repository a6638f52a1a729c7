import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/format/calendar-days';
import { calendarDateOfUtc } from '../../../shared/format/dates';
import type { DbOrTx } from '../../db/tx';

/*
 * The home's counted figures (decision 0056): sign-ups, onboarding, formations, EINs, first payments and
 * revenue per UTC day and attribution. One SQL builds them from the rows; the daily run stores its
 * answer for the finished days in overview_daily, and the home reads those and asks the same SQL live
 * for the days not rolled yet (today). A test proves the stored days equal a recomputation.
 */

export const DAILY_METRICS = [
  'signups',
  'onboarding',
  'formationsStarted',
  'formationsCompleted',
  'einsIssued',
  'firstPayment',
  'revenue',
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

/** The marker row of a day the daily run covered (whatever it found that day). */
const ROLLED = 'rolled';

const lo = (day: string) => sql`((${day}::date)::timestamp at time zone 'UTC')`;
const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

/** Paid, and paid through Stripe: the local TEST MODE checkout's orders are never money. */
const LIVE_PAID = sql`o.status = 'paid' and o.provider = 'stripe' and o.paid_at is not null`;

/**
 * Every metric's rows for the days from `from` up to (not including) `until`:
 * (day, metric, source, link, item, value, cents), attribution from user_profiles.
 */
export function dailyMetricsSql(from: string, until: string): SQL {
  const a = lo(from);
  const b = lo(until);
  const attribution = sql`coalesce(p.utm_source, '') as source, coalesce(p.short_link_slug, '') as link`;
  const stage = (metric: string, kind: string, stageName: string) => sql`
    select ${dayOf(sql`h.reached_at`)} as day, ${metric}::text as metric, ${attribution}, ''::text as item,
      count(*)::bigint as value, 0::bigint as cents
    from stage_history h left join user_profiles p on p.id = h.user_id
    where h.kind = ${kind} and h.stage = ${stageName} and h.reached_at >= ${a} and h.reached_at < ${b}
    group by 1, 3, 4`;
  return sql`
    select ${dayOf(sql`u.created_at`)} as day, 'signups'::text as metric, ${attribution}, ''::text as item,
      count(*)::bigint as value, 0::bigint as cents
    from users u left join user_profiles p on p.id = u.id
    where u.role = 'customer' and u.created_at >= ${a} and u.created_at < ${b}
    group by 1, 3, 4
    union all
    select ${dayOf(sql`f.created_at`)}, 'onboarding', ${attribution}, '', count(*), 0
    from company_formations f left join user_profiles p on p.id = f.user_id
    where f.created_at >= ${a} and f.created_at < ${b}
    group by 1, 3, 4
    union all
    select ${dayOf(sql`o.paid_at`)}, 'formationsStarted', ${attribution}, '', count(distinct o.user_id), 0
    from orders o left join user_profiles p on p.id = o.user_id
    where o.kind = 'formation_package' and ${LIVE_PAID} and o.paid_at >= ${a} and o.paid_at < ${b}
    group by 1, 3, 4
    union all ${stage('formationsCompleted', 'formation', 'formation_completed')}
    union all ${stage('einsIssued', 'ein', 'ein_issued')}
    union all
    select ${dayOf(sql`o.paid_at`)}, 'firstPayment', ${attribution}, '', count(*), 0
    from orders o left join user_profiles p on p.id = o.user_id
    where ${LIVE_PAID} and o.paid_at >= ${a} and o.paid_at < ${b}
      and not exists (select 1 from orders e where e.user_id = o.user_id and e.status = 'paid'
        and e.provider = 'stripe' and (e.paid_at < o.paid_at or (e.paid_at = o.paid_at and e.id < o.id)))
    group by 1, 3, 4
    union all
    -- Renewals hook (decision 0055): once orders can be renewals, count them under a 'renewals' metric
    -- here, leave them out of 'revenue', and moneyPanel fills its renewals figure from that metric.
    select ${dayOf(sql`o.paid_at`)}, 'revenue', ${attribution}, coalesce(o.package_id, o.service_id::text, ''),
      count(*), sum(o.amount_cents)::bigint
    from orders o left join user_profiles p on p.id = o.user_id
    where ${LIVE_PAID} and o.paid_at >= ${a} and o.paid_at < ${b}
    group by 1, 3, 4, 5`;
}

export interface DailyRow {
  day: string;
  metric: DailyMetric;
  item: string;
  value: number;
  cents: number;
}

export interface DailyFilter {
  source?: string;
  link?: string;
}

function filterSql(filter: DailyFilter): SQL {
  const parts: SQL[] = [];
  if (filter.source !== undefined) parts.push(sql` and d.source = ${filter.source}`);
  if (filter.link !== undefined) parts.push(sql` and d.link = ${filter.link}`);
  return sql.join(parts, sql``);
}

function rowsOf(result: { rows: unknown[] }): DailyRow[] {
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    day: typeof r.day === 'string' ? r.day.slice(0, 10) : calendarDateOfUtc(r.day as Date),
    metric: r.metric as DailyMetric,
    item: String(r.item ?? ''),
    value: Number(r.value),
    cents: Number(r.cents),
  }));
}

/** The last day the daily run covered, or null before its first run. */
export async function rolledThrough(db: DbOrTx): Promise<string | null> {
  const { rows } = (await db.execute(
    sql`select max(day)::text as day from overview_daily where metric = ${ROLLED}`,
  )) as unknown as { rows: { day: string | null }[] };
  return rows[0]?.day ?? null;
}

/** The metrics from the rows themselves, for days from..to inclusive: what the rollups must equal. */
export async function liveDaily(
  db: DbOrTx,
  from: string,
  to: string,
  metrics: readonly DailyMetric[],
  filter: DailyFilter = {},
): Promise<DailyRow[]> {
  if (from > to) return [];
  const result = await db.execute(sql`
    select d.day::text as day, d.metric, d.item, sum(d.value)::bigint as value, sum(d.cents)::bigint as cents
    from (${dailyMetricsSql(from, addDays(to, 1))}) as d
    where d.metric in (${sql.join(
      metrics.map((m) => sql`${m}`),
      sql`, `,
    )})${filterSql(filter)}
    group by 1, 2, 3`);
  return rowsOf(result as unknown as { rows: unknown[] });
}

/** The metrics as stored by the daily run, for days from..to inclusive. */
export async function storedDaily(
  db: DbOrTx,
  from: string,
  to: string,
  metrics: readonly DailyMetric[],
  filter: DailyFilter = {},
): Promise<DailyRow[]> {
  if (from > to) return [];
  const result = await db.execute(sql`
    select d.day::text as day, d.metric, d.item, sum(d.value)::bigint as value, sum(d.cents)::bigint as cents
    from overview_daily d
    where d.metric in (${sql.join(
      metrics.map((m) => sql`${m}`),
      sql`, `,
    )}) and d.day between ${from}::date and ${to}::date${filterSql(filter)}
    group by 1, 2, 3`);
  return rowsOf(result as unknown as { rows: unknown[] });
}

/** The home's read: the rolled days from overview_daily, the rest (today, or all before a first run) live. */
export async function readDaily(
  db: DbOrTx,
  from: string,
  to: string,
  metrics: readonly DailyMetric[],
  filter: DailyFilter = {},
): Promise<DailyRow[]> {
  const through = await rolledThrough(db);
  if (!through || through < from) return liveDaily(db, from, to, metrics, filter);
  const storedTo = through < to ? through : to;
  const [stored, live] = await Promise.all([
    storedDaily(db, from, storedTo, metrics, filter),
    liveDaily(db, addDays(storedTo, 1), to, metrics, filter),
  ]);
  return [...stored, ...live];
}

/** How many finished days each run writes again, for rows that changed after their day was rolled. */
const REROLL_DAYS = 2;

/**
 * The daily run's part (called under its claim of the day, so one copy writes): stores the metrics of
 * every finished day since the last rolled one (the first run: since the first sign-up), the last
 * REROLL_DAYS again. One transaction: an interrupted run leaves the previous rollups whole, and running
 * it twice writes the same rows.
 */
export async function writeOverviewRollups(db: DbOrTx, today: string): Promise<{ from: string; to: string } | null> {
  const to = addDays(today, -1);
  const through = await rolledThrough(db);
  let from: string | null = through ? addDays(through, 1 - REROLL_DAYS) : null;
  if (!from) {
    const { rows } = (await db.execute(
      sql`select (min(created_at) at time zone 'UTC')::date::text as day from users`,
    )) as unknown as { rows: { day: string | null }[] };
    from = rows[0]?.day ?? null;
  }
  if (!from || from > to) return null;
  const start = from;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from overview_daily where day between ${start}::date and ${to}::date`);
    await tx.execute(sql`insert into overview_daily (day, metric, source, link, item, value, cents)
      select day, metric, source, link, item, value, cents from (${dailyMetricsSql(start, addDays(to, 1))}) as d`);
    await tx.execute(sql`insert into overview_daily (day, metric, value)
      select g::date, ${ROLLED}, 1 from generate_series(${start}::date, ${to}::date, interval '1 day') as g`);
  });
  return { from: start, to };
}
