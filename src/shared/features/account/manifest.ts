import { customerPage, type PageRoute, publicPage, SIGNED_IN } from '../../routes/page';

/** Everyone’s own account (decision 0043) and the mailed link that confirms a new address (decision 0044). */
export const accountPages: readonly PageRoute[] = [
  // The link mailed to a new address: it works signed in or not, on any device (decision 0044).
  publicPage('account/confirm-email', 'pages/ConfirmEmailPage.tsx', ['account']),
  // Everyone's own account (decision 0043): staff see it in the signed-in frame too.
  customerPage('account', 'pages/AccountPage.tsx', ['account'], {
    who: SIGNED_IN,
    guard: 'requireSignedIn',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['account'];
