import { type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function feedbackMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'POST /api/feedback/business-address': {
      request: () => ({ body: { completed: false, feedbackText: 'Matrix' } }),
      expect: SIGNED_IN,
    },
  };
}
