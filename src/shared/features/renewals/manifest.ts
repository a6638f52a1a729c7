import { adminPage, customerPage, type PageRoute } from '../../routes/page';

/** Renewals (decisions 0053, 0054): subscriptions and the renewals desk. */
export const renewalsPages: readonly PageRoute[] = [
  // Renewals (decisions 0053, 0054): the agent and the address, renewed only on the customer's word.
  customerPage('account/subscriptions', 'pages/SubscriptionsPage.tsx', ['catalogue', 'compliance', 'renewals']),
  adminPage('admin/renewals', 'admin/AdminRenewalsPage.tsx', ['catalogue', 'compliance', 'renewals'], {
    key: 'renewals',
    permission: 'renewals.read',
    group: 'money',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['renewals'];
