import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { bankReadinessRoutes } from './bank-readiness.routes';
import { bankReadinessAdminRoutes } from './bank-readiness-admin.routes';

export const bankReadinessFeature: ServerFeature = {
  name: 'bank-readiness',
  // The customer's own addresses, checks, applications and packs (decision 0084).
  api: [{ path: '/api/bank-readiness', routes: bankReadinessRoutes }],
  // The catalogue's rules, the home's summary and the customer file's bank history (decision 0085).
  admin: [{ path: '/bank-readiness', routes: bankReadinessAdminRoutes }],
  personalData: [
    {
      store: t('bank_addresses', 'all'),
      what: 'the company’s addresses by role and kind, the owner’s home among them',
      export: { file: 'bank-readiness.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'bank',
    },
    {
      store: t('bank_applications', 'all'),
      what: 'where the customer applied for a bank account and what the bank answered, with its reason',
      export: { file: 'bank-readiness.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'bank',
    },
  ],
};
