import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, PUBLIC } from '../../../../tests/support/matrix-rows';
import { services } from '../../db/schema';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function servicesMatrix({ app, serviceId }: MatrixEnv): MatrixRows {
  return {
    // --- services and payments: the catalogue is public; orders are their buyer's -------------------------
    'GET /api/services': { expect: PUBLIC },
    'GET /api/services/{id}': { unowned: true, request: () => ({ params: { id: serviceId() } }), expect: PUBLIC },
    'GET /api/admin/services': { expect: ADMIN_ONLY },
    'POST /api/admin/services': {
      request: () => ({ body: { title: 'Matrix hizmeti', description: 'Matrix', priceCents: 1000 } }),
      expect: ADMIN_ONLY,
    },
    'PATCH /api/admin/services/{id}': {
      request: () => ({ params: { id: serviceId() }, body: { description: 'Matrix açıklaması' } }),
      expect: ADMIN_ONLY,
    },
    'DELETE /api/admin/services/{id}': {
      // A service of its own per cell: the admin's cell really deletes it.
      request: async () => {
        const [row] = await app()
          .deps.database.db.insert(services)
          .values({ title: 'Matrix silinecek', description: 'Matrix', priceCents: 500 })
          .returning();
        return { params: { id: row.id } };
      },
      expect: ADMIN_ONLY,
    },
  };
}
