import { adminPage, customerPage, type PageRoute, VISITOR } from '../../routes/page';

/** The services catalogue and its staff page. */
export const servicesPages: readonly PageRoute[] = [
  // Anonymous visitors browse the services and are asked to sign in only when they buy.
  customerPage('services', 'pages/ServicesPage.tsx', ['catalogue', 'services'], { who: VISITOR }),
  customerPage('services/:id', 'pages/ServiceDetailPage.tsx', ['catalogue', 'services'], {
    who: VISITOR,
  }),
  adminPage('admin/services', 'admin/AdminServicesPage.tsx', ['adminServices', 'catalogue', 'compliance'], {
    key: 'services',
    permission: 'services.manage',
    group: 'content',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['services', 'adminServices'];
