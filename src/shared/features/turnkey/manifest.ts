import { customerPage, type PageRoute } from '../../routes/page';

/** The turnkey formation service (the web’s and the API’s name for it: formation-service). */
export const turnkeyPages: readonly PageRoute[] = [
  customerPage('formation-service', 'pages/FormationServicePage.tsx', ['catalogue', 'formation', 'formationService']),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['formationService'];
