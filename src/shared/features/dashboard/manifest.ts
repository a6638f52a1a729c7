import { customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The customer’s home. */
export const dashboardFeature: SharedFeature = {
  name: 'dashboard',
  pages: [
    customerPage(
      'dashboard',
      'features/dashboard/pages/DashboardPage.tsx',
      [
        'catalogue',
        'company',
        'compliance',
        'dashboard',
        'einFollowUps',
        'filings',
        'payments',
        'renewals',
        'retention',
        'support',
      ],
      { guard: 'requireCustomer' },
    ),
  ],
  messages: ['dashboard'],
};
