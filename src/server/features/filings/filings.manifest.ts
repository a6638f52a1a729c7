import { FILING_NUMBERS_SWEEP, t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import { adminFilingListQuerySchema } from '../../../shared/features/filings/filings.contracts';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall } from '../../platform/first-calls';
import { filingsRoutes } from './filings.routes';
import { filingDeskPage, filingsAdminRoutes } from './filings-admin.routes';

export const filingsFeature: ServerFeature = {
  name: 'filings',
  api: [{ path: '/api/filings', routes: filingsRoutes }],
  admin: [{ path: '/filings', routes: filingsAdminRoutes }],
  firstCalls: {
    'admin/filings': deskFirstCall('filings', 'filings.read', adminFilingListQuerySchema, filingDeskPage),
  },
  personalData: [
    {
      store: t('filings', ['answers']),
      what: 'the filing’s answers: home address, citizenship, tax residence, company, money flows between owner and company sent to the IRS',
      export: { file: 'filings.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'filing',
    },
    {
      store: t('filings', ['foreign_tax_id_encrypted', 'foreign_tax_id_last4']),
      what: 'the owner’s foreign tax number (T.C. kimlik numarası), encrypted, and its last four',
      export: { file: 'filings.json' },
      erasure: { does: 'delete' },
      retention: { period: 'RETENTION_SSN_DAYS after the filing is done', sweep: FILING_NUMBERS_SWEEP },
      notice: 'taxNumbers',
    },
    {
      store: t('filings', ['us_tax_id_encrypted', 'us_tax_id_last4']),
      what: 'the owner’s ITIN or SSN, encrypted, and its last four',
      export: { file: 'filings.json' },
      erasure: { does: 'delete' },
      retention: { period: 'RETENTION_SSN_DAYS after the filing is done', sweep: FILING_NUMBERS_SWEEP },
      notice: 'taxNumbers',
    },
  ],
};
