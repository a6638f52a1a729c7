import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { DocumentCategory } from '../../../../shared/domain/files';
import type { DocumentResult } from '../../../../shared/features/documents/documents.contracts';
import type {
  AdminUserDetail,
  AdminUserList,
  AdminUserListQuery,
  AdminUserResult,
  AdminUserSort,
} from '../../../../shared/features/users/users-admin.contracts';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import { adminListApi, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';

export type { DocumentView as AdminUserDocument } from '../../../../shared/features/documents/documents.contracts';
export type {
  AdminUser,
  AdminUserDetail,
  AdminUserList,
} from '../../../../shared/features/users/users-admin.contracts';

export interface UserListParams {
  page: number;
  sort: AdminUserSort;
  q: string;
  /** Joined from and through these UTC days (YYYY-MM-DD), customers only: the home's sign-ups figures. */
  joinedFrom: string | null;
  joinedTo: string | null;
  customers: boolean;
  utm: string | null;
  link: string | null;
}

export const USERS_PAGE_SIZE = DESK_FIRST_QUERY.users.pageSize;
/** Every admin users query starts with this key, so one invalidation refreshes list and detail. */
export const USERS_KEY = ['admin', 'users'] as const;
const users = adminListApi<AdminUserListQuery, AdminUserList>('users', USERS_KEY, USERS_PAGE_SIZE);
const BASE = users.path;

export const userListQuery = (params: UserListParams) => listPageQuery(users, params);

export function userDetailQuery(id: string) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: () => api<AdminUserResult>('GET', `${BASE}/${encodeURIComponent(id)}`).then((r) => r.user),
    staleTime: 0,
  });
}

export const saveDisplayName = (id: string, displayName: string) =>
  api<AdminUserResult>('PATCH', `${BASE}/${encodeURIComponent(id)}`, { displayName }).then((r) => r.user);

export function uploadUserDocument(id: string, category: DocumentCategory, file: File) {
  const body = new FormData();
  body.append('category', category);
  body.append('file', file);
  return api<DocumentResult>('POST', `${BASE}/${encodeURIComponent(id)}/documents`, body).then((r) => r.document);
}

/** After a change: show the user the server sent back, then refetch the list (names, order) and the detail. */
export function useApplyUserChange() {
  const queryClient = useQueryClient();
  return (user?: AdminUserDetail) => {
    if (user) queryClient.setQueryData(userDetailQuery(user.id).queryKey, user);
    void queryClient.invalidateQueries({ queryKey: USERS_KEY });
  };
}
