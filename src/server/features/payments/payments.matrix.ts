import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, PUBLIC, SIGNED_IN } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function paymentsMatrix({ orderOf, ignoredEvent, serviceId }: MatrixEnv): MatrixRows {
  return {
    'POST /api/payments/checkout': {
      request: () => ({ body: { serviceId: serviceId() } }),
      // Admins run the shop; they do not buy from it.
      expect: [401, '2xx', '2xx', 403],
    },
    'GET /api/orders': { expect: SIGNED_IN },
    'GET /api/payments/checkout-sessions/{sessionId}': {
      request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
      expect: [401, 404, '2xx', 404],
    },
    // Public by design: the signature is the caller's credential (payments.test.ts refuses bad ones).
    'POST /api/payments/stripe/webhook': { request: () => ignoredEvent(), expect: PUBLIC },
    'GET /api/payments/test-checkout/{sessionId}': {
      request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/payments/test-checkout/{sessionId}/pay': {
      fresh: 'account',
      request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/payments/test-checkout/{sessionId}/cancel': {
      fresh: 'account',
      request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/admin/orders/{id}/recheck': {
      request: async ({ world }) => ({ params: { id: (await orderOf(world.b)).orderId } }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/orders': { request: () => ({ query: 'page=1&pageSize=20&status=paid' }), expect: ADMIN_ONLY },
    'GET /api/admin/orders/export.csv': { request: () => ({ query: 'mode=test' }), expect: ADMIN_ONLY },
  };
}
