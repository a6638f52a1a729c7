import { type MatrixEnv, type MatrixRows, PUBLIC, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { uniqueEmail } from '../../../../tests/support/test-app';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function authMatrix({ app, h }: MatrixEnv): MatrixRows {
  return {
    // --- auth: public by design; the body decides, not the session -------------------------------------
    'POST /api/auth/sign-up': {
      request: () => ({
        body: {
          fullName: 'Matrix Kişi',
          email: uniqueEmail('matrix'),
          password: 'Passw0rd!23',
          confirmPassword: 'Passw0rd!23',
          terms: true,
        },
      }),
      expect: PUBLIC,
    },
    'POST /api/auth/sign-in': {
      // A throwaway account's credentials, so no cell signs in as B and B's data stays out of the answers.
      request: async () => {
        const who = await h.customer();
        return { body: { email: who.email, password: who.password } };
      },
      expect: PUBLIC,
    },
    'POST /api/auth/admin-sign-up': {
      // The admin code is the credential and makes the first owner only (decision 0043): with the matrix's
      // owner in place it is refused to everyone, whatever their session.
      request: () => ({
        body: {
          fullName: 'Matrix Admin',
          email: uniqueEmail('matrix-admin'),
          password: 'adminpassword',
          confirmPassword: 'adminpassword',
          adminCode: app().deps.env.ADMIN_SIGNUP_CODE as string,
          terms: true,
        },
      }),
      expect: [403, 403, 403, 403],
    },
    'POST /api/auth/sign-out': { freshSession: true, expect: PUBLIC },
    'POST /api/auth/forgot-password': {
      // A new address per cell: the per-address mail limit is not what this row is about.
      request: () => ({ body: { email: uniqueEmail('matrix-forgot') } }),
      expect: PUBLIC,
    },
    'POST /api/auth/reset-password': {
      request: async () => ({
        body: { token: await h.resetToken(), password: 'NewPassw0rd1', confirmPassword: 'NewPassw0rd1' },
      }),
      expect: PUBLIC,
    },
    'POST /api/auth/verify-email/resend': { expect: SIGNED_IN },
    // Decision 0042: only a sign-in waiting for its code gets past 401, and no caller here has one.
    'POST /api/auth/sign-in/two-factor': {
      request: () => ({ body: { code: '123456' } }),
      expect: [401, 401, 401, 401],
    },
    'GET /api/auth/verify-email': {
      request: () => ({ query: 'token=not-a-real-token' }),
      expect: ['3xx', '3xx', '3xx', '3xx'],
    },
  };
}
