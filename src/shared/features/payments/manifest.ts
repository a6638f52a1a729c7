import { adminPage, customerPage, type PageRoute } from '../../routes/page';

/** Checkout and orders. */
export const paymentsPages: readonly PageRoute[] = [
  customerPage('payment/test-checkout/:sessionId', 'pages/TestCheckoutPage.tsx', ['catalogue', 'payments']),
  customerPage('payment/success', 'pages/PaymentSuccessPage.tsx', ['catalogue', 'payments'], {
    guard: 'requirePaymentSession',
  }),
  customerPage('payment/cancelled', 'pages/PaymentCancelledPage.tsx', ['payments']),
  adminPage(
    'admin/orders',
    'admin/AdminOrdersPage.tsx',
    ['adminOrders', 'adminServices', 'catalogue', 'compliance', 'payments'],
    { key: 'orders', permission: 'orders.read', group: 'money' },
  ),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['payments', 'adminOrders'];
