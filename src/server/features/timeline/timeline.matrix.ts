import type { MatrixEnv, MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function timelineMatrix(_env: MatrixEnv): MatrixRows {
  return {
    // The customer's own History; an admin reads a customer's timeline in the customer file instead.
    'GET /api/me/timeline': { request: () => ({ query: 'limit=100' }), expect: [401, '2xx', '2xx', 403] },
  };
}
