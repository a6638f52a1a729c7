import { ADMIN_ONLY, type MatrixEnv, type MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function shortLinksMatrix({ matrixShortLink }: MatrixEnv): MatrixRows {
  return {
    // --- short links (decision 0013) ------------------------------------------------------------------
    'GET /api/admin/short-links': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'POST /api/admin/short-links': {
      request: () => ({ body: { originalUrl: 'https://example.com/matrix' } }),
      expect: ADMIN_ONLY,
    },
    'PATCH /api/admin/short-links/{id}': {
      request: async () => ({ params: { id: (await matrixShortLink()).id }, body: { utmCampaign: 'matrix' } }),
      expect: ADMIN_ONLY,
    },
    'DELETE /api/admin/short-links/{id}': {
      // A link of its own per cell: the admin's cell really deletes it.
      request: async () => ({ params: { id: (await matrixShortLink()).id } }),
      expect: ADMIN_ONLY,
    },
    // The public redirect: a page, outside the document. Everyone is sent on (302), signed in or not.
    'GET /go/{slug}': {
      extra: true,
      request: async () => ({ params: { slug: (await matrixShortLink()).slug } }),
      expect: ['3xx', '3xx', '3xx', '3xx'],
    },
  };
}
