import { queryOptions } from '@tanstack/react-query';
import type {
  AdminFilingList,
  AdminFilingListQuery,
  AdminFilingView,
} from '../../../../shared/features/filings/filings.contracts';
import type { FilingListKind, FilingSort, FilingStatus } from '../../../../shared/features/filings/filings.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { adminListApi, downloadListCsv, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';
import { upload } from '../../../lib/upload';

export interface FilingListParams {
  page: number;
  sort: FilingSort;
  year: number | null;
  kind: FilingListKind | null;
  status: FilingStatus | null;
  q: string;
}

export const FILINGS_PAGE_SIZE = DESK_FIRST_QUERY.filings.pageSize;
export const ADMIN_FILINGS_KEY = ['admin', 'filings'] as const;
const filings = adminListApi<AdminFilingListQuery, AdminFilingList>('filings', ADMIN_FILINGS_KEY, FILINGS_PAGE_SIZE);
const BASE = filings.path;

export const filingListQuery = (params: FilingListParams) => listPageQuery(filings, params);

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
export const downloadFilingsCsv = (params: Omit<FilingListParams, 'page'>, format: ExportFormat) =>
  downloadListCsv(filings, params, format);
