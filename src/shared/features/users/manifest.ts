import { adminPage, type PageRoute } from '../../routes/page';

/** The customer list. */
export const usersPages: readonly PageRoute[] = [
  adminPage('admin/users', 'admin/AdminUsersPage.tsx', ['adminServices', 'adminUsers', 'catalogue'], {
    key: 'users',
    permission: 'users.read',
    group: 'customers',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['adminUsers'];
