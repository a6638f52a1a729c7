import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type {
  AdminFormationCompanyInput,
  AdminFormationExportFormat,
  AdminFormationList,
  AdminFormationResult,
  AdminFormationSort,
  CustomerFileResult,
} from '../../../../shared/contracts/formations-admin';
import type { FormationStatus } from '../../../../shared/domain/formation';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';
import { USERS_KEY } from '../../users';

export type {
  AdminFormation,
  AdminFormationList,
  FormationCustomerFile,
  FormationTimelineEntry,
} from '../../../../shared/contracts/formations-admin';

export interface FormationListParams {
  page: number;
  sort: AdminFormationSort;
  status: FormationStatus | null;
  q: string;
  /** Started in these days; reached its current status in these days (UTC, both included). */
  createdFrom: string | null;
  createdTo: string | null;
  reachedFrom: string | null;
  reachedTo: string | null;
  utm: string | null;
  link: string | null;
}

export const FORMATIONS_PAGE_SIZE = 20;
const BASE = '/api/admin/formations';
/** Every admin formations query starts with this key, so one invalidation refreshes list and files. */
export const FORMATIONS_KEY = ['admin', 'formations'] as const;

function filterSearch(params: Omit<FormationListParams, 'page'>): URLSearchParams {
  const search = new URLSearchParams({ sort: params.sort });
  if (params.status) search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  for (const key of ['createdFrom', 'createdTo', 'reachedFrom', 'reachedTo', 'utm', 'link'] as const) {
    const day = params[key];
    if (day) search.set(key, day);
  }
  return search;
}

export function formationListQuery(params: FormationListParams) {
  const search = filterSearch(params);
  search.set('page', String(params.page));
  search.set('pageSize', String(FORMATIONS_PAGE_SIZE));
  return queryOptions({
    queryKey: [...FORMATIONS_KEY, 'list', params],
    queryFn: () => api<AdminFormationList>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The customer file. Kept under the users key too: the reused documents, orders and support cards
 * invalidate that key after an upload or a re-check, and the timeline must show what they did.
 */
export function formationFileQuery(id: string) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'formation-file', id],
    queryFn: () => api<CustomerFileResult>('GET', `${BASE}/${encodeURIComponent(id)}/file`).then((r) => r.file),
    staleTime: 0,
  });
}

export const setFormationStatus = (id: string, formationStatus: FormationStatus) =>
  api<AdminFormationResult>('PUT', `${BASE}/${encodeURIComponent(id)}/status`, { formationStatus }).then(
    (r) => r.formation,
  );

/** Decision 0019: the formation date and state file number; a null file number clears it. */
export const setFormationCompany = (id: string, body: AdminFormationCompanyInput) =>
  api<AdminFormationResult>('PUT', `${BASE}/${encodeURIComponent(id)}/company`, body).then((r) => r.formation);

/** After a status change: refetch every list page and every open customer file. */
export function useApplyFormationChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: FORMATIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: [...USERS_KEY] });
  };
}

/**
 * Downloads the current filter's formations (all pages) as the server streams them, then hands the
 * file to the browser under the server's name (formations-YYYY-MM-DD.csv).
 */
export function downloadFormationsCsv(
  params: Omit<FormationListParams, 'page'>,
  format: AdminFormationExportFormat,
): Promise<string> {
  const search = filterSearch(params);
  if (format !== 'csv') search.set('format', format);
  return downloadCsv(`${BASE}/export.csv?${search}`, 'formations.csv');
}
