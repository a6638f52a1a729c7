import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, PUBLIC, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { LEGAL_TEXT_VERSIONS } from '../../../shared/features/privacy/privacy.domain';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function privacyMatrix({ erasureToken, pendingErasureId }: MatrixEnv): MatrixRows {
  return {
    // --- customers' data rights (decisions 0046, 0047) ---------------------------------------------------------
    'GET /api/privacy/consents': { expect: SIGNED_IN },
    'POST /api/privacy/consents/accept': {
      request: () => ({ body: { ...LEGAL_TEXT_VERSIONS } }),
      expect: SIGNED_IN,
    },
    'PUT /api/privacy/consents/{kind}': {
      // The path names a kind of consent, not anyone's record: each caller sets their own.
      unowned: true,
      request: () => ({ params: { kind: 'productMails' }, body: { given: true } }),
      expect: SIGNED_IN,
    },
    // A customer's own copy (one an hour, so each A and B once per run); staff have no customer records.
    'GET /api/privacy/export.zip': { fresh: 'account', expect: [401, '2xx', '2xx', 403] },
    'GET /api/privacy/erasure': { expect: SIGNED_IN },
    'POST /api/privacy/erasure': { fresh: 'account', expect: [401, '2xx', '2xx', 403] },
    // Public by design: the mailed link's token is the credential, as the reset token is.
    'POST /api/privacy/erasure/confirm': {
      request: async () => ({ body: { token: await erasureToken() } }),
      expect: PUBLIC,
    },
    'GET /api/admin/privacy/erasures': { request: () => ({ query: 'status=pending' }), expect: ADMIN_ONLY },
    'POST /api/admin/privacy/erasures/{id}/approve': {
      request: async () => ({ params: { id: await pendingErasureId() }, body: {} }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/privacy/erasures/{id}/decline': {
      request: async () => ({ params: { id: await pendingErasureId() }, body: { answer: 'Matrix' } }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/privacy/customers/{id}/export.zip': {
      request: ({ world }) => ({ params: { id: world.b.id } }),
      expect: ADMIN_ONLY,
    },
  };
}
