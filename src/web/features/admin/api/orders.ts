import { queryOptions } from '@tanstack/react-query';
import type { AddressOption, PackageId } from '../../../../shared/catalogue/packages';
import type { OrderKind, OrderStatus } from '../../../../shared/domain/orders';
import { api } from '../../../lib/api';
import { USERS_KEY } from './users';

/** AdminOrderView of the API contract (issue 11). */
export interface AdminOrder {
  id: string;
  kind: OrderKind;
  serviceId: string | null;
  packageId: PackageId | null;
  addressOption: AddressOption | null;
  /** The service's title at purchase time (service orders only). */
  title: string | null;
  titleEn: string | null;
  amountCents: number;
  currency: 'usd';
  status: OrderStatus;
  provider: 'stripe' | 'local';
  providerSessionId: string | null;
  providerPaymentId: string | null;
  createdAt: string;
  paidAt: string | null;
  updatedAt: string;
}

/** Under the users key: refreshing a user refreshes their orders too. */
export function userOrdersQuery(userId: string) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'orders', userId],
    queryFn: () =>
      api<{ orders: AdminOrder[] }>('GET', `/api/admin/users/${encodeURIComponent(userId)}/orders`).then(
        (r) => r.orders,
      ),
    staleTime: 0,
  });
}

export const recheckOrder = (id: string) =>
  api<{ order: AdminOrder }>('POST', `/api/admin/orders/${encodeURIComponent(id)}/recheck`).then((r) => r.order);
