import { adminPage, type PageRoute } from '../../routes/page';

/** The compliance calendar and the deadlines desk. */
export const compliancePages: readonly PageRoute[] = [
  adminPage('admin/deadlines', 'admin/AdminDeadlinesPage.tsx', ['catalogue', 'compliance', 'filings', 'renewals'], {
    key: 'deadlines',
    permission: 'deadlines.read',
    group: 'applications',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['compliance'];
