import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ComplianceRuleId } from '../../../../shared/catalogue/compliance';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';

/** AdminDeadline of the API contract (src/server/features/compliance/compliance-admin.routes.ts). */
export interface AdminDeadline {
  userId: string;
  customerEmail: string;
  customerName: string | null;
  businessName: string | null;
  state: string | null;
  ruleId: ComplianceRuleId;
  itemKey: string;
  dueDate: string;
  daysLeft: number;
  done: boolean;
}

export interface DeadlineListParams {
  page: number;
  days: number;
  state: string | null;
  rule: ComplianceRuleId | null;
  q: string;
}

export interface DeadlineListResponse {
  items: AdminDeadline[];
  total: number;
  totalKind?: 'exact' | 'atLeast' | 'estimate';
  page: number;
  pageSize: number;
}

export const DEADLINES_PAGE_SIZE = 20;
const BASE = '/api/admin/compliance';
export const DEADLINES_KEY = ['admin', 'deadlines'] as const;

function filterSearch(params: Omit<DeadlineListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams({ days: String(params.days) });
  if (params.state) search.set('state', params.state);
  if (params.rule) search.set('rule', params.rule);
  if (params.q) search.set('q', params.q);
  return search;
}

export function deadlineListQuery(params: DeadlineListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(DEADLINES_PAGE_SIZE));
  return queryOptions({
    queryKey: [...DEADLINES_KEY, 'list', params],
    queryFn: () => api<DeadlineListResponse>('GET', `${BASE}/deadlines?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export const setDeadlineDone = (row: Pick<AdminDeadline, 'userId' | 'itemKey'>, done: boolean) =>
  api<{ key: string; done: boolean }>(
    done ? 'PUT' : 'DELETE',
    `${BASE}/customers/${encodeURIComponent(row.userId)}/items/${encodeURIComponent(row.itemKey)}/done`,
  );

/** Downloads the filter's deadlines (all pages) under the server's file name. */
export async function downloadDeadlinesCsv(
  params: Omit<DeadlineListParams, 'page'>,
  format: 'csv' | 'excel-tr',
): Promise<void> {
  const search = filterSearch(params);
  if (format !== 'csv') search.set('format', format);
  await downloadCsv(`${BASE}/deadlines/export.csv?${search}`, 'deadlines.csv');
}
