import { fileForm } from '../../../../tests/support/files';
import { ADMIN_ONLY, type MatrixEnv, type MatrixRows } from '../../../../tests/support/matrix-rows';
import { PREPARED, SIGNED } from '../ein/ein.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function ss4Matrix({ appOf }: MatrixEnv): MatrixRows {
  return {
    'POST /api/admin/ein-applications/{id}/ss4': {
      fresh: 'applied',
      request: ({ world }) => ({ params: appOf(world), body: fileForm(PREPARED) }),
      expect: ADMIN_ONLY,
    },
    // The prefilled SS-4 (decision 0017). The matrix app has no SS4_TEMPLATE_PATH, so the admin's generate is
    // refused with 409 (and there is no draft to use or download); ss4/ss4-admin.test.ts covers the rest.
    'GET /api/admin/ein-applications/{id}/ss4-template-status': {
      request: ({ world }) => ({ params: appOf(world) }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/ein-applications/{id}/ss4-generate': {
      request: ({ world }) => ({ params: appOf(world), body: {} }),
      expect: [401, 403, 403, 409],
    },
    'POST /api/admin/ein-applications/{id}/ss4-generated/use': {
      request: ({ world }) => ({ params: appOf(world), body: {} }),
      expect: [401, 403, 403, 409],
    },
    'GET /api/admin/ein-applications/{id}/ss4-generated': {
      request: ({ world }) => ({ params: appOf(world) }),
      expect: [401, 403, 403, 409],
    },
    'GET /api/admin/ein-applications/{id}/ss4-data-sheet': {
      request: ({ world }) => ({ params: appOf(world) }),
      expect: ADMIN_ONLY,
    },
    'POST /api/ein-applications/me/signed-ss4': {
      fresh: 'ss4Ready',
      request: () => ({ body: fileForm(SIGNED) }),
      expect: [401, 404, '2xx', 404],
    },
  };
}
