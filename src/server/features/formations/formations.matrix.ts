import { ADMIN_ONLY, type MatrixEnv, type MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function formationsMatrix(_env: MatrixEnv): MatrixRows {
  return {
    // --- the customer's formation (A has none, so A's "me" is empty, never B's) -------------------------
    'POST /api/formations': {
      // A and B each create their own; admins do not form companies.
      fresh: 'account',
      request: () => ({ body: { formationType: 'self' } }),
      expect: [401, '2xx', '2xx', 403],
    },
    'GET /api/formations/me': { expect: [401, 404, '2xx', 404] },
    'POST /api/formations/me/guide-completion': {
      fresh: 'formation',
      request: () => ({ body: { isFormationComplete: true, state: 'Wyoming' } }),
      expect: [401, 404, '2xx', 404],
    },
    // --- admin formations: B's formation, its customer file and the CSV, for admins only -----------------
    'GET /api/admin/formations': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'GET /api/admin/formations/export.csv': { request: () => ({ query: 'format=csv' }), expect: ADMIN_ONLY },
    'PUT /api/admin/formations/{id}/status': {
      fresh: 'formation',
      request: ({ world }) => ({
        params: { id: world.b.formationId as string },
        body: { formationStatus: 'formation_completed' },
      }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/formations/{id}/file': {
      request: ({ world }) => ({ params: { id: world.b.formationId as string } }),
      expect: ADMIN_ONLY,
    },
  };
}
