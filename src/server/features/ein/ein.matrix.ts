import { ADMIN_ONLY, type MatrixEnv, type MatrixRows } from '../../../../tests/support/matrix-rows';
import { serverToday } from '../../platform/clock';
import { applicationForm, einDocumentForm } from './ein.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function einMatrix({ app, appOf }: MatrixEnv): MatrixRows {
  return {
    'GET /api/admin/ein-applications': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'GET /api/admin/ein-applications/{id}': { request: ({ world }) => ({ params: appOf(world) }), expect: ADMIN_ONLY },
    'POST /api/admin/ein-applications/{id}/ssn': {
      request: ({ world }) => ({ params: appOf(world), body: {} }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/ein-applications/{id}/ein-document': {
      fresh: 'submitted',
      request: ({ world }) => ({ params: appOf(world), body: einDocumentForm() }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/ein-applications/{id}/advance': {
      fresh: 'ss4Uploaded',
      request: ({ world }) => ({ params: appOf(world), body: { to: 'submitted_to_irs' } }),
      expect: ADMIN_ONLY,
    },
    // Decision 0019: the EIN number of an issued application, set or corrected by staff only.
    'PUT /api/admin/ein-applications/{id}/ein': {
      fresh: 'issued',
      request: ({ world }) => ({ params: appOf(world), body: { ein: '98-7654321' } }),
      expect: ADMIN_ONLY,
    },
    'PUT /api/admin/ein-applications/{id}/notes': {
      request: ({ world }) => ({ params: appOf(world), body: { adminNotes: 'Checked by the matrix' } }),
      expect: ADMIN_ONLY,
    },
    // Decision 0050: the follow-up log of an application at submitted_to_irs (ein.read to read, ein.process to record).
    'GET /api/admin/ein-applications/{id}/follow-ups': {
      request: ({ world }) => ({ params: appOf(world) }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/ein-applications/{id}/follow-ups': {
      fresh: 'submitted',
      request: ({ world }) => ({
        params: appOf(world),
        body: {
          kind: 'irs_call',
          followedUpOn: serverToday(app().deps.env),
          outcome: 'still_processing',
          note: 'Matrix',
        },
      }),
      expect: ADMIN_ONLY,
    },
    // --- EIN, documents and files -----------------------------------------------------------------------
    'POST /api/ein-applications': {
      fresh: 'completed',
      request: () => ({ body: applicationForm() }),
      // A has no completed formation; admins do not apply.
      expect: [401, 409, '2xx', 403],
    },
    'GET /api/ein-applications/me': { expect: [401, 404, '2xx', 404] },
    // Decision 0019: the formation date and state file number, set by staff only.
    'PUT /api/admin/formations/{id}/company': {
      fresh: 'formation',
      request: ({ world }) => ({
        params: { id: world.b.formationId as string },
        body: { formedOn: '2024-03-01', stateFileNumber: '2024-001234567' },
      }),
      expect: ADMIN_ONLY,
    },
  };
}
