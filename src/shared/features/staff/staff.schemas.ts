import { z } from 'zod';
import { STAFF_ROLES } from '../../domain/roles';
import { emailField } from '../auth/auth.schemas';

/**
 * The owner's invitation (POST /api/admin/staff/invitations). Plain zod, apart from the contract, so the
 * invitation form runs the API's own schema without loading the OpenAPI layer.
 */
export const inviteStaffSchema = z.object({
  email: emailField,
  role: z.enum(STAFF_ROLES),
  /** The language of the invitation mail (the invitee's, as far as the owner knows). */
  lang: z.enum(['tr', 'en']).optional(),
});
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;
