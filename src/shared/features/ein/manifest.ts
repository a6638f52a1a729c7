import { adminPage, customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The EIN application, its follow-ups with the IRS, and the EIN desk. */
export const einFeature: SharedFeature = {
  name: 'ein',
  pages: [
    customerPage('ein-application', 'features/ein/pages/EinApplicationPage.tsx', ['catalogue', 'compliance', 'ein'], {
      guard: 'requireEinApplication',
    }),
    adminPage('admin/ein', 'features/ein/admin/AdminEinPage.tsx', [
      'adminEin',
      'catalogue',
      'company',
      'einFollowUps',
      'retention',
      'ss4Generate',
    ]),
  ],
  adminNav: [{ path: '/admin/ein', key: 'ein', permission: 'ein.read' }],
  messages: ['ein', 'adminEin', 'einFollowUps'],
};
