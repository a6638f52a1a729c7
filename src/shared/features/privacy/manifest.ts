import { adminPage, type PageRoute, publicPage } from '../../routes/page';

/** Customers’ data rights (decision 0047): the erasure link and the erasure queue. */
export const privacyPages: readonly PageRoute[] = [
  // The link mailed to confirm an erasure request (decision 0047): the token alone names the request.
  publicPage('account/confirm-deletion', 'pages/ConfirmDeletionPage.tsx', ['privacy']),
  adminPage('admin/privacy', 'admin/AdminPrivacyPage.tsx', ['catalogue', 'privacy'], {
    key: 'privacy',
    permission: 'privacy.manage',
    group: 'customers',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['privacy'];
