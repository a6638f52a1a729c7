import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * `column` (a timestamp) within the UTC days `from` through `to`, both included, either end optional: the
 * conditions of an index range, as the home counts a period's days (decision 0055). The admin lists'
 * period filters, which the home's figures open, are built on it.
 */
export function withinDays(column: AnyColumn, from?: string | null, to?: string | null): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= (${from}::date)::timestamp at time zone 'UTC'`);
  if (to) conditions.push(sql`${column} < (${to}::date + 1)::timestamp at time zone 'UTC'`);
  return conditions;
}
