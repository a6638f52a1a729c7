import { customerPage, type PageRoute, SIGNED_IN } from '../../routes/page';

/** The second factor (decision 0042). */
export const twoFactorPages: readonly PageRoute[] = [
  // Decision 0042: the second factor, for customers and staff (staff without one are sent here).
  customerPage('account/security', 'pages/AccountSecurityPage.tsx', ['security'], {
    who: SIGNED_IN,
    guard: 'requireSignedIn',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['security'];
