import { adminPage, customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Renewals (decisions 0053, 0054): subscriptions and the renewals desk. */
export const renewalsFeature: SharedFeature = {
  name: 'renewals',
  pages: [
    // Renewals (decisions 0053, 0054): the agent and the address, renewed only on the customer's word.
    customerPage('account/subscriptions', 'features/renewals/pages/SubscriptionsPage.tsx', [
      'catalogue',
      'compliance',
      'renewals',
    ]),
    adminPage('admin/renewals', 'features/renewals/admin/AdminRenewalsPage.tsx', [
      'catalogue',
      'compliance',
      'renewals',
    ]),
  ],
  adminNav: [{ path: '/admin/renewals', key: 'renewals', permission: 'renewals.read' }],
  messages: ['renewals'],
};
