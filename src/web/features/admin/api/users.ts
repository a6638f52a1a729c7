import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { DocumentCategory } from '../../../../shared/domain/files';
import type { FormationStatus } from '../../../../shared/domain/formation';
import type { FormationPaymentStatus } from '../../../../shared/domain/orders';
import type { Role } from '../../../../shared/domain/roles';
import type { AdminUserSort } from '../../../../shared/schemas/admin-users';
import { api } from '../../../lib/api';

/** AdminUser of the API contract. */
export interface AdminUser {
  id: string;
  email: string;
  /** null: neither a display name nor a sign-up name ('No Name'). */
  displayName: string | null;
  role: Role;
  joinedAt: string;
}

export interface AdminUserDocument {
  id: string;
  fileName: string;
  category: DocumentCategory;
  uploadedBy: 'user' | 'admin';
  contentType: string | null;
  fileSize: number | null;
  url: string;
  createdAt: string;
}

export interface AdminUserDetail extends AdminUser {
  formationPreference: 'service' | 'self' | null;
  formationStatus: FormationStatus | null;
  /** The formation's payment_status; null without a formation record. */
  paymentStatus: FormationPaymentStatus | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  documents: AdminUserDocument[];
}

export interface UserListParams {
  page: number;
  sort: AdminUserSort;
  q: string;
}

export interface UserListResponse {
  items: AdminUser[];
  total: number;
  totalKind?: 'exact' | 'atLeast' | 'estimate';
  page: number;
  pageSize: number;
}

export const USERS_PAGE_SIZE = 20;
const BASE = '/api/admin/users';
/** Every admin users query starts with this key, so one invalidation refreshes list and detail. */
export const USERS_KEY = ['admin', 'users'] as const;

export function userListQuery(params: UserListParams) {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(USERS_PAGE_SIZE),
    sort: params.sort,
  });
  if (params.q) search.set('q', params.q);
  return queryOptions({
    queryKey: [...USERS_KEY, 'list', params],
    queryFn: () => api<UserListResponse>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function userDetailQuery(id: string) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: () => api<{ user: AdminUserDetail }>('GET', `${BASE}/${encodeURIComponent(id)}`).then((r) => r.user),
    staleTime: 0,
  });
}

export const saveDisplayName = (id: string, displayName: string) =>
  api<{ user: AdminUserDetail }>('PATCH', `${BASE}/${encodeURIComponent(id)}`, { displayName }).then((r) => r.user);

export function uploadUserDocument(id: string, category: DocumentCategory, file: File) {
  const body = new FormData();
  body.append('category', category);
  body.append('file', file);
  return api<{ document: AdminUserDocument }>('POST', `${BASE}/${encodeURIComponent(id)}/documents`, body).then(
    (r) => r.document,
  );
}

/** After a change: show the user the server sent back, then refetch the list (names, order) and the detail. */
export function useApplyUserChange() {
  const queryClient = useQueryClient();
  return (user?: AdminUserDetail) => {
    if (user) queryClient.setQueryData(userDetailQuery(user.id).queryKey, user);
    void queryClient.invalidateQueries({ queryKey: USERS_KEY });
  };
}
