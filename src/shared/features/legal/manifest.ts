import { type PageRoute, publicPage } from '../../routes/page';

/** The terms and the privacy notice. */
export const legalPages: readonly PageRoute[] = [
  publicPage('terms', 'pages/TermsPage.tsx', ['catalogue', 'legal']),
  publicPage('privacy', 'pages/PrivacyPage.tsx', ['legal']),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['legal'];
