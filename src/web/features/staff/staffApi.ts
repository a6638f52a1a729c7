import type {
  AcceptInvitationInput,
  ChangeStaffRoleInput,
  InvitationAccepted,
  InvitationPeek,
  InviteStaffInput,
  StaffList,
} from '../../../shared/features/staff/staff.contracts';
import { api } from '../../lib/api';

/** /admin/staff and /invite/:token (decision 0043). */

export const STAFF_KEY = ['admin', 'staff'] as const;
const BASE = '/api/admin/staff';
type Ok = { ok: true };

export const fetchStaff = () => api<StaffList>('GET', BASE);
export const inviteStaff = (body: InviteStaffInput) =>
  api<{ invitation: { id: string } }>('POST', `${BASE}/invitations`, body);
export const resendInvitation = (id: string) => api<Ok>('POST', `${BASE}/invitations/${encodeURIComponent(id)}/resend`);
export const cancelInvitation = (id: string) => api<Ok>('DELETE', `${BASE}/invitations/${encodeURIComponent(id)}`);
export const changeStaffRole = (id: string, body: ChangeStaffRoleInput) =>
  api<Ok>('PUT', `${BASE}/members/${encodeURIComponent(id)}/role`, body);
export const deactivateStaff = (id: string) => api<Ok>('POST', `${BASE}/members/${encodeURIComponent(id)}/deactivate`);
/** Decision 0042: the member's second factor goes and their sessions end; they set it up anew. */
export const resetStaffTwoFactor = (id: string) =>
  api<Ok>('POST', `${BASE}/${encodeURIComponent(id)}/two-factor/reset`);
export const reactivateStaff = (id: string) => api<Ok>('POST', `${BASE}/members/${encodeURIComponent(id)}/reactivate`);

export const peekInvitation = (token: string) => api<InvitationPeek>('POST', '/api/invitations/peek', { token });
export const acceptInvitation = (body: AcceptInvitationInput) =>
  api<InvitationAccepted>('POST', '/api/invitations/accept', body);
