import { customerPage, type PageRoute } from '../../routes/page';

/** The customer’s document vault. */
export const documentsPages: readonly PageRoute[] = [
  customerPage('documents', 'pages/DocumentsPage.tsx', ['catalogue', 'documents']),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['documents'];
