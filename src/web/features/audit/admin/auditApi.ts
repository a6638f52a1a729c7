import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditActors, AuditList, AuditSort } from '../../../../shared/contracts/audit';
import type { AuditAction } from '../../../../shared/domain/audit';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';

export interface AuditListParams {
  page: number;
  sort: AuditSort;
  actor: string | null;
  action: AuditAction | null;
  customer: string | null;
  from: string | null;
  to: string | null;
  q: string;
}

export const AUDIT_PAGE_SIZE = 25;
const BASE = '/api/admin/audit';
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;

function filterSearch(params: Omit<AuditListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams();
  if (params.sort !== 'newest') search.set('sort', params.sort);
  for (const key of ['actor', 'action', 'customer', 'from', 'to'] as const) {
    const value = params[key];
    if (value) search.set(key, value);
  }
  if (params.q) search.set('q', params.q);
  return search;
}

export function auditListQuery(params: AuditListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(AUDIT_PAGE_SIZE));
  return queryOptions({
    queryKey: [...ADMIN_AUDIT_KEY, 'list', params],
    queryFn: () => api<AuditList>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export const auditActorsQuery = queryOptions({
  queryKey: [...ADMIN_AUDIT_KEY, 'actors'],
  queryFn: () => api<AuditActors>('GET', `${BASE}/actors`),
  staleTime: 60_000,
});

/** Downloads the filter's rows (all pages); `excel-tr` is the Turkish Excel dialect. */
export async function downloadAuditCsv(params: Omit<AuditListParams, 'page'>, format: 'csv' | 'excel-tr') {
  const search = filterSearch(params);
  if (format === 'excel-tr') search.set('lang', 'tr');
  await downloadCsv(`${BASE}/export.csv?${search}`, 'audit.csv');
}
