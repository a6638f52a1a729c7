import { t } from '../../../shared/domain/personal-data';
import { auditListQuerySchema } from '../../../shared/features/audit/audit.contracts';
import { ADMIN_LISTS } from '../../../shared/routes/admin-lists';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall, readerMay } from '../../platform/first-calls';
import { auditAdminRoutes } from './audit-admin.routes';
import { auditActors, auditTrailPage } from './audit-admin.service';

const auditPage = deskFirstCall('audit', 'audit.read', auditListQuerySchema, (deps, query, reader) =>
  auditTrailPage(deps.database.db, query, reader.user.role),
);

export const auditFeature: ServerFeature = {
  name: 'audit',
  admin: [{ path: '/audit', routes: auditAdminRoutes }],
  firstCalls: {
    'admin/audit': (call) => [
      ...auditPage(call),
      ...(readerMay(call.reader, 'audit.read')
        ? ([
            [`${ADMIN_LISTS.audit}/actors`, async () => ({ actors: await auditActors(call.deps.database.db) })],
          ] as const)
        : []),
    ],
  },
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
