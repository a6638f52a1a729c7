import { adminPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The compliance calendar and the deadlines desk. */
export const complianceFeature: SharedFeature = {
  name: 'compliance',
  pages: [
    adminPage('admin/deadlines', 'features/compliance/admin/AdminDeadlinesPage.tsx', [
      'catalogue',
      'compliance',
      'filings',
      'renewals',
    ]),
  ],
  adminNav: [{ path: '/admin/deadlines', key: 'deadlines', permission: 'deadlines.read' }],
  messages: ['compliance'],
};
