import type { MatrixEnv, MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function filesMatrix({ fileOf }: MatrixEnv): MatrixRows {
  return {
    'GET /api/files/{folder}/{name}': {
      // B's articles of organization: staff read a customer's documents with documents.read, which finance lacks.
      request: ({ world }) => ({ params: fileOf(world.b) }),
      expect: [401, 404, '2xx', '2xx'],
      staff: { finance: 403 },
      unenrolled: 403,
    },
  };
}
