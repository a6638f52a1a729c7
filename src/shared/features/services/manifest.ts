import { adminPage, customerPage, VISITOR } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The services catalogue and its staff page. */
export const servicesFeature: SharedFeature = {
  name: 'services',
  pages: [
    // Anonymous visitors browse the services and are asked to sign in only when they buy.
    customerPage('services', 'features/services/pages/ServicesPage.tsx', ['catalogue', 'services'], { who: VISITOR }),
    customerPage('services/:id', 'features/services/pages/ServiceDetailPage.tsx', ['catalogue', 'services'], {
      who: VISITOR,
    }),
    adminPage('admin/services', 'features/services/admin/AdminServicesPage.tsx', [
      'adminServices',
      'catalogue',
      'compliance',
    ]),
  ],
  adminNav: [{ path: '/admin/services', key: 'services', permission: 'services.manage' }],
  messages: ['services', 'adminServices'],
};
