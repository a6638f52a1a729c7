import { type MatrixEnv, type MatrixRows, PUBLIC } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function healthMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'GET /healthz': { extra: true, expect: PUBLIC },
    'GET /readyz': { extra: true, expect: PUBLIC },
  };
}
