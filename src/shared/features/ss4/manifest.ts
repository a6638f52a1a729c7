import { customerPage, type PageRoute } from '../../routes/page';

/** The SS-4: its instructions for the customer and its generation on the EIN desk. */
export const ss4Pages: readonly PageRoute[] = [
  customerPage('ss4-instructions', 'pages/Ss4InstructionsPage.tsx', ['catalogue', 'einFollowUps', 'ss4'], {
    guard: 'requireSs4Form',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['ss4', 'ss4Generate'];
