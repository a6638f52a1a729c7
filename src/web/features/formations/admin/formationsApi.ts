import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { FormationStatus } from '../../../../shared/features/formations/formation.domain';
import type {
  AdminFormationCompanyInput,
  AdminFormationList,
  AdminFormationListQuery,
  AdminFormationResult,
  AdminFormationSort,
  CustomerFileResult,
} from '../../../../shared/features/formations/formations-admin.contracts';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { adminListApi, downloadListCsv, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';
import { USERS_KEY } from '../../users';

export type {
  AdminFormation,
  AdminFormationList,
  FormationCustomerFile,
  FormationTimelineEntry,
} from '../../../../shared/features/formations/formations-admin.contracts';

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

export const FORMATIONS_PAGE_SIZE = DESK_FIRST_QUERY.formations.pageSize;
/** Every admin formations query starts with this key, so one invalidation refreshes list and files. */
export const FORMATIONS_KEY = ['admin', 'formations'] as const;
const formations = adminListApi<AdminFormationListQuery, AdminFormationList>(
  'formations',
  FORMATIONS_KEY,
  FORMATIONS_PAGE_SIZE,
);
const BASE = formations.path;

export const formationListQuery = (params: FormationListParams) => listPageQuery(formations, params);

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
export const downloadFormationsCsv = (params: Omit<FormationListParams, 'page'>, format: ExportFormat) =>
  downloadListCsv(formations, params, format);
