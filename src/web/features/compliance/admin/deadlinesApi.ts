import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ComplianceRuleId } from '../../../../shared/catalogue/compliance';
import type { AdminDeadline, AdminDeadlineList, ComplianceMark } from '../../../../shared/contracts/compliance';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';

export type { AdminDeadline } from '../../../../shared/contracts/compliance';

export interface DeadlineListParams {
  page: number;
  days: number;
  state: string | null;
  rule: ComplianceRuleId | null;
  q: string;
  /** The occurrences that passed unmarked in the last 30 days instead of the coming `days` (decision 0064). */
  overdue: boolean;
  /** Only the items nobody marked done (the home's "due soon" figure opens the list with it). */
  open: boolean;
}

export const DEADLINES_PAGE_SIZE = 20;
const BASE = '/api/admin/compliance';
export const DEADLINES_KEY = ['admin', 'deadlines'] as const;

function filterSearch(params: Omit<DeadlineListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams({ days: String(params.days) });
  if (params.state) search.set('state', params.state);
  if (params.rule) search.set('rule', params.rule);
  if (params.q) search.set('q', params.q);
  if (params.overdue) search.set('overdue', '1');
  if (params.open) search.set('open', '1');
  return search;
}

export function deadlineListQuery(params: DeadlineListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(DEADLINES_PAGE_SIZE));
  return queryOptions({
    queryKey: [...DEADLINES_KEY, 'list', params],
    queryFn: () => api<AdminDeadlineList>('GET', `${BASE}/deadlines?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export const setDeadlineDone = (row: Pick<AdminDeadline, 'userId' | 'itemKey'>, done: boolean) =>
  api<ComplianceMark>(
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
