import { type SQL, sql } from 'drizzle-orm';
import { EIN_STATUSES, type EinStatus } from '../../../shared/features/ein/ein.domain';
import { EIN_FOLLOW_UP_STATUS } from '../../../shared/features/ein/ein-follow-ups.domain';
import {
  chooseExpectedWait,
  type StageStats,
  waitUpperDays,
} from '../../../shared/features/formations/stage-waits.domain';
import type {
  GrowthFigures,
  OverviewCare,
  OverviewDeadlines,
  OverviewFunnel,
  OverviewGrowth,
  OverviewIrs,
  OverviewMoney,
} from '../../../shared/features/overview/overview.contracts';
import {
  DAY_RANGE_DEFAULT,
  type DayRange,
  DEADLINE_WINDOW_DAYS,
  MAX_RANGE_DAYS,
  monthOf,
  monthsIn,
  previousRange,
  weekStart,
  weeksIn,
} from '../../../shared/features/overview/overview.domain';
import { addDays, daysBetween } from '../../../shared/format/calendar-days';
import { einApplications } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { openItemsByDay, overdueItemsSql } from '../compliance';
import { overdueCondition, overdueCutoff } from '../ein';
import { waitingOverCondition } from '../support';
import { stageStats } from '../timeline';
import {
  type DailyFilter,
  type DailyMetric,
  type DailyRow,
  readDaily,
  rolledThrough,
} from './overview-rollups.service';

/*
 * The home's panels (decision 0055). Counted figures come from the daily rollups plus today live
 * (overview-rollups.service.ts); the percentiles and the "now" figures are SQL aggregates over indexed
 * ranges.
 */

/**
 * The asked range, a missing end filled in (this month so far). The schema refuses a reversed or too
 * long range given whole; one given by a single end is kept inside the same bounds here.
 */
export function resolveRange(query: { from?: string; to?: string }, today: string): DayRange {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  let from = query.from ?? DAY_RANGE_DEFAULT(to);
  if (from > to) from = to;
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) from = addDays(to, 1 - MAX_RANGE_DAYS);
  return { from, to };
}

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const lo = (day: string) => sql`((${day}::date)::timestamp at time zone 'UTC')`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const GROWTH_METRICS = ['signups', 'onboarding', 'formationsStarted', 'formationsCompleted', 'einsIssued'] as const;
/** Every rolled metric, for the test comparing rollups with a recomputation. */
export const GROWTH_METRICS_FOR_TEST: readonly DailyMetric[] = [...GROWTH_METRICS, 'firstPayment', 'revenue'];

function emptyGrowth(): GrowthFigures {
  return { signups: 0, onboarding: 0, formationsStarted: 0, formationsCompleted: 0, einsIssued: 0 };
}

function sumGrowth(rows: readonly DailyRow[]): GrowthFigures {
  const totals = emptyGrowth();
  for (const r of rows) if (r.metric in totals) totals[r.metric as keyof GrowthFigures] += r.value;
  return totals;
}

export async function growthPanel(db: DbOrTx, range: DayRange): Promise<OverviewGrowth> {
  const previous = previousRange(range);
  const [rows, before] = await Promise.all([
    readDaily(db, range.from, range.to, GROWTH_METRICS),
    readDaily(db, previous.from, previous.to, GROWTH_METRICS),
  ]);
  const weeks = new Map(weeksIn(range).map((w) => [w, emptyGrowth()]));
  for (const r of rows) {
    const week = weeks.get(weekStart(r.day));
    if (week && r.metric in week) week[r.metric as keyof GrowthFigures] += r.value;
  }
  return {
    range,
    previous,
    weeks: [...weeks].map(([week, figures]) => ({ week, ...figures })),
    totals: sumGrowth(rows),
    previousTotals: sumGrowth(before),
  };
}

const FUNNEL_METRICS: Record<Exclude<OverviewFunnel['steps'][number]['step'], 'visits'>, DailyMetric> = {
  signups: 'signups',
  onboarding: 'onboarding',
  firstPayment: 'firstPayment',
  einIssued: 'einsIssued',
};

