import { customerPage, publicPage, SIGNED_IN } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Everyone’s own account (decision 0043) and the mailed link that confirms a new address (decision 0044). */
export const accountFeature: SharedFeature = {
  name: 'account',
  pages: [
    // The link mailed to a new address: it works signed in or not, on any device (decision 0044).
    publicPage('account/confirm-email', 'features/account/pages/ConfirmEmailPage.tsx', ['account']),
    // Everyone's own account (decision 0043): staff see it in the signed-in frame too.
    customerPage('account', 'features/account/pages/AccountPage.tsx', ['account'], {
      who: SIGNED_IN,
      guard: 'requireSignedIn',
    }),
  ],
  messages: ['account'],
};
