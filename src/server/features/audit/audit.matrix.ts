import { ADMIN_ONLY, type MatrixEnv, type MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function auditMatrix(_env: MatrixEnv): MatrixRows {
  return {
    'GET /api/admin/audit': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'GET /api/admin/audit/actors': { expect: ADMIN_ONLY },
    'GET /api/admin/audit/export.csv': { request: () => ({ query: 'format=excel-tr' }), expect: ADMIN_ONLY },
  };
}
