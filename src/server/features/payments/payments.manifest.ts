import { ACCOUNTING, t } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { ordersRoutes } from './orders.routes';
import { ordersAdminRoutes } from './orders-admin.routes';
import { paymentsRoutes } from './payments.routes';
import { paymentsAdminRoutes } from './payments-admin.routes';

export const paymentsFeature: ServerFeature = {
  name: 'payments',
  api: [
    { path: '/api/payments', routes: paymentsRoutes },
    { path: '/api/orders', routes: ordersRoutes },
  ],
  admin: [
    { path: '/', routes: paymentsAdminRoutes },
    { path: '/orders', routes: ordersAdminRoutes },
  ],
  personalData: [
    {
      store: t('orders', 'all'),
      what: 'orders and payments: what was bought, amount, status',
      export: { file: 'orders.json' },
      erasure: {
        does: 'keep',
        reason: 'accounting law: a paid order stays; it holds no personal field besides the erased account’s id',
      },
      retention: ACCOUNTING,
      notice: 'payments',
    },
    {
      store: t('local_checkout_sessions', ['customer_email'], null),
      what: 'the test checkout’s session with the buyer’s email',
      export: { excluded: 'the payment step’s working copy of the order in orders.json' },
      erasure: { does: 'anonymise', columns: ['customer_email'], reason: 'it belongs to a kept order' },
      retention: ACCOUNTING,
      notice: 'payments',
    },
  ],
};
