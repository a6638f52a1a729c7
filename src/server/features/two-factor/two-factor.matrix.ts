import { hasSecondFactor, nextIp, type Party } from '../../../../tests/support/matrix-fixtures';
import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { nextSecondFactorCode } from '../../../../tests/support/test-app';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function twoFactorMatrix({ h, partyOf }: MatrixEnv): MatrixRows {
  return {
    // --- the user's own second factor (decision 0042): enrolled staff have one, customers do not --------
    'GET /api/me/two-factor': { expect: SIGNED_IN },
    'POST /api/me/two-factor/setup': { expect: [401, '2xx', '2xx', 409], unenrolled: '2xx' },
    // A code that fits no key: customers have none confirmed yet (400 or 409), staff already have one.
    'POST /api/me/two-factor/enable': {
      request: () => ({ body: { code: 'not-a-code' } }),
      expect: [401, '4xx', '4xx', 409],
      unenrolled: '4xx',
    },
    'POST /api/me/two-factor/disable': {
      request: () => ({ body: { code: 'not-a-code' } }),
      expect: [401, 409, 409, 403],
    },
    'POST /api/me/two-factor/recovery-codes': {
      request: () => ({ body: { code: 'not-a-code' } }),
      expect: [401, 409, 409, 400],
      unenrolled: 409,
    },
    'POST /api/me/two-factor/verify': {
      // Staff give a real code; customers have no second factor to give one of.
      request: (ctx) => ({
        body: { code: hasSecondFactor(ctx.role) ? nextSecondFactorCode((partyOf(ctx) as Party).email) : '123456' },
      }),
      expect: [401, 409, 409, '2xx'],
      unenrolled: 409,
    },
    // Decision 0042: an owner resets another member's second factor; a new member per cell to reset.
    'POST /api/admin/staff/{id}/two-factor/reset': {
      request: async () => ({ params: { id: (await h.staffParty('support', nextIp())).id } }),
      expect: ADMIN_ONLY,
    },
  };
}
