import { customerPage, type PageRoute } from '../../routes/page';

/** The bank and business-address guides. */
export const guidesPages: readonly PageRoute[] = [
  customerPage('bank-account', 'pages/BankGuidePage.tsx', ['catalogue', 'guides', 'bankReadiness']),
  customerPage('business-address', 'pages/BusinessAddressGuidePage.tsx', ['catalogue', 'guides']),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['guides'];
