import type { AdminList } from './admin-lists';

/**
 * The desks whose HTML carries their first page (decision 0104): the page size the web asks with, and
 * the values their filters start from when the page's URL names none. The web's list pages and the
 * server's boot answers both read them here, so the query answered into the HTML is the one the page
 * asks; the first-view browser test fails if they part, and each list's schema must read its query
 * (first-calls.test.ts). A module of its own: every admin page imports ADMIN_LISTS, only the desks this.
 */
export const DESK_FIRST_QUERY = {
  audit: { pageSize: 25, sort: 'newest' },
  deadlines: { pageSize: 20, days: 60 },
  ein: { pageSize: 20, sort: 'created_desc' },
  filings: { pageSize: 25, sort: 'waiting' },
  formations: { pageSize: 20, sort: 'created_desc' },
  renewals: { pageSize: 20, view: 'due', days: 30, sort: 'end_asc' },
  support: { pageSize: 20, sort: 'newest' },
  users: { pageSize: 20, sort: 'newest' },
} as const satisfies Partial<Record<AdminList, { pageSize: number } & Record<string, string | number>>>;

export type DeskWithFirstQuery = keyof typeof DESK_FIRST_QUERY;

/** A desk's first page's query as the web sends it: page 1, its page size and its filters' defaults. */
export function deskFirstQuery(desk: DeskWithFirstQuery): URLSearchParams {
  const query = new URLSearchParams({ page: '1' });
  for (const [name, value] of Object.entries(DESK_FIRST_QUERY[desk])) query.set(name, String(value));
  return query;
}
