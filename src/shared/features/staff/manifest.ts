import { adminPage, type PageRoute, publicPage } from '../../routes/page';

/** The staff (decision 0043): invitations and the staff page. */
export const staffPages: readonly PageRoute[] = [
  // Decision 0043: an invitee joins the staff (the token in the path is the credential; the logs redact it).
  publicPage('invite/:token', 'pages/InvitePage.tsx', ['adminStaff', 'auth']),
  adminPage('admin/staff', 'admin/AdminStaffPage.tsx', ['adminStaff', 'catalogue'], {
    key: 'staff',
    permission: 'staff.manage',
    group: 'team',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['adminStaff'];