export async function funnelPanel(
  db: DbOrTx,
  range: DayRange,
  filter: { link?: string; utm?: string },
): Promise<OverviewFunnel> {
  const previous = previousRange(range);
  const daily: DailyFilter = { source: filter.utm, link: filter.link };
  const metrics = Object.values(FUNNEL_METRICS);
  const visitsWhere: SQL[] = [];
  if (filter.link) visitsWhere.push(sql`slug = ${filter.link}`);
  if (filter.utm) visitsWhere.push(sql`utm_source = ${filter.utm}`);
  const [rows, before, [visits], links, sources] = await Promise.all([
    readDaily(db, range.from, range.to, metrics, daily),
    readDaily(db, previous.from, previous.to, metrics, daily),
    rowsOf<{ n: number | string | null }>(
      db,
      sql`select coalesce(sum(click_count), 0)::bigint as n from short_links
        ${visitsWhere.length ? sql`where ${sql.join(visitsWhere, sql` and `)}` : sql``}`,
    ),
    rowsOf<{ slug: string }>(db, sql`select slug from short_links order by click_count desc, slug limit 200`),
    // The sources: those of the rolled days, and of the sign-ups since (an index range of users).
    rolledThrough(db).then((through) =>
      rowsOf<{ source: string }>(
        db,
        sql`select source from overview_daily where metric = 'signups' and source <> '' group by source
          union select p.utm_source from users u join user_profiles p on p.id = u.id
            where u.created_at >= ${lo(through ? addDays(through, 1) : '1970-01-01')} and p.utm_source is not null
          order by 1 limit 200`,
      ),
    ),
  ]);
  const total = (list: readonly DailyRow[], metric: DailyMetric) =>
    list.filter((r) => r.metric === metric).reduce((n, r) => n + r.value, 0);
  const visitCount = Number(visits?.n ?? 0);
  return {
    range,
    previous,
    link: filter.link ?? null,
    utm: filter.utm ?? null,
    steps: [
      // The links count visits since each was made: the same figure beside either period.
      { step: 'visits', count: visitCount, previous: visitCount },
      ...Object.entries(FUNNEL_METRICS).map(([step, metric]) => ({
        step: step as keyof typeof FUNNEL_METRICS,
        count: total(rows, metric),
        previous: total(before, metric),
      })),
    ],
    links: links.map((l) => l.slug),
    sources: sources.map((s) => s.source),
  };
}

export async function moneyPanel(db: DbOrTx, range: DayRange): Promise<OverviewMoney> {
  const previous = previousRange(range);
  const [rows, before, services] = await Promise.all([
    readDaily(db, range.from, range.to, ['revenue']),
    readDaily(db, previous.from, previous.to, ['revenue']),
    rowsOf<{ id: string; title: string; title_en: string | null }>(
      db,
      sql`select id::text, title, title_en from services`,
    ),
  ]);
  const titles = new Map(services.map((s) => [s.id, s]));
  const byKey = new Map<string, OverviewMoney['rows'][number]>();
  for (const r of rows) {
    const month = monthOf(r.day);
    const key = `${month} ${r.item}`;
    const service = titles.get(r.item);
    const row = byKey.get(key) ?? {
      month,
      item: r.item,
      kind: service ? ('service' as const) : ('package' as const),
      title: service?.title ?? null,
      titleEn: service?.title_en ?? null,
      cents: 0,
      orders: 0,
    };
    row.cents += r.cents;
    row.orders += r.value;
    byKey.set(key, row);
  }
  const totals = (list: readonly DailyRow[]) => ({
    cents: list.reduce((n, r) => n + r.cents, 0),
    orders: list.reduce((n, r) => n + r.value, 0),
  });
  return {
    range,
    previous,
    rows: [...byKey.values()].sort((a, b) => a.month.localeCompare(b.month) || b.cents - a.cents),
    totals: totals(rows),
    previousTotals: totals(before),
    // Renewals are not sold yet: once they are, their orders are counted here and left out of `rows`.
    renewals: null,
  };
}

/** Each open EIN stage's usual wait in days, by the same rule the customers' timeline states. */
export function einOverdueAfter(stats: Map<string, StageStats>): { stage: EinStatus; afterDays: number }[] {
  return EIN_STATUSES.flatMap((stage) => {
    const wait = chooseExpectedWait(
      'ein',
      stage,
      stats.get(`ein:${stage}`) ?? { samples: 0, medianDays: null, p90Days: null },
    );
    return wait ? [{ stage, afterDays: waitUpperDays(wait) }] : [];
  });
}

/**
 * The IRS clock. "Overdue now" is the EIN desk's own rule (decision 0050: at Submitted to IRS for more
 * than EIN_FOLLOW_UP_BUSINESS_DAYS business days), so the figure and the filtered desk it opens agree.
 */
