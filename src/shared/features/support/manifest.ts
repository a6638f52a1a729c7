import { adminPage, customerPage, type PageRoute } from '../../routes/page';

/** Support threads, the customer’s and the support desk. */
export const supportPages: readonly PageRoute[] = [
  customerPage('support', 'pages/SupportPage.tsx', ['catalogue', 'support']),
  adminPage('admin/support', 'admin/AdminSupportPage.tsx', ['catalogue'], {
    key: 'support',
    permission: 'support.read',
    group: 'customers',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['support'];
