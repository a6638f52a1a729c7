import { type MatrixEnv, type MatrixRows, PUBLIC, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { uniqueEmail } from '../../../../tests/support/test-app';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function accountMatrix({ partyOf, emailChangeToken, extraSessionOf }: MatrixEnv): MatrixRows {
  return {
    // --- the account page (decision 0043): each caller's own account, staff included; no user id in the path ----
    'GET /api/account': { expect: SIGNED_IN },
    'PATCH /api/account': { request: () => ({ body: { fullName: 'Matrix Kişi' } }), expect: SIGNED_IN },
    'POST /api/account/email-change': {
      // A new address per cell; nothing changes until the mailed link is opened.
      request: (ctx) => ({
        body: { newEmail: uniqueEmail('matrix-change'), currentPassword: partyOf(ctx)?.password ?? 'Passw0rd!23' },
      }),
      expect: SIGNED_IN,
    },
    // Public by design: the mailed link's token is the credential, as the reset token is.
    'POST /api/account/email-change/confirm': {
      request: async () => ({ body: { token: await emailChangeToken() } }),
      expect: PUBLIC,
    },
    'POST /api/account/password': {
      // Each caller sets a password that passes the sign-up rules and keeps it for the later rows that
      // sign in anew (the owner's sign-up password has no digit). Its own session survives the change.
      request: (ctx) => {
        const party = partyOf(ctx);
        const body = {
          currentPassword: party?.password ?? 'Passw0rd!23',
          password: 'Passw0rd!23',
          confirmPassword: 'Passw0rd!23',
        };
        if (party) party.password = 'Passw0rd!23';
        return { body };
      },
      expect: SIGNED_IN,
    },
    'GET /api/account/sessions': { expect: SIGNED_IN },
    'DELETE /api/account/sessions/{id}': {
      // B's extra session: only B may end it; anyone else is told it does not exist.
      request: async ({ world }) => ({ params: { id: await extraSessionOf(world.b) } }),
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/account/sessions/end-others': { expect: SIGNED_IN },
  };
}
