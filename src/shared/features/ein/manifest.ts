import { adminPage, customerPage, type PageRoute } from '../../routes/page';

/** The EIN application, its follow-ups with the IRS, and the EIN desk. */
export const einPages: readonly PageRoute[] = [
  customerPage('ein-application', 'pages/EinApplicationPage.tsx', ['catalogue', 'compliance', 'ein'], {
    guard: 'requireEinApplication',
  }),
  adminPage(
    'admin/ein',
    'admin/AdminEinPage.tsx',
    ['adminEin', 'catalogue', 'company', 'einFollowUps', 'retention', 'ss4Generate'],
    { key: 'ein', permission: 'ein.read', group: 'applications' },
  ),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['ein', 'adminEin', 'einFollowUps'];
