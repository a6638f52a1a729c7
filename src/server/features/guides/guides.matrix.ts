import { type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function guidesMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'GET /api/guides/business-address.pdf': { request: () => ({ query: 'lang=en' }), expect: SIGNED_IN },
  };
}
