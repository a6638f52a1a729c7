import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, PUBLIC } from '../../../../tests/support/matrix-rows';
import { createStaffMember, uniqueEmail } from '../../../../tests/support/test-app';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function staffMatrix({ app, matrixInvitation }: MatrixEnv): MatrixRows {
  return {
    // --- staff and the audit trail (decision 0043, decision 0043): the owner's; invitations are public --------
    'GET /api/admin/staff': { expect: ADMIN_ONLY },
    'POST /api/admin/staff/invitations': {
      request: () => ({ body: { email: uniqueEmail('matrix-invite'), role: 'support' } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/staff/invitations/{id}/resend': {
      request: async () => ({ params: { id: (await matrixInvitation()).id } }),
      expect: ADMIN_ONLY,
    },
    'DELETE /api/admin/staff/invitations/{id}': {
      request: async () => ({ params: { id: (await matrixInvitation()).id } }),
      expect: ADMIN_ONLY,
    },
    // A member of their own per cell: the owner's cell really changes, deactivates or reactivates them.
    'PUT /api/admin/staff/members/{id}/role': {
      request: async () => ({
        params: { id: (await createStaffMember(app(), 'support')).id },
        body: { role: 'finance' },
      }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/staff/members/{id}/deactivate': {
      request: async () => ({ params: { id: (await createStaffMember(app(), 'support')).id } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/staff/members/{id}/reactivate': {
      request: async () => ({ params: { id: (await createStaffMember(app(), 'support')).id } }),
      expect: ADMIN_ONLY,
    },
    // The link's token is the credential, as a reset token is: whoever holds it sees or takes the invitation.
    'POST /api/invitations/peek': {
      unowned: true,
      request: async () => ({ body: { token: (await matrixInvitation()).token } }),
      expect: PUBLIC,
    },
    'POST /api/invitations/accept': {
      unowned: true,
      request: async () => ({
        body: {
          token: (await matrixInvitation()).token,
          fullName: 'Matrix Üye',
          password: 'Passw0rd!23',
          confirmPassword: 'Passw0rd!23',
        },
      }),
      expect: PUBLIC,
    },
  };
}
