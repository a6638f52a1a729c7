import { adminPage, customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Support threads, the customer’s and the support desk. */
export const supportFeature: SharedFeature = {
  name: 'support',
  pages: [
    customerPage('support', 'features/support/pages/SupportPage.tsx', ['catalogue', 'support']),
    adminPage('admin/support', 'features/support/admin/AdminSupportPage.tsx', ['catalogue']),
  ],
  adminNav: [{ path: '/admin/support', key: 'support', permission: 'support.read' }],
  messages: ['support'],
};
