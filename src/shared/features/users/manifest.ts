import { adminPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The customer list. */
export const usersFeature: SharedFeature = {
  name: 'users',
  pages: [
    adminPage('admin/users', 'features/users/admin/AdminUsersPage.tsx', [
      'adminServices',
      'adminUsers',
      'catalogue',
      'compliance',
      'renewals',
    ]),
  ],
  adminNav: [{ path: '/admin/users', key: 'users', permission: 'users.read' }],
  messages: ['adminUsers'],
};
