import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { renewalsRoutes } from './renewals.routes';
import { renewalsAdminRoutes } from './renewals-admin.routes';

export const renewalsFeature: ServerFeature = {
  name: 'renewals',
  api: [{ path: '/api/renewals', routes: renewalsRoutes }],
  admin: [{ path: '/renewals', routes: renewalsAdminRoutes }],
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
