import { queryOptions } from '@tanstack/react-query';
import type {
  AdminOrderList,
  AdminOrderResult,
  AdminOrderView,
} from '../../../../shared/features/payments/payments.contracts';
import { api } from '../../../lib/api';
import { USERS_KEY } from './usersApi';

export type AdminOrder = AdminOrderView;

/** Under the users key: refreshing a user refreshes their orders too. */
export function userOrdersQuery(userId: string) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'orders', userId],
    queryFn: () =>
      api<AdminOrderList>('GET', `/api/admin/users/${encodeURIComponent(userId)}/orders`).then((r) => r.orders),
    staleTime: 0,
  });
}

export const recheckOrder = (id: string) =>
  api<AdminOrderResult>('POST', `/api/admin/orders/${encodeURIComponent(id)}/recheck`).then((r) => r.order);
