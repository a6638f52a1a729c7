import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { ATTACHMENT, supportForm } from './support.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function supportMatrix({ supportThreadOf }: MatrixEnv): MatrixRows {
  return {
    // --- support: a customer's own threads; A is pointed at B's ------------------------------------------
    'GET /api/support/threads': { expect: SIGNED_IN },
    'GET /api/support/unread-count': { expect: SIGNED_IN },
    'POST /api/support/threads': {
      // A and B each open their own; admins open threads for a user under /api/admin/support.
      fresh: 'account',
      request: () => ({ body: supportForm({ subject: 'Matrix', message: 'Matrix' }) }),
      expect: [401, '2xx', '2xx', 403],
    },
    'GET /api/support/threads/{id}': {
      request: async ({ world }) => ({ params: await supportThreadOf(world.b) }),
      // The admin reads threads on the admin route; here only the owner's own.
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/support/threads/{id}/messages': {
      fresh: 'account',
      request: async ({ world }) => ({
        params: await supportThreadOf(world.b),
        body: supportForm({ message: 'Matrix reply' }, ATTACHMENT),
      }),
      expect: [401, 404, '2xx', 404],
    },
    'GET /api/admin/support/threads': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'GET /api/admin/support/waiting-count': { expect: ADMIN_ONLY },
    'GET /api/admin/support/threads/{id}': {
      request: async ({ world }) => ({ params: await supportThreadOf(world.b) }),
      expect: ADMIN_ONLY,
    },
    'PUT /api/admin/support/threads/{id}/status': {
      fresh: 'account',
      request: async ({ world }) => ({ params: await supportThreadOf(world.b), body: { status: 'in_progress' } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/support/threads/{id}/messages': {
      fresh: 'account',
      request: async ({ world }) => ({
        params: await supportThreadOf(world.b),
        body: supportForm({ message: 'Matrix staff reply' }, ATTACHMENT),
      }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/support/threads': {
      fresh: 'account',
      request: ({ world }) => ({ body: supportForm({ userId: world.b.id, subject: 'Matrix', message: 'Matrix' }) }),
      expect: ADMIN_ONLY,
    },
  };
}
