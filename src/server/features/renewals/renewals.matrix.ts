import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { subscriptionOf } from './renewals.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function renewalsMatrix({ app }: MatrixEnv): MatrixRows {
  return {
    // --- renewals (decisions 0053, 0054): the customer's own subscriptions; the renewals desk for staff ------
    'GET /api/renewals': { expect: SIGNED_IN },
    // A and staff ask for B's subscription: A is refused as a stranger, staff as non-customers.
    'POST /api/renewals/{id}/checkout': {
      request: async ({ world }) => ({ params: { id: (await subscriptionOf(app(), world.b.id)).id } }),
      expect: [401, 404, '2xx', 403],
    },
    'POST /api/renewals/{id}/cancel': {
      fresh: 'completed',
      request: async ({ world }) => {
        const sub = await subscriptionOf(app(), world.b.id);
        return { params: { id: sub.id }, body: { periodEnd: sub.periodEnd, reason: 'other' } };
      },
      expect: [401, 404, '2xx', 403],
    },
    'POST /api/renewals/{id}/resume': {
      fresh: 'completed',
      request: async ({ world }) => ({
        params: { id: (await subscriptionOf(app(), world.b.id, { cancelled: true })).id },
      }),
      expect: [401, 404, '2xx', 403],
    },
    'GET /api/admin/renewals': {
      request: () => ({ query: 'view=due&days=30&page=1&pageSize=20' }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/renewals/summary': { expect: ADMIN_ONLY },
    'GET /api/admin/renewals/export.csv': { request: () => ({ query: 'view=cancelled' }), expect: ADMIN_ONLY },
    'GET /api/admin/renewals/tasks': { expect: ADMIN_ONLY },
    'POST /api/admin/renewals/tasks/{id}/done': {
      fresh: 'completed',
      request: async ({ world }) => ({
        params: { id: (await subscriptionOf(app(), world.b.id, { task: true })).taskId as string },
        body: { doneOn: '2026-11-20', note: 'Matrix' },
      }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/renewals/customers/{userId}': {
      request: ({ world }) => ({ params: { userId: world.b.id } }),
      expect: ADMIN_ONLY,
    },
  };
}
