import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { opsRuns } from '../db/schema';
import type { Env } from '../env';
import { serverToday } from './clock';
import type { Logger } from './logger';

export type OpsJob = (typeof opsRuns.job.enumValues)[number];

/** A claim older than this, not finished, belongs to a copy that died: another may take the day over. */
const CLAIM_TIMEOUT = '30 minutes';

/**
 * Claims `job` for `day` for this copy of the portal (the pattern of the reminder run, decision 0029):
 * the insert that wins runs the day; the others learn that a copy is on it ('busy') or that the day is
 * done ('finished'). A claim left unfinished for 30 minutes is taken over.
 */
export async function claimDay(db: Db, job: OpsJob, day: string): Promise<'claimed' | 'busy' | 'finished'> {
  const claimed = await db.execute(sql`insert into ops_runs (job, day) values (${job}, ${day}::date)
    on conflict (job, day) do update set claimed_at = now()
      where ops_runs.finished_at is null and ops_runs.claimed_at < now() - ${CLAIM_TIMEOUT}::interval
    returning day`);
  if (claimed.rows.length > 0) return 'claimed';
  const [run] = await db
    .select({ finishedAt: opsRuns.finishedAt })
    .from(opsRuns)
    .where(and(eq(opsRuns.job, job), eq(opsRuns.day, day)));
  return run?.finishedAt ? 'finished' : 'busy';
}

export async function finishDay(db: Db, job: OpsJob, day: string, result: unknown): Promise<void> {
  await db
    .update(opsRuns)
    .set({ finishedAt: sql`now()`, result })
    .where(and(eq(opsRuns.job, job), eq(opsRuns.day, day)));
}

/** When `job` last finished a day, or null. */
export async function lastFinished(db: Db, job: OpsJob): Promise<Date | null> {
  const [row] = await db
    .select({ finishedAt: opsRuns.finishedAt })
    .from(opsRuns)
    .where(and(eq(opsRuns.job, job), isNotNull(opsRuns.finishedAt)))
    .orderBy(desc(opsRuns.day))
    .limit(1);
  return row?.finishedAt ?? null;
}

/**
 * Runs `job` once a day for all copies: claims today (by the server clock), runs it, marks it finished.
 * Returns what the job returned, or the outcome when another copy has the day.
 */
export async function runDailyJob<T>(
  db: Db,
  job: OpsJob,
  today: string,
  run: () => Promise<T>,
): Promise<{ outcome: 'ran'; result: T } | { outcome: 'busy' | 'finished' }> {
  const claim = await claimDay(db, job, today);
  if (claim !== 'claimed') return { outcome: claim };
  const result = await run();
  await finishDay(db, job, today, result ?? null);
  return { outcome: 'ran', result };
}

/**
 * Checks at start-up and then every `intervalMs` (hourly) whether today's run of `job` is still owed,
 * as startComplianceReminders does; a failed or interrupted day is retried within the hour. Returns stop().
 */
export function startDailyJob(
  deps: { database: { db: Db }; env: Pick<Env, 'TEST_CLOCK_OFFSET_DAYS'>; logger: Logger },
  job: OpsJob,
  run: (today: string) => Promise<unknown>,
  intervalMs = 60 * 60 * 1000,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let doneFor: string | null = null;
  const tick = () => {
    const today = serverToday(deps.env);
    if (running || doneFor === today) return;
    running = runDailyJob(deps.database.db, job, today, () => run(today))
      .then((outcome) => {
        if (outcome.outcome === 'busy') return;
        doneFor = today;
        if (outcome.outcome === 'ran') deps.logger.info({ job, result: outcome.result }, `daily ${job} finished`);
      })
      .catch((err) => deps.logger.error({ err, job }, `daily ${job} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
