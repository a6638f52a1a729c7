import { adminPage, type PageRoute } from '../../routes/page';

/** The operator’s home (decision 0055). */
export const overviewPages: readonly PageRoute[] = [
  // The operator's home (decision 0055): its panels follow the reader's permissions.
  adminPage('admin', 'admin/AdminHomePage.tsx', ['adminHome', 'bankReadiness', 'catalogue']),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['adminHome'];
