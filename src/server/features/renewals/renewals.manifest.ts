import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import { renewalDeskQuerySchema } from '../../../shared/features/renewals/renewals.contracts';
import { ADMIN_LISTS } from '../../../shared/routes/admin-lists';
import { serverToday } from '../../platform/clock';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall, readerMay } from '../../platform/first-calls';
import { renewalsRoutes } from './renewals.routes';
import { renewalsAdminRoutes } from './renewals-admin.routes';
import { listRenewalDesk, renewalSummary } from './renewals-admin.service';

const renewalsPage = deskFirstCall('renewals', 'renewals.read', renewalDeskQuerySchema, (deps, query) =>
  listRenewalDesk(deps.database.db, query, serverToday(deps.env)),
);

export const renewalsFeature: ServerFeature = {
  name: 'renewals',
  api: [{ path: '/api/renewals', routes: renewalsRoutes }],
  admin: [{ path: '/renewals', routes: renewalsAdminRoutes }],
  firstCalls: {
    // The list and the counts above it, which would otherwise appear after the first paint and push it down.
    'admin/renewals': (call) => [
      ...renewalsPage(call),
      ...(readerMay(call.reader, 'renewals.read')
        ? ([
            [
              `${ADMIN_LISTS.renewals}/summary`,
              () => renewalSummary(call.deps.database.db, serverToday(call.deps.env)),
            ],
          ] as const)
        : []),
    ],
  },
  personalData: [
    {
      store: t('subscriptions', 'all'),
      what: 'yearly subscriptions: periods, status, cancel reason',
      export: { file: 'subscriptions.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'payments',
    },
    {
      store: t('subscription_events', 'all'),
      what: 'the subscriptions’ history',
      export: { file: 'subscriptions.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'payments',
    },
    {
      store: t('renewal_tasks', ['note']),
      what: 'staff’s renewal tasks about the customer, with notes',
      export: {
        excluded: 'staff’s working notes; the customer’s subscriptions and their history are in subscriptions.json',
      },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'payments',
    },
  ],
};
