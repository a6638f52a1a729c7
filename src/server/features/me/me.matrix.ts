import { type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function meMatrix(_env: MatrixEnv): MatrixRows {
  return {
    // --- the signed-in user's own account ---------------------------------------------------------------
    'GET /api/me': { expect: SIGNED_IN },
    'PATCH /api/me': { request: () => ({ body: { lang: 'tr' } }), expect: SIGNED_IN },
  };
}
