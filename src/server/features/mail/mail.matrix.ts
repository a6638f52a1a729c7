import { fileForm } from '../../../../tests/support/files';
import { ADMIN_ONLY, type MatrixEnv, type MatrixRows, SIGNED_IN } from '../../../../tests/support/matrix-rows';
import { serverToday } from '../../platform/clock';
import {
  cp575Fields,
  forwardableLetterOf,
  letterForm,
  letterOf,
  letterWithEnvelope,
  SCAN as MAIL_SCAN,
  paidScanLetterOf,
  scannedEinLetterOf,
} from './mail.fixtures';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function mailMatrix({ app }: MatrixEnv): MatrixRows {
  return {
    // --- the mailroom (decision 0086): the customer's own letters; the mail desk (mail.read, mail.handle) -----------
    // Each cell gets a letter of B's of its own, so a write in one cell leaves the next one's letter as it was.
    'GET /api/mail/letters': { expect: SIGNED_IN },
    'POST /api/mail/letters/{id}/decision': {
      request: async ({ world }) => ({ params: { id: await letterOf(app(), world.b.id) }, body: { decision: 'hold' } }),
      expect: [401, 404, '2xx', 404],
    },
    'GET /api/mail/letters/{id}/envelope': {
      request: async ({ world }) => ({ params: { id: await letterWithEnvelope(app(), world.b.id) } }),
      expect: [401, 404, '2xx', 404],
    },
    // Forwarding (decision 0089): a checkout of the customer's own; staff have no checkout (403).
    'POST /api/mail/letters/{id}/forward': {
      request: async ({ world }) => ({ params: { id: await forwardableLetterOf(app(), world.b.id) } }),
      expect: [401, 404, '2xx', 403],
    },
    // An extra scan beyond the month's included ones (decision 0099): a checkout of the customer's own.
    'POST /api/mail/letters/{id}/scan-checkout': {
      request: async ({ world }) => ({ params: { id: await paidScanLetterOf(app(), world.b.id) } }),
      expect: [401, 404, '2xx', 403],
    },
    'GET /api/mail/settings': { expect: SIGNED_IN },
    'PUT /api/mail/settings/address': {
      request: () => ({
        body: { recipient: 'Matrix Sahibi', line1: 'Matrix Sokak 1', city: 'Ankara', country: 'TR' },
      }),
      expect: SIGNED_IN,
    },
    'PUT /api/mail/settings/rules': {
      request: () => ({ body: { scanGovernment: true, shredAdvertising: false } }),
      expect: SIGNED_IN,
    },
    'GET /api/admin/mail/letters': { request: () => ({ query: 'queue=all&page=1&pageSize=20' }), expect: ADMIN_ONLY },
    'GET /api/admin/mail/summary': { expect: ADMIN_ONLY },
    'GET /api/admin/mail/letters/export.csv': {
      request: () => ({ query: 'queue=held&format=csv' }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/mail/letters/{id}/forwarded': {
      request: async ({ world }) => ({
        params: { id: await letterOf(app(), world.b.id, { status: 'to_forward' }) },
        body: { trackingNumber: 'RR000000001TR', forwardedOn: serverToday(app().deps.env) },
      }),
      expect: ADMIN_ONLY,
    },
    // Decision 0089: a 147C gives an issued application its missing number, through the EIN desk (ein.process).
    'POST /api/admin/mail/letters/{id}/ein': {
      fresh: 'issued',
      request: async ({ world }) => ({
        params: { id: await scannedEinLetterOf(app(), world.b.id, 'letter147c', { einMissing: true }) },
        body: { ein: '98-7654321' },
      }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/mail/letters/{id}/shredded': {
      request: async ({ world }) => ({
        params: { id: await letterOf(app(), world.b.id, { status: 'shred_requested' }) },
        body: { shreddedOn: serverToday(app().deps.env) },
      }),
      expect: ADMIN_ONLY,
    },
    // The scans each address plan includes: finance's catalogue (services.manage). Saved as "not counted",
    // so the rows after it find the portal as it was.
    'GET /api/admin/mail/scan-allowances': { expect: ADMIN_ONLY },
    'PUT /api/admin/mail/scan-allowances': {
      request: () => ({ body: { shared_address: null, private_address: null } }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/mail/companies': { request: () => ({ query: 'q=matrix' }), expect: ADMIN_ONLY },
    'POST /api/admin/mail/letters': {
      request: ({ world }) => ({ body: letterForm(cp575Fields(app(), world.b.id, { confirmDuplicate: 'true' })) }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/mail/letters/{id}/assign': {
      request: async ({ world }) => ({ params: { id: await letterOf(app(), null) }, body: { userId: world.b.id } }),
      expect: ADMIN_ONLY,
    },
    'POST /api/admin/mail/letters/{id}/scan': {
      request: async ({ world }) => ({ params: { id: await letterOf(app(), world.b.id) }, body: fileForm(MAIL_SCAN) }),
      expect: ADMIN_ONLY,
    },
    'GET /api/admin/mail/letters/{id}/envelope': {
      request: async ({ world }) => ({ params: { id: await letterWithEnvelope(app(), world.b.id) } }),
      expect: ADMIN_ONLY,
    },
  };
}
