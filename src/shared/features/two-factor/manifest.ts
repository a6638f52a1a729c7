import { customerPage, SIGNED_IN } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The second factor (decision 0042). */
export const twoFactorFeature: SharedFeature = {
  name: 'two-factor',
  pages: [
    // Decision 0042: the second factor, for customers and staff (staff without one are sent here).
    customerPage('account/security', 'features/two-factor/pages/AccountSecurityPage.tsx', ['security'], {
      who: SIGNED_IN,
      guard: 'requireSignedIn',
    }),
  ],
  messages: ['security'],
};
