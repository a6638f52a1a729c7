import { adminPage, customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Checkout and orders. */
export const paymentsFeature: SharedFeature = {
  name: 'payments',
  pages: [
    customerPage('payment/test-checkout/:sessionId', 'features/payments/pages/TestCheckoutPage.tsx', [
      'catalogue',
      'payments',
    ]),
    customerPage('payment/success', 'features/payments/pages/PaymentSuccessPage.tsx', ['catalogue', 'payments'], {
      guard: 'requirePaymentSession',
    }),
    customerPage('payment/cancelled', 'features/payments/pages/PaymentCancelledPage.tsx', ['payments']),
    adminPage('admin/orders', 'features/payments/admin/AdminOrdersPage.tsx', [
      'adminOrders',
      'adminServices',
      'catalogue',
      'compliance',
      'payments',
    ]),
  ],
  adminNav: [{ path: '/admin/orders', key: 'orders', permission: 'orders.read' }],
  messages: ['payments', 'adminOrders'],
};
