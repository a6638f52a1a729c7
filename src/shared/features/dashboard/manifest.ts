import { customerPage, type PageRoute } from '../../routes/page';

/** The customer’s home. */
export const dashboardPages: readonly PageRoute[] = [
  customerPage(
    'dashboard',
    'pages/DashboardPage.tsx',
    [
      'catalogue',
      'company',
      'compliance',
      'dashboard',
      'einFollowUps',
      'filings',
      'mailroom',
      'payments',
      'renewals',
      'retention',
      'support',
    ],
    { guard: 'requireCustomer' },
  ),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['dashboard'];
