import { PAGE_ROUTES } from './route-table';

/**
 * Routes whose path parameter is a credential (decision 0075): the calendar feed's token and a staff
 * invitation's. The parameter is named `token` by rule, so a new page that takes one in its path is
 * redacted in the logs without being listed here (a unit test checks the rule holds).
 */
export const CALENDAR_FEED_PATH = '/calendar/:token';

export const CREDENTIAL_PATHS: readonly string[] = [
  CALENDAR_FEED_PATH,
  ...PAGE_ROUTES.filter((r) => r.path.split('/').includes(':token')).map((r) => `/${r.path}`),
];
