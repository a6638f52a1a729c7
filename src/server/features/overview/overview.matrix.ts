import { ADMIN_ONLY, type MatrixEnv, type MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function overviewMatrix(_env: MatrixEnv): MatrixRows {
  return {
    // --- back office ------------------------------------------------------------------------------------
    'GET /api/admin/overview': { expect: ADMIN_ONLY },
    // The operator's home (decision 0055): each panel behind the permission of the list it counts.
    'GET /api/admin/home/growth': { expect: ADMIN_ONLY },
    'GET /api/admin/home/funnel': { expect: ADMIN_ONLY },
    'GET /api/admin/home/money': { expect: ADMIN_ONLY },
    'GET /api/admin/home/irs': { expect: ADMIN_ONLY },
    'GET /api/admin/home/care': { expect: ADMIN_ONLY },
    'GET /api/admin/home/deadlines': { expect: ADMIN_ONLY },
  };
}
