import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type {
  AdminEinApplication,
  AdminEinList,
  AdminEinListQuery,
  AdminEinResult,
  SsnReveal,
} from '../../../../shared/features/ein/ein.contracts';
import type { EinStatus } from '../../../../shared/features/ein/ein.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import { adminListApi, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';
import { type UploadOptions, upload } from '../../../lib/upload';

export type { AdminEinApplication, AdminEinList, EinFile } from '../../../../shared/features/ein/ein.contracts';

export const EIN_FILE_KEYS = [
  'articlesOfOrganization',
  'registeredAgentInvoice',
  'preparedSs4',
  'signedSs4',
  'einDocument',
] as const;
export type EinFileKey = (typeof EIN_FILE_KEYS)[number];

/** waiting_longest: the longest in their current stage first, open applications only (decision 0016). */
export type EinSort = NonNullable<AdminEinListQuery['sort']>;

export interface EinListParams {
  page: number;
  sort: EinSort;
  status: EinStatus | null;
  q: string;
  /** Decision 0050: only the applications overdue at the IRS. */
  overdue?: boolean;
  /** Reached its current status in these days (UTC, both included). */
  reachedFrom?: string | null;
  reachedTo?: string | null;
  utm?: string | null;
  link?: string | null;
}

export const EIN_PAGE_SIZE = DESK_FIRST_QUERY.ein.pageSize;
/** Every admin EIN query starts with this key, so one invalidation refreshes list and detail. */
export const EIN_KEY = ['admin', 'ein-applications'] as const;
const applications = adminListApi<AdminEinListQuery, AdminEinList>('ein', EIN_KEY, EIN_PAGE_SIZE);
const BASE = applications.path;

// Staff work on a queue that others change too: fresh data, the old page kept while paging.
export const einListQuery = (params: EinListParams) => listPageQuery(applications, params);

export function einDetailQuery(id: string) {
  return queryOptions({
    queryKey: [...EIN_KEY, 'detail', id],
    queryFn: () => api<AdminEinResult>('GET', `${BASE}/${encodeURIComponent(id)}`).then((r) => r.application),
    staleTime: 0,
  });
}

const path = (id: string, action: string) => `${BASE}/${encodeURIComponent(id)}/${action}`;

function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

export const revealSsn = (id: string) => api<SsnReveal>('POST', path(id, 'ssn'));

export const uploadPreparedSs4 = (id: string, file: File, options: UploadOptions = {}) =>
  upload<AdminEinResult>('POST', path(id, 'ss4'), fileBody(file), options).then((r) => r.application);

/** The EIN document goes with the number staff typed (decision 0019): the server sets both or neither. */
export const uploadEinDocument = (id: string, file: File, ein: string, options: UploadOptions = {}) => {
  const body = fileBody(file);
  body.append('ein', ein);
  return upload<AdminEinResult>('POST', path(id, 'ein-document'), body, options).then((r) => r.application);
};

/** `ein` is required by the server for ein_issued. */
export const advanceEinStatus = (id: string, to: EinStatus, ein?: string) =>
  api<AdminEinResult>('POST', path(id, 'advance'), ein === undefined ? { to } : { to, ein }).then((r) => r.application);

export const saveEinNumber = (id: string, ein: string) =>
  api<AdminEinResult>('PUT', path(id, 'ein'), { ein }).then((r) => r.application);

export const saveEinNotes = (id: string, adminNotes: string | null) =>
  api<AdminEinResult>('PUT', path(id, 'notes'), { adminNotes }).then((r) => r.application);

/**
 * After a change: show the application the server sent back at once, then refetch the list (its
 * order, filter and counts may have changed) and the detail.
 */
export function useApplyEinChange() {
  const queryClient = useQueryClient();
  return (application: AdminEinApplication) => {
    queryClient.setQueryData(einDetailQuery(application.id).queryKey, application);
    void queryClient.invalidateQueries({ queryKey: EIN_KEY });
  };
}
