import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, PUBLIC, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { calendarTokenOf, complianceItemOf } from './compliance.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function complianceMatrix({ app }: MatrixEnv): MatrixRows {
  return {
    // --- compliance calendar (decision 0020): the customer's own items and feed; the deadlines desk for admins --
    'GET /api/compliance/me': { expect: SIGNED_IN },
    // A, B and the admin each ask for B's item key: only B has it (A and the admin have no such item).
    'PUT /api/compliance/me/items/{itemKey}/done': {
      fresh: 'completed',
      request: async ({ world }) => ({ params: { itemKey: await complianceItemOf(app(), world.b.id) } }),
      expect: [401, 404, '2xx', 404],
    },
    'DELETE /api/compliance/me/items/{itemKey}/done': {
      fresh: 'completed',
      request: async ({ world }) => ({
        params: { itemKey: await complianceItemOf(app(), world.b.id, { marked: true }) },
      }),
      expect: [401, 404, '2xx', 404],
    },
    'GET /api/compliance/me/calendar': { expect: SIGNED_IN },
    'POST /api/compliance/me/calendar': { expect: SIGNED_IN },
    'GET /api/admin/compliance/deadlines': {
      request: () => ({ query: 'days=60&page=1&pageSize=20' }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/compliance/deadlines/export.csv': { request: () => ({ query: 'days=60' }), expect: ADMIN_ONLY },
    'PUT /api/admin/compliance/customers/{userId}/items/{itemKey}/done': {
      fresh: 'completed',
      request: async ({ world }) => ({
        params: { userId: world.b.id, itemKey: await complianceItemOf(app(), world.b.id) },
      }),
      expect: ADMIN_ONLY,
    },
    'DELETE /api/admin/compliance/customers/{userId}/items/{itemKey}/done': {
      fresh: 'completed',
      request: async ({ world }) => ({
        params: { userId: world.b.id, itemKey: await complianceItemOf(app(), world.b.id, { marked: true }) },
      }),
      expect: ADMIN_ONLY,
    },
    // The feed is a page outside the document whose token is the credential, as /go's slug is: whoever holds
    // B's (secret) URL reads B's dates, nothing else of B's (the markers check still runs).
    'GET /calendar/{token}.ics': {
      extra: true,
      unowned: true,
      request: async ({ world }) => ({ params: { token: await calendarTokenOf(app(), world.b.id) } }),
      expect: PUBLIC,
    },
  };
}
