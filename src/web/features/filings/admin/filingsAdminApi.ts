import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminFilingList, AdminFilingView } from '../../../../shared/contracts/filings';
import type { FilingListKind, FilingSort, FilingStatus } from '../../../../shared/domain/filings';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';
import { upload } from '../../../lib/upload';

export interface FilingListParams {
  page: number;
  sort: FilingSort;
  year: number | null;
  kind: FilingListKind | null;
  status: FilingStatus | null;
  q: string;
}

export const FILINGS_PAGE_SIZE = 25;
const BASE = '/api/admin/filings';
export const ADMIN_FILINGS_KEY = ['admin', 'filings'] as const;

function filterSearch(params: Omit<FilingListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams();
  if (params.sort !== 'waiting') search.set('sort', params.sort);
  if (params.year) search.set('year', String(params.year));
  if (params.kind) search.set('kind', params.kind);
  if (params.status) search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  return search;
}

export function filingListQuery(params: FilingListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(FILINGS_PAGE_SIZE));
  return queryOptions({
    queryKey: [...ADMIN_FILINGS_KEY, 'list', params],
    queryFn: () => api<AdminFilingList>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function adminFilingQuery(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_FILINGS_KEY, 'one', id],
    queryFn: () => api<{ filing: AdminFilingView }>('GET', `${BASE}/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
}

type Result = { filing: AdminFilingView };
export const prepareFiling = (id: string) => api<Result>('POST', `${BASE}/${encodeURIComponent(id)}/prepare`);
export const markFilingDone = (id: string) => api<Result>('POST', `${BASE}/${encodeURIComponent(id)}/done`);
export const recordFilingExtension = (id: string, filedOn: string) =>
  api<Result>('POST', `${BASE}/${encodeURIComponent(id)}/extension`, { filedOn });

export function markFilingSubmitted(
  id: string,
  input: { method: 'fax' | 'mail'; filedOn: string; confirmationNumber: string },
  file: File,
) {
  const form = new FormData();
  form.append('method', input.method);
  form.append('filedOn', input.filedOn);
  if (input.confirmationNumber) form.append('confirmationNumber', input.confirmationNumber);
  form.append('file', file);
  return upload<Result>('POST', `${BASE}/${encodeURIComponent(id)}/submitted`, form);
}

/** Staff filed a customer's state item: its confirmation number, the day, the receipt (decision 0052). */
export function markStateItemFiled(
  input: { userId: string; itemKey: string; filedOn: string; confirmationNumber: string },
  file: File,
) {
  const form = new FormData();
  form.append('userId', input.userId);
  form.append('itemKey', input.itemKey);
  form.append('filedOn', input.filedOn);
  form.append('confirmationNumber', input.confirmationNumber);
  form.append('file', file);
  return upload<Result>('POST', `${BASE}/state-reports`, form);
}

/** Downloads the filter's rows (all pages); `excel-tr` is the Turkish Excel dialect. */
export async function downloadFilingsCsv(params: Omit<FilingListParams, 'page'>, format: 'csv' | 'excel-tr') {
  const search = filterSearch(params);
  if (format === 'excel-tr') search.set('lang', 'tr');
  await downloadCsv(`${BASE}/export.csv?${search}`, 'filings.csv');
}
