import { fileForm } from '../../../../tests/support/files';
import { type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { SIGNED } from '../ein/ein.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function documentsMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'GET /api/documents': { expect: SIGNED_IN },
    'POST /api/documents': {
      // Each caller uploads into their own vault (nothing of B's to point at); admins upload for a user elsewhere.
      fresh: 'account',
      request: () => {
        const body = fileForm(SIGNED);
        body.append('category', 'business_license');
        return { body };
      },
      expect: [401, '2xx', '2xx', 403],
    },
  };
}
