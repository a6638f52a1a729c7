import { adminPage, publicPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Customers’ data rights (decision 0047): the erasure link and the erasure queue. */
export const privacyFeature: SharedFeature = {
  name: 'privacy',
  pages: [
    // The link mailed to confirm an erasure request (decision 0047): the token alone names the request.
    publicPage('account/confirm-deletion', 'features/privacy/pages/ConfirmDeletionPage.tsx', ['privacy']),
    adminPage('admin/privacy', 'features/privacy/admin/AdminPrivacyPage.tsx', ['catalogue', 'privacy']),
  ],
  adminNav: [{ path: '/admin/privacy', key: 'privacy', permission: 'privacy.manage' }],
  messages: ['privacy'],
};
