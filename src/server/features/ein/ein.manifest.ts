import { SSN_SWEEP, t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import { adminEinListQuerySchema } from '../../../shared/features/ein/ein.contracts';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall } from '../../platform/first-calls';
import { einRoutes } from './ein.routes';
import { einAdminRoutes } from './ein-admin.routes';
import { einDeskPage } from './ein-admin.service';
import { einFollowUpsAdminRoutes } from './ein-follow-ups.routes';

export const einFeature: ServerFeature = {
  name: 'ein',
  api: [{ path: '/api/ein-applications', routes: einRoutes }],
  admin: [
    { path: '/ein-applications', routes: einAdminRoutes },
    { path: '/ein-applications', routes: einFollowUpsAdminRoutes },
  ],
  firstCalls: { 'admin/ein': deskFirstCall('ein', 'ein.read', adminEinListQuerySchema, einDeskPage) },
  personalData: [
    {
      store: t('ein_applications', [
        'business_name',
        'email',
        'responsible_party_name',
        'responsible_party_phone',
        'admin_notes',
      ]),
      what: 'the EIN application: company and responsible party details',
      export: { file: 'ein-application.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'ein',
    },
    {
      store: t('ein_applications', ['responsible_party_ssn_encrypted', 'responsible_party_ssn_last4']),
      what: 'the responsible party’s SSN, encrypted, and its last four',
      export: { file: 'ein-application.json' },
      erasure: { does: 'delete' },
      retention: { period: 'RETENTION_SSN_DAYS after the EIN is issued', sweep: SSN_SWEEP },
      notice: 'ein',
    },
    {
      store: t('ein_follow_ups', 'all'),
      what: 'follow-ups with the IRS about the application (the note only when shareable in the copy)',
      export: { file: 'ein-follow-ups.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'ein',
    },
    {
      store: { files: 'ein-application' },
      what: 'the application’s files: articles, agent invoice, SS-4 (prepared, generated, signed), EIN letter (in the copy with the vault’s files; one the vault does not hold goes to files/ein-application/)',
      export: { file: 'files/documents/' },
      erasure: { does: 'delete' },
      retention: {
        period: 'the SS-4 files RETENTION_SSN_DAYS after the EIN is issued; the rest while open',
        sweep: SSN_SWEEP,
      },
      notice: 'documents',
    },
  ],
};
