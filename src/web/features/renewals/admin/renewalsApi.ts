import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CompleteTaskInput,
  RenewalDeskList,
  RenewalSummary,
  RenewalTaskList,
  SubscriptionList,
} from '../../../../shared/contracts/renewals';
import type { RenewalDeskView, SubscriptionProduct } from '../../../../shared/domain/renewals';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';

export type { RenewalDeskRow, RenewalTask } from '../../../../shared/contracts/renewals';

export interface RenewalListParams {
  page: number;
  view: RenewalDeskView;
  days: number;
  product: SubscriptionProduct | null;
  sort: 'end_asc' | 'end_desc';
  q: string;
}

export const RENEWALS_PAGE_SIZE = 20;
const BASE = '/api/admin/renewals';
export const RENEWALS_KEY = ['admin', 'renewals'] as const;

function filterSearch(params: Omit<RenewalListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams({ view: params.view, days: String(params.days), sort: params.sort });
  if (params.product) search.set('product', params.product);
  if (params.q) search.set('q', params.q);
  return search;
}

export function renewalListQuery(params: RenewalListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(RENEWALS_PAGE_SIZE));
  return queryOptions({
    queryKey: [...RENEWALS_KEY, 'list', params],
    queryFn: () => api<RenewalDeskList>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export const renewalSummaryQuery = queryOptions({
  queryKey: [...RENEWALS_KEY, 'summary'],
  queryFn: () => api<RenewalSummary>('GET', `${BASE}/summary`),
  staleTime: 0,
});

export const renewalTasksQuery = queryOptions({
  queryKey: [...RENEWALS_KEY, 'tasks'],
  queryFn: () => api<RenewalTaskList>('GET', `${BASE}/tasks`),
  staleTime: 0,
});

export const customerSubscriptionsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...RENEWALS_KEY, 'customer', userId],
    queryFn: () => api<SubscriptionList>('GET', `${BASE}/customers/${encodeURIComponent(userId)}`),
    staleTime: 0,
  });

export const completeTask = (id: string, body: CompleteTaskInput) =>
  api<{ ok: true }>('POST', `${BASE}/tasks/${id}/done`, body);

/** Downloads the view's subscriptions (all pages) under the server's file name. */
export async function downloadRenewalsCsv(
  params: Omit<RenewalListParams, 'page'>,
  format: 'csv' | 'excel-tr',
): Promise<void> {
  const search = filterSearch(params);
  if (format !== 'csv') search.set('format', format);
  await downloadCsv(`${BASE}/export.csv?${search}`, 'renewals.csv');
}
