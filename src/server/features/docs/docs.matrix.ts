import { type MatrixEnv, type MatrixRows, PUBLIC } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function docsMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'GET /api/openapi.json': { extra: true, expect: PUBLIC },
    'GET /api/docs': { extra: true, expect: PUBLIC },
  };
}
