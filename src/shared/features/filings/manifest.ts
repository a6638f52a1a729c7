import { adminPage, customerPage, type PageRoute } from '../../routes/page';

/** Tracked filings (decision 0051): the yearly Form 5472, state reports, and the filings desk. */
export const filingsPages: readonly PageRoute[] = [
  // Decision 0051: one tracked filing (the yearly Form 5472, a state report), its stages and its questionnaire.
  customerPage('filings/:id', 'pages/FilingPage.tsx', ['catalogue', 'company', 'compliance', 'filings']),
  adminPage('admin/filings', 'admin/AdminFilingsPage.tsx', ['adminFilings', 'catalogue', 'compliance', 'filings'], {
    key: 'filings',
    permission: 'filings.read',
    group: 'applications',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['filings', 'adminFilings'];
