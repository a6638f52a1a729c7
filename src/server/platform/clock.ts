import type { Env } from '../env';

const DAY_MS = 86_400_000;

/**
 * The server's "now". Every rule that depends on the date (daily runs, deadlines, retention, renewals)
 * asks here instead of `new Date()`, so a test can move the whole portal's clock with
 * TEST_CLOCK_OFFSET_DAYS (env.ts refuses it outside NODE_ENV=test). The database's own now() is not
 * moved: code that compares with it passes this value as a parameter instead.
 */
export function serverNow(env: Pick<Env, 'TEST_CLOCK_OFFSET_DAYS'>): Date {
  return new Date(Date.now() + env.TEST_CLOCK_OFFSET_DAYS * DAY_MS);
}

/** Today's date in UTC (YYYY-MM-DD) by the server's clock. */
export function serverToday(env: Pick<Env, 'TEST_CLOCK_OFFSET_DAYS'>): string {
  return serverNow(env).toISOString().slice(0, 10);
}
