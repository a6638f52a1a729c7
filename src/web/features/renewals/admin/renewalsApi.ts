import { queryOptions } from '@tanstack/react-query';
import type {
  CompleteTaskInput,
  RenewalDeskList,
  RenewalDeskQueryInput,
  RenewalSummary,
  RenewalTaskList,
  SubscriptionList,
} from '../../../../shared/features/renewals/renewals.contracts';
import type { RenewalDeskView, SubscriptionProduct } from '../../../../shared/features/renewals/renewals.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { adminListApi, downloadListCsv, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';
import { bootSeed } from '../../../lib/bootQuery';

export type { RenewalDeskRow, RenewalTask } from '../../../../shared/features/renewals/renewals.contracts';

export interface RenewalListParams {
  page: number;
  view: RenewalDeskView;
  days: number;
  product: SubscriptionProduct | null;
  sort: 'end_asc' | 'end_desc';
  q: string;
}

export const RENEWALS_PAGE_SIZE = DESK_FIRST_QUERY.renewals.pageSize;
export const RENEWALS_KEY = ['admin', 'renewals'] as const;
const renewals = adminListApi<RenewalDeskQueryInput, RenewalDeskList>('renewals', RENEWALS_KEY, RENEWALS_PAGE_SIZE);
const BASE = renewals.path;

export const renewalListQuery = (params: RenewalListParams) => listPageQuery(renewals, params);

export const renewalSummaryQuery = queryOptions({
  queryKey: [...RENEWALS_KEY, 'summary'],
  queryFn: () => api<RenewalSummary>('GET', `${BASE}/summary`),
  // The desk's HTML carries the counts with its first page (decision 0104).
  ...bootSeed<RenewalSummary>(`${BASE}/summary`, { staleTime: 0 }),
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
export const downloadRenewalsCsv = (params: Omit<RenewalListParams, 'page'>, format: ExportFormat) =>
  downloadListCsv(renewals, params, format);
