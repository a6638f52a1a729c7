import type { AdminOrderMode, OrderKind, OrderStatus } from '../../../../shared/features/payments/orders.domain';
import type { AdminOrderList, AdminOrderListQuery } from '../../../../shared/features/payments/orders-admin.contracts';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { adminListApi, downloadListCsv, listPageQuery } from '../../../components/admin/listApi';

export interface OrderListParams {
  page: number;
  status: OrderStatus | null;
  /** A service's id or a package id. */
  service: string | null;
  mode: AdminOrderMode | null;
  kind: OrderKind | null;
  q: string;
  /** Paid from and through these UTC days (YYYY-MM-DD), as the home's money figures count. */
  paidFrom: string | null;
  paidTo: string | null;
  /** Each customer's first live payment only (the funnel's "first payment"). */
  first: boolean;
  utm: string | null;
  link: string | null;
}

export const ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
const orders = adminListApi<AdminOrderListQuery, AdminOrderList>('orders', ADMIN_ORDERS_KEY, ORDERS_PAGE_SIZE);

export const orderListQuery = (params: OrderListParams) => listPageQuery(orders, params);

/** Downloads the filter's orders (all pages) under the server's file name. */
export const downloadOrdersCsv = (params: Omit<OrderListParams, 'page'>, format: ExportFormat) =>
  downloadListCsv(orders, params, format);
