import { bigint, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The operator's home's daily rollups (decision 0056): per UTC day, metric and attribution, the count
 * (and cents, for revenue) the home would otherwise aggregate from a million rows on every load. Written
 * only by the daily run (overview-rollups.service.ts), which also writes a `rolled` row for each day it
 * covered; the home reads the rolled days here and computes the others (today) live with the same SQL.
 * No personal data: counts per day, utm_source, short-link slug and service or package id.
 */
export const overviewDaily = pgTable(
  'overview_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    /** The customers' utm_source ('' for none or not applicable). */
    source: text('source').notNull().default(''),
    /** The short link's slug the customers arrived through ('' for none). */
    link: text('link').notNull().default(''),
    /** Revenue: the service id or package id ('' for the other metrics). */
    item: text('item').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.metric, t.source, t.link, t.item] }),
    index('overview_daily_metric_day_idx').on(t.metric, t.day),
  ],
);

/**
 * Which days each daily rollup other than overview_daily covers (decision 0103: 'mail', 'bank'), written
 * with the rollup's rows in one transaction (src/server/db/daily-rollup.ts). A rollup's own row per day
 * lets one added later start from its table's first row instead of the day the older rollups reached.
 */
export const dailyRollupDays = pgTable(
  'daily_rollup_days',
  {
    rollup: text('rollup').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rollup, t.day] })],
);
