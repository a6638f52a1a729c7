import { z } from '@hono/zod-openapi';
import { daysBetween, isIsoDate } from '../../format/calendar-days';
import { calendarDate, calendarMonth } from '../../schemas/dates';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { EIN_STATUSES } from '../ein/ein.domain';
import { FUNNEL_STEPS, MAX_RANGE_DAYS } from './overview.domain';

/**
 * The operator's home (/admin, decision 0055): one operation per panel, each for a range of UTC days
 * with the previous period of the same length beside it. The web imports the types only.
 */

const isoDate = z.iso.date();

const rangeFields = {
  /** First and last day, inclusive, in UTC. Without them: this month so far. */
  from: isoDate.optional(),
  to: isoDate.optional(),
};

function rangeRules<T extends { from?: string; to?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeOrder' });
  // A refinement runs on fields that already failed their format: count only real days.
  else if (isIsoDate(v.from) && isIsoDate(v.to) && daysBetween(v.from, v.to) >= MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.invalid' });
}

export const overviewRangeQuerySchema = z.object(rangeFields).superRefine(rangeRules);
export type OverviewRangeQuery = z.input<typeof overviewRangeQuerySchema>;

export const overviewFunnelQuerySchema = z
  .object({
    ...rangeFields,
    /** A short link's slug: only the customers who arrived through it. */
    link: safeText(TEXT_MAX.token).min(1).optional(),
    /** A utm_source: only the customers who signed up with it. */
    utm: safeText(TEXT_MAX.token).min(1).optional(),
  })
  .superRefine(rangeRules);
export type OverviewFunnelQuery = z.input<typeof overviewFunnelQuerySchema>;

const range = z.object({ from: z.string(), to: z.string() });
const periods = { range, previous: range };

const growthFigures = z.object({
  signups: z.number().int(),
  onboarding: z.number().int(),
  formationsStarted: z.number().int(),
  formationsCompleted: z.number().int(),
  einsIssued: z.number().int(),
});
export type GrowthFigures = z.output<typeof growthFigures>;

export const overviewGrowthSchema = z
  .object({
    ...periods,
    weeks: z.array(growthFigures.extend({ week: calendarDate() })),
    totals: growthFigures,
    previousTotals: growthFigures,
  })
  .openapi('OverviewGrowth');
export type OverviewGrowth = z.output<typeof overviewGrowthSchema>;

export { FUNNEL_STEPS, type FunnelStep } from './overview.domain';

export const overviewFunnelSchema = z
  .object({
    ...periods,
    link: z.string().nullable(),
    utm: z.string().nullable(),
    /** In FUNNEL_STEPS order. Visits are the links' counters since each was made (no per-day record). */
    steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int(), previous: z.number().int() })),
    /** The choices of the two filters. */
    links: z.array(z.string()),
    sources: z.array(z.string()),
  })
  .openapi('OverviewFunnel');
export type OverviewFunnel = z.output<typeof overviewFunnelSchema>;

const moneyTotals = z.object({ cents: z.number().int(), orders: z.number().int() });

export const overviewMoneySchema = z
  .object({
    ...periods,
    /** Paid live orders per month and item: a service's id or a package's id. TEST MODE never counts. */
    rows: z.array(
      moneyTotals.extend({
        month: calendarMonth(),
        item: z.string(),
        kind: z.enum(['service', 'package']),
        title: z.string().nullable(),
        titleEn: z.string().nullable(),
      }),
    ),
    totals: moneyTotals,
    previousTotals: moneyTotals,
    /** Renewals, shown apart once the portal sells them; null until then. */
    renewals: moneyTotals.nullable(),
  })
  .openapi('OverviewMoney');
export type OverviewMoney = z.output<typeof overviewMoneySchema>;

export const overviewIrsSchema = z
  .object({
    range,
    /** Days spent in each finished EIN stage, by the month the application was submitted. */
    rows: z.array(
      z.object({
        month: calendarMonth(),
        stage: z.enum(EIN_STATUSES),
        samples: z.number().int(),
        medianDays: z.number().nullable(),
        p90Days: z.number().nullable(),
      }),
    ),
    /** Open applications past their stage's usual wait now (the customers' "overdue"). */
    overdue: z.array(z.object({ stage: z.enum(EIN_STATUSES), count: z.number().int(), afterDays: z.number().int() })),
    /**
     * What the customers' timeline states as each stage's expected wait now: the same stage times over
     * the stages finished in the last 180 days (null median until there are enough of them).
     */
    waits: z.array(
      z.object({
        stage: z.enum(EIN_STATUSES),
        samples: z.number().int(),
        medianDays: z.number().nullable(),
        p90Days: z.number().nullable(),
      }),
    ),
    overdueTotal: z.number().int(),
  })
  .openapi('OverviewIrs');
export type OverviewIrs = z.output<typeof overviewIrsSchema>;

const careFigures = z.object({
  threads: z.number().int(),
  replied: z.number().int(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});

export const overviewCareSchema = z
  .object({
    ...periods,
    /** Threads opened each month and the time to their first staff reply. */
    months: z.array(careFigures.extend({ month: calendarMonth() })),
    totals: careFigures,
    previousTotals: careFigures,
    /** Threads waiting for us longer than 24 hours, now. */
    waitingOver24h: z.number().int(),
  })
  .openapi('OverviewCare');
export type OverviewCare = z.output<typeof overviewCareSchema>;

export const overviewDeadlinesSchema = z
  .object({
    today: calendarDate(),
    /** Items due from today through 30 days on, not marked done, by week. */
    weeks: z.array(z.object({ week: calendarDate(), count: z.number().int() })),
    dueSoon: z.number().int(),
    /** Items whose date passed within the last 30 days and that nobody marked done. */
    overdue: z.number().int(),
  })
  .openapi('OverviewDeadlines');
export type OverviewDeadlines = z.output<typeof overviewDeadlinesSchema>;

/** GET /api/admin/overview: the back office's first counts. */
export const adminOverviewSchema = z
  .object({ users: z.number().int(), admins: z.number().int(), formations: z.number().int() })
  .openapi('AdminOverview');

export type AdminOverview = z.output<typeof adminOverviewSchema>;
