import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminOrderList } from '../../../../shared/contracts/orders-admin';
import type { AdminOrderMode, OrderKind, OrderStatus } from '../../../../shared/domain/orders';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';

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
const BASE = '/api/admin/orders';
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

function filterSearch(params: Omit<OrderListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.service) search.set('service', params.service);
  if (params.mode) search.set('mode', params.mode);
  if (params.kind) search.set('kind', params.kind);
  if (params.q) search.set('q', params.q);
  if (params.paidFrom) search.set('paidFrom', params.paidFrom);
  if (params.paidTo) search.set('paidTo', params.paidTo);
  if (params.first) search.set('first', '1');
  if (params.utm) search.set('utm', params.utm);
  if (params.link) search.set('link', params.link);
  return search;
}

export function orderListQuery(params: OrderListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(ORDERS_PAGE_SIZE));
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'list', params],
    queryFn: () => api<AdminOrderList>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filter's orders (all pages) under the server's file name. */
export async function downloadOrdersCsv(
  params: Omit<OrderListParams, 'page'>,
  format: 'csv' | 'excel-tr',
): Promise<void> {
  const search = filterSearch(params);
  if (format !== 'csv') search.set('format', format);
  await downloadCsv(`${BASE}/export.csv?${search}`, 'orders.csv');
}
