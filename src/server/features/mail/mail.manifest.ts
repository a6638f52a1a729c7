import { MAIL_SWEEP, t } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { mailRoutes } from './mail.routes';
import { mailAdminRoutes } from './mail-admin.routes';

export const mailFeature: ServerFeature = {
  name: 'mail',
  // The customer's letters (decision 0086).
  api: [{ path: '/api/mail', routes: mailRoutes }],
  // The mail desk.
  admin: [{ path: '/mail', routes: mailAdminRoutes }],
  // Letters and their envelope photos; their scans are vault documents (the documents feature's entry).
  personalData: [
    {
      store: t('letters', [
        'envelope_name',
        'sender',
        'sender_name',
        'kind',
        'letter_date',
        'received_on',
        'pages',
        'status',
        'held_reason',
        'forward_to',
        'tracking_number',
        'forwarded_on',
        'shredded_on',
      ]),
      what: 'letters that reached the company’s US address: the name on the envelope, sender, kind, dates, pages, the customer’s decisions',
      export: { file: 'letters.json' },
      erasure: { does: 'delete' },
      retention: {
        period:
          'IRS letters RETENTION_MAIL_IRS_DAYS (7 years) and advertising RETENTION_MAIL_ADVERTISING_DAYS (1 year) after arrival: the paper to shredding, then the record; other letters while the account is open',
        sweep: MAIL_SWEEP,
      },
      notice: 'letters',
    },
    {
      store: t('forwarding_addresses', ['recipient', 'line1', 'line2', 'city', 'region', 'postal_code', 'country']),
      what: 'the address the customer’s letters are forwarded to (each forwarded letter keeps its own copy)',
      export: { file: 'mail-settings.json' },
      erasure: { does: 'delete' },
      retention: { period: 'while the account is open; the customer replaces it', sweep: null },
      notice: 'letters',
    },
    {
      store: t('mail_standing_rules', ['scan_government', 'shred_advertising']),
      what: 'the customer’s standing rules for their letters (always scan IRS and state letters; shred advertising)',
      export: { file: 'mail-settings.json' },
      erasure: { does: 'delete' },
      retention: { period: 'while the account is open', sweep: null },
      notice: 'letters',
    },
    {
      store: { files: 'mail' },
      what: 'the photos of the letters’ envelopes',
      export: { file: 'files/mail/' },
      erasure: { does: 'delete' },
      retention: { period: 'with their letter', sweep: MAIL_SWEEP },
      notice: 'letters',
    },
  ],
};
