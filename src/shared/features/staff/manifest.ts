import { adminPage, publicPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The staff (decision 0043): invitations and the staff page. */
export const staffFeature: SharedFeature = {
  name: 'staff',
  pages: [
    // Decision 0043: an invitee joins the staff (the token in the path is the credential; the logs redact it).
    publicPage('invite/:token', 'features/staff/pages/InvitePage.tsx', ['adminStaff', 'auth']),
    adminPage('admin/staff', 'features/staff/admin/AdminStaffPage.tsx', ['adminStaff', 'catalogue']),
  ],
  adminNav: [{ path: '/admin/staff', key: 'staff', permission: 'staff.manage' }],
  messages: ['adminStaff'],
};
