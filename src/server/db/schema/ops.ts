import { date, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator's daily jobs (decision 0048: the retention sweep; decision 0049: the scheduled backup),
 * one row per job and day. The copy whose insert claims the day runs the job, as the reminder run does
 * with compliance_reminder_runs; `finished_at` set means the day's job is done (its `result` says what it
 * did). /metrics reads the last finished day of each job.
 */
export const opsRuns = pgTable(
  'ops_runs',
  {
    job: text('job', { enum: ['retention', 'backup'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result'),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
