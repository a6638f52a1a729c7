import { adminPage, customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Tracked filings (decision 0051): the yearly Form 5472, state reports, and the filings desk. */
export const filingsFeature: SharedFeature = {
  name: 'filings',
  pages: [
    // Decision 0051: one tracked filing (the yearly Form 5472, a state report), its stages and its questionnaire.
    customerPage('filings/:id', 'features/filings/pages/FilingPage.tsx', [
      'catalogue',
      'company',
      'compliance',
      'filings',
    ]),
    adminPage('admin/filings', 'features/filings/admin/AdminFilingsPage.tsx', [
      'adminFilings',
      'catalogue',
      'compliance',
      'filings',
    ]),
  ],
  adminNav: [{ path: '/admin/filings', key: 'filings', permission: 'filings.read' }],
  messages: ['filings', 'adminFilings'],
};
