import type { MatrixEnv, MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function turnkeyMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'GET /api/formation-service/draft': { expect: [401, 409, '2xx', 409] },
    'PUT /api/formation-service/draft': {
      request: () => ({ body: { packageSelected: 'formation_only', stateType: 'recommended' } }),
      expect: [401, 409, '2xx', 409],
    },
    'POST /api/formation-service/checkout': {
      request: () => ({
        body: { packageSelected: 'formation_only', stateSelected: 'Wyoming', businessAddress: 'shared_address' },
      }),
      expect: [401, 409, '2xx', 409],
    },
  };
}
