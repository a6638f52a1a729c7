import { t } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { auditAdminRoutes } from './audit-admin.routes';

export const auditFeature: ServerFeature = {
  name: 'audit',
  admin: [{ path: '/audit', routes: auditAdminRoutes }],
  personalData: [
    {
      store: t('audit_events', ['before', 'after', 'network'], 'subject_user_id'),
      what: 'audit rows about the customer: who did what, when, from which network',
      export: { file: 'history.json' },
      erasure: {
        does: 'anonymise',
        columns: ['before', 'after', 'network'],
        reason: 'the record that an action happened stays for accountability, without its personal fields',
      },
      retention: { period: 'as long as the record of actions is needed (generally 10 years)', sweep: null },
      notice: 'history',
    },
  ],
};
