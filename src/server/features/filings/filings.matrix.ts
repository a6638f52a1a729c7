import { fileForm } from '../../../../tests/support/files';
import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { serverToday } from '../../platform/clock';
import { SIGNED } from '../ein/ein.fixtures';
import { filingOf, GOOD_ANSWERS, stateItemOf } from './filings.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function filingsMatrix({ app }: MatrixEnv): MatrixRows {
  return {
    // --- tracked filings (decision 0051): each cell gets a filing of B's at the stage the call needs ---------
    'GET /api/filings': { expect: SIGNED_IN },
    'GET /api/filings/{id}': {
      request: async ({ world }) => ({ params: { id: (await filingOf(app(), world.b.id)).id } }),
      expect: [401, 404, '2xx', 404],
    },
    'PUT /api/filings/{id}/answers': {
      request: async ({ world }) => ({
        params: { id: (await filingOf(app(), world.b.id)).id },
        body: { company: { name: 'Matrix LLC' } },
      }),
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/filings/{id}/answers': {
      request: async ({ world }) => ({ params: { id: (await filingOf(app(), world.b.id)).id }, body: GOOD_ANSWERS }),
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/filings/{id}/signed': {
      request: async ({ world }) => ({
        params: { id: (await filingOf(app(), world.b.id, 'prepared')).id },
        body: fileForm(SIGNED),
      }),
      expect: [401, 404, '2xx', 404],
    },
    'POST /api/filings/{id}/question': {
      request: async ({ world }) => ({
        params: { id: (await filingOf(app(), world.b.id)).id },
        body: { message: 'Matrix question' },
      }),
      expect: [401, 404, '2xx', 404],
    },
    'GET /api/admin/filings': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'GET /api/admin/filings/export.csv': { request: () => ({ query: 'format=excel-tr' }), expect: ADMIN_ONLY },
    'GET /api/admin/filings/{id}': {
      request: async ({ world }) => ({ params: { id: (await filingOf(app(), world.b.id)).id } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/filings/{id}/prepare': {
      request: async ({ world }) => ({ params: { id: (await filingOf(app(), world.b.id, 'answered')).id } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/filings/{id}/submitted': {
      request: async ({ world }) => {
        const body = fileForm(SIGNED);
        body.append('method', 'fax');
        body.append('filedOn', '2026-03-02');
        return { params: { id: (await filingOf(app(), world.b.id, 'signed')).id }, body };
      },
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/filings/{id}/done': {
      request: async ({ world }) => ({ params: { id: (await filingOf(app(), world.b.id, 'submitted')).id } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/filings/{id}/extension': {
      request: async ({ world }) => ({
        params: { id: (await filingOf(app(), world.b.id)).id },
        body: { filedOn: '2026-04-01' },
      }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/filings/state-reports': {
      fresh: 'completed',
      request: async ({ world }) => {
        const today = serverToday(app().deps.env);
        const body = fileForm(SIGNED);
        body.append('userId', world.b.id);
        body.append('itemKey', await stateItemOf(app(), world.b.id, today));
        body.append('filedOn', today);
        body.append('confirmationNumber', 'WY-MATRIX-1');
        return { body };
      },
      expect: ADMIN_ONLY,
    },
  };
}
