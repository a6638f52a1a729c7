import { isIsoDate } from '../../format/calendar-days';
import { todayUtc } from '../../format/dates';

/** No company in this portal's market was formed before 2000; an earlier date is a typo. */
export const FORMED_ON_MIN = '2000-01-01';

// A US state's approval date is never ahead of today; the date fields' `max` reads the same day.
export { todayUtc };

/**
 * What is wrong with the day a state approved a filing, as the key of its message, or null. The API's
 * schema (schemas/company.ts) checks by it, and the admin list's status dialog says it before sending
 * without downloading the schema library (decision 0060).
 */
export function formedOnProblem(value: string): string | null {
  const day = value.trim();
  if (day === '') return 'validation.formedOnRequired';
  if (!isIsoDate(day)) return 'validation.formedOnInvalid';
  if (day < FORMED_ON_MIN) return 'validation.formedOnTooEarly';
  if (day > todayUtc()) return 'validation.formedOnFuture';
  return null;
}
