import { queryOptions } from '@tanstack/react-query';
import type {
  OrderList,
  OrderResult,
  RedirectResult,
  TestCheckoutResult,
} from '../../../../shared/features/payments/payments.contracts';
import { api } from '../../../lib/api';

export type { OrderView, TestCheckoutSession } from '../../../../shared/features/payments/payments.contracts';

export const ORDERS_KEY = ['orders'] as const;

export const ordersQuery = queryOptions({
  queryKey: [...ORDERS_KEY, 'mine'],
  queryFn: async () => (await api<OrderList>('GET', '/api/orders')).orders,
  // A payment is confirmed by the provider, possibly after the page loaded: ask on every visit.
  staleTime: 0,
});

export function checkoutSessionQuery(sessionId: string) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'session', sessionId],
    queryFn: async () =>
      (await api<OrderResult>('GET', `/api/payments/checkout-sessions/${encodeURIComponent(sessionId)}`)).order,
    staleTime: 0,
  });
}

const testCheckoutPath = (sessionId: string) => `/api/payments/test-checkout/${encodeURIComponent(sessionId)}`;

export function testCheckoutQuery(sessionId: string) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'test-checkout', sessionId],
    queryFn: async () => (await api<TestCheckoutResult>('GET', testCheckoutPath(sessionId))).session,
    staleTime: 0,
  });
}

export const payTestCheckout = (sessionId: string) => api<RedirectResult>('POST', `${testCheckoutPath(sessionId)}/pay`);

export const cancelTestCheckout = (sessionId: string) =>
  api<RedirectResult>('POST', `${testCheckoutPath(sessionId)}/cancel`);
