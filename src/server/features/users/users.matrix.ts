import { fileForm } from '../../../../tests/support/files';
import { ADMIN_ONLY, type MatrixEnv, type MatrixRows } from '../../../../tests/support/matrix-rows';
import { PREPARED } from '../ein/ein.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function usersMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'GET /api/admin/users/{id}/orders': {
      request: ({ world }) => ({ params: { id: world.b.id } }),
      expect: ADMIN_ONLY,
    },
    // --- admin users: every account, B's included, for admins only ---------------------------------------
    'GET /api/admin/users': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'GET /api/admin/users/{id}': { request: ({ world }) => ({ params: { id: world.b.id } }), expect: ADMIN_ONLY },
    'PATCH /api/admin/users/{id}': {
      fresh: 'account',
      request: ({ world }) => ({ params: { id: world.b.id }, body: { displayName: 'Matrix Görünen Ad' } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/users/{id}/documents': {
      fresh: 'account',
      request: ({ world }) => {
        const body = fileForm(PREPARED);
        body.append('category', 'business_license');
        return { params: { id: world.b.id }, body };
      },
      expect: ADMIN_ONLY,
    },
  };
}
