import { z } from '@hono/zod-openapi';
import { STAFF_ROLES } from '../../domain/roles';
import { meUserSchema } from '../auth/auth.contracts';

/**
 * Staff management (/admin/staff, owner only) and joining by invitation (/invite/:token), decision 0043 and
 * decision 0043. The web imports the types only.
 */

export { type AcceptInvitationInput, acceptInvitationSchema, invitationTokenSchema } from '../auth/auth.schemas';
export { type InviteStaffInput, inviteStaffSchema } from './staff.schemas';

/** How long an invitation's link stays valid. */
export const INVITATION_VALID_HOURS = 72;

const staffRole = z.enum(STAFF_ROLES);

export const staffMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: staffRole,
    active: z.boolean(),
    deactivatedAt: z.string().nullable(),
    /** Whether the member has set up the second factor; null while the portal does not know it. */
    twoFactorEnabled: z.boolean().nullable(),
    joinedAt: z.string(),
  })
  .openapi('StaffMember');
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: staffRole,
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    /** Past expiresAt: the link no longer works; resend makes a new one. */
    expired: z.boolean(),
  })
  .openapi('StaffInvitation');
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffListSchema = z
  .object({ members: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) })
  .openapi('StaffList');
export type StaffList = z.infer<typeof staffListSchema>;

export const changeStaffRoleSchema = z.object({ role: staffRole });
export type ChangeStaffRoleInput = z.input<typeof changeStaffRoleSchema>;

/** What the invitation page shows before the invitee chooses a password. */
export const invitationPeekSchema = z.object({ email: z.string(), role: staffRole }).openapi('InvitationPeek');
export type InvitationPeek = z.infer<typeof invitationPeekSchema>;

/** The invitee is signed in; `redirectTo` is the second-factor set-up, which continues to the role's desk. */
export const invitationAcceptedSchema = z
  .object({ user: meUserSchema, redirectTo: z.string() })
  .openapi('InvitationAccepted');
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