export async function irsPanel(db: DbOrTx, range: DayRange, env: AppDeps['env']): Promise<OverviewIrs> {
  const stats = await stageStats(db);
  const limits = einOverdueAfter(stats);
  const [rows, overdue] = await Promise.all([
    rowsOf<{ month: string; stage: EinStatus; samples: number; median_days: number | null; p90_days: number | null }>(
      db,
      // One index range of ein_stage_waits (decision 0062), which triggers keep equal to the pairs of
      // stage_history rows (einStageWaitsRecomputed below).
      sql`
      select to_char(w.submitted_at at time zone 'UTC', 'YYYY-MM') as month, w.stage, count(*)::int as samples,
        percentile_cont(0.5) within group (order by w.seconds) / 86400 as median_days,
        percentile_cont(0.9) within group (order by w.seconds) / 86400 as p90_days
      from ein_stage_waits w
      where w.submitted_at >= ${lo(range.from)} and w.submitted_at < ${lo(addDays(range.to, 1))}
      group by 1, 2`,
    ),
    (async () => {
      const { businessDays, submittedBefore } = overdueCutoff(env);
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(einApplications)
        .where(overdueCondition(submittedBefore));
      return [{ stage: EIN_FOLLOW_UP_STATUS, count: Number(r?.n ?? 0), afterDays: businessDays }];
    })(),
  ]);
  const order = (s: string) => EIN_STATUSES.indexOf(s as EinStatus);
  return {
    range,
    rows: rows
      .map((r) => ({
        month: r.month,
        stage: r.stage,
        samples: Number(r.samples),
        medianDays: num(r.median_days),
        p90Days: num(r.p90_days),
      }))
      .sort((a, b) => a.month.localeCompare(b.month) || order(a.stage) - order(b.stage)),
    overdue,
    overdueTotal: overdue.reduce((n, o) => n + o.count, 0),
    waits: limits.map(({ stage }) => {
      const s = stats.get(`ein:${stage}`);
      return { stage, samples: s?.samples ?? 0, medianDays: s?.medianDays ?? null, p90Days: s?.p90Days ?? null };
    }),
  };
}

export async function carePanel(db: DbOrTx, range: DayRange, now: Date): Promise<OverviewCare> {
  const previous = previousRange(range);
  // first_reply_at is kept by a trigger on support_messages (decision 0062): one index range, no messages read.
  const firstReplies = (r: DayRange) => sql`
    select to_char(t.created_at at time zone 'UTC', 'YYYY-MM') as month,
      extract(epoch from (t.first_reply_at - t.created_at)) / 3600 as hours
    from support_threads t
    where t.created_at >= ${lo(r.from)} and t.created_at < ${lo(addDays(r.to, 1))}`;
  const figures = (group: SQL, r: DayRange) => sql`
    select ${group} count(*)::int as threads, count(f.hours)::int as replied,
      percentile_cont(0.5) within group (order by f.hours) as median_hours,
      percentile_cont(0.9) within group (order by f.hours) as p90_hours
    from (${firstReplies(r)}) as f`;
  type Figures = { threads: number; replied: number; median_hours: number | null; p90_hours: number | null };
  const shape = (r: Figures | undefined) => ({
    threads: Number(r?.threads ?? 0),
    replied: Number(r?.replied ?? 0),
    medianHours: num(r?.median_hours),
    p90Hours: num(r?.p90_hours),
  });
  const [months, [totals], [before], [waiting]] = await Promise.all([
    rowsOf<Figures & { month: string }>(db, sql`${figures(sql`f.month,`, range)} group by f.month`),
    rowsOf<Figures>(db, figures(sql``, range)),
    rowsOf<Figures>(db, figures(sql``, previous)),
    rowsOf<{ n: number }>(
      db,
      // The support desk's "waiting" filter, which the figure opens (one condition for both).
      sql`select count(*)::int as n from support_threads where ${waitingOverCondition(now)}`,
    ),
  ]);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  return {
    range,
    previous,
    months: monthsIn(range).map((month) => ({ month, ...shape(byMonth.get(month)) })),
    totals: shape(totals),
    previousTotals: shape(before),
    waitingOver24h: Number(waiting?.n ?? 0),
  };
}

/**
 * Deadlines: schedule items due from today through DEADLINE_WINDOW_DAYS on, not marked done; and the
 * overdue ones, whose date passed in the last DEADLINE_WINDOW_DAYS unmarked: the deadlines desk's
 * overdue view (a passed date is still a row's due_date before the daily roll, its previous_due after).
 * Each is an index range.
 */
export async function deadlinesPanel(db: DbOrTx, today: string): Promise<OverviewDeadlines> {
  const until = addDays(today, DEADLINE_WINDOW_DAYS);
  const [due, [overdue]] = await Promise.all([
    // The deadlines desk's open items of the window and its overdue view (decision 0064): each figure
    // counts the list it opens.
    openItemsByDay(db, today, DEADLINE_WINDOW_DAYS),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${overdueItemsSql(today)}) as s`),
  ]);
  const weeks = new Map(weeksIn({ from: today, to: until }).map((w) => [w, 0]));
  let dueSoon = 0;
  for (const r of due) {
    const w = weekStart(r.due);
    weeks.set(w, (weeks.get(w) ?? 0) + Number(r.n));
    dueSoon += Number(r.n);
  }
  return {
    today,
    weeks: [...weeks].map(([week, count]) => ({ week, count })),
    dueSoon,
    overdue: Number(overdue?.n ?? 0),
  };
}
