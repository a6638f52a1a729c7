import { type CalendarDate, calendarDateOfUtc } from '../../shared/format/dates';
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

/**
 * The server's "today", computed here only (decision 0083): its date in UTC (YYYY-MM-DD). The deadlines
 * are US statutory dates and the customers live in Turkey, so no single civil zone is right for both; UTC
 * sits between them (Istanbul is 3 hours ahead, the states 5 to 7 behind), so a day count is never off by
 * more than one for a few hours, and every server copy, job and feed agree on the same day whatever their TZ.
 */
export function serverToday(env: Pick<Env, 'TEST_CLOCK_OFFSET_DAYS'>): CalendarDate {
  return calendarDateOfUtc(serverNow(env));
}
