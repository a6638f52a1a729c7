import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { bankAddresses } from '../../db/schema';
import { HOME_IN_TURKEY } from './bank-readiness.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function bankReadinessMatrix({ app, partyOf }: MatrixEnv): MatrixRows {
  return {
    // --- bank readiness (decision 0084): each customer's own addresses, checks, applications and packs;
    // nothing names another customer's record, and staff hold no company (403 on the writes and the pack).
    'GET /api/bank-readiness': { expect: SIGNED_IN },
    // {role} names one of the caller's own address roles, no record of anyone: each customer writes their own.
    'PUT /api/bank-readiness/addresses/{role}': {
      unowned: true,
      request: () => ({ params: { role: 'owner_home' }, body: HOME_IN_TURKEY }),
      expect: [401, '2xx', '2xx', 403],
    },
    'DELETE /api/bank-readiness/addresses/{role}': {
      unowned: true,
      request: async (ctx) => {
        const party = partyOf(ctx);
        if (party && (ctx.role === 'customerA' || ctx.role === 'customerB')) {
          await app()
            .deps.database.db.insert(bankAddresses)
            .values({
              userId: party.id,
              role: 'owner_home',
              kind: 'home',
              country: 'TR',
              line1: 'Matrix',
              city: 'İstanbul',
            })
            .onConflictDoNothing();
        }
        return { params: { role: 'owner_home' } };
      },
      expect: [401, '2xx', '2xx', 403],
    },
    'POST /api/bank-readiness/applications': {
      request: () => ({ body: { provider: 'mercury', outcome: 'refused', reason: 'Matrix', decidedOn: '2026-11-20' } }),
      expect: [401, '2xx', '2xx', 403],
    },
    'GET /api/bank-readiness/pack.zip': {
      request: () => ({ query: 'provider=mercury' }),
      expect: [401, '2xx', '2xx', 403],
    },
    'GET /api/admin/bank-readiness/customers/{userId}': {
      request: ({ world }) => ({ params: { userId: world.b.id } }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/bank-readiness/rules': { expect: ADMIN_ONLY },
    'PUT /api/admin/bank-readiness/rules/{provider}/{key}': {
      unowned: true,
      request: () => ({
        params: { provider: 'mercury', key: 'review' },
        body: { checkedOn: '2026-11-28', withdrawn: false },
      }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/bank-readiness/summary': { expect: ADMIN_ONLY },
    // The list behind the home's bank figures (decision 0091): staff only; its export asks a fresh code.
    'GET /api/admin/bank-readiness/applications': { expect: ADMIN_ONLY },
    'GET /api/admin/bank-readiness/applications/export.csv': {
      request: () => ({ query: 'format=excel-tr&outcome=refused' }),
      expect: ADMIN_ONLY,
    },
  };
}
