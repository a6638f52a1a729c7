/**
 * Where each admin list answers (GET, under the admin door), for the web's list queries and exports
 * (decision 0080): the export of a list that has one is `<path>/export.csv`. Kept free of zod so the
 * admin pages load no schema code; `admin-lists.test.ts` holds every path to the server's API document
 * (a GET with the one page envelope, or the catalogue's plain list).
 */
export const ADMIN_LISTS = {
  audit: '/api/admin/audit',
  bankApplications: '/api/admin/bank-readiness/applications',
  deadlines: '/api/admin/compliance/deadlines',
  ein: '/api/admin/ein-applications',
  erasures: '/api/admin/privacy/erasures',
  filings: '/api/admin/filings',
  formations: '/api/admin/formations',
  mail: '/api/admin/mail/letters',
  orders: '/api/admin/orders',
  renewals: '/api/admin/renewals',
  services: '/api/admin/services',
  shortLinks: '/api/admin/short-links',
  staff: '/api/admin/staff',
  support: '/api/admin/support/threads',
  users: '/api/admin/users',
} as const;

export type AdminList = keyof typeof ADMIN_LISTS;

/** The lists whose rows can be downloaded as CSV (csvExportRoute on the server). */
export const ADMIN_LIST_EXPORTS = [
  'audit',
  'bankApplications',
  'deadlines',
  'filings',
  'formations',
  'mail',
  'orders',
  'renewals',
] as const;

/** The lists that are not paged (short catalogues, the team): their answer is not a page envelope. */
export const UNPAGED_ADMIN_LISTS = ['services', 'staff'] as const;
