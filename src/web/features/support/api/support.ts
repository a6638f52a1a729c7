import { queryOptions } from '@tanstack/react-query';
import type {
  AdminReplyResult,
  AdminSupportListQuery,
  AdminSupportListQueryInput,
  AdminThreadCreated,
  AdminThreadDetail,
  AdminThreadList,
  AdminThreadResult,
  Count,
  CustomerReplyResult,
  CustomerThreadList,
  ThreadWithMessages,
} from '../../../../shared/features/support/support.contracts';
import type { SupportStatus } from '../../../../shared/features/support/support.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import { adminListApi, listPageQuery, listSearch } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';
import { type UploadOptions, upload } from '../../../lib/upload';

export type {
  AdminThread,
  AdminThreadDetail,
  AdminThreadList,
  CustomerThread,
  SupportAttachment,
  SupportMessage,
  SupportThread,
  ThreadWithMessages,
} from '../../../../shared/features/support/support.contracts';

/** The multipart body of a new thread or a reply; empty fields are left out. */
export function supportForm(fields: Record<string, string | undefined>, file: File | null): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') body.append(key, value);
  if (file) body.append('file', file);
  return body;
}

// ---- Customer (/api/support) ----

/** Every customer support query starts with this key: one invalidation refreshes list, thread and badge. */
export const SUPPORT_KEY = ['support'] as const;

export const supportThreadsQuery = queryOptions({
  queryKey: [...SUPPORT_KEY, 'threads'],
  queryFn: async () => (await api<CustomerThreadList>('GET', '/api/support/threads')).threads,
  // Staff reply from elsewhere: ask again on every visit.
  staleTime: 0,
});

export function supportThreadQuery(id: string) {
  return queryOptions({
    queryKey: [...SUPPORT_KEY, 'thread', id],
    queryFn: () => api<ThreadWithMessages>('GET', `/api/support/threads/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
}

export const supportUnreadQuery = queryOptions({
  queryKey: [...SUPPORT_KEY, 'unread'],
  queryFn: async () => (await api<Count>('GET', '/api/support/unread-count')).count,
  staleTime: 0,
});

// Through `upload` (XMLHttpRequest) so that an attachment shows its progress.
export const createSupportThread = (subject: string, message: string, file: File | null, options?: UploadOptions) =>
  upload<ThreadWithMessages>('POST', '/api/support/threads', supportForm({ subject, message }, file), options);

export const sendSupportReply = (id: string, message: string, file: File | null, options?: UploadOptions) =>
  upload<CustomerReplyResult>(
    'POST',
    `/api/support/threads/${encodeURIComponent(id)}/messages`,
    supportForm({ message }, file),
    options,
  );

// ---- Staff (/api/admin/support) ----

export type AdminSupportSort = AdminSupportListQuery['sort'];

export interface AdminSupportListParams {
  page: number;
  sort: AdminSupportSort;
  status: SupportStatus | null;
  q: string;
  /** Only the threads waiting for our answer over 24 hours (the home's care figure opens this). */
  waiting: boolean;
}

export const ADMIN_SUPPORT_PAGE_SIZE = DESK_FIRST_QUERY.support.pageSize;
const ADMIN_BASE = '/api/admin/support';
export const ADMIN_SUPPORT_KEY = ['admin', 'support'] as const;

const threads = adminListApi<AdminSupportListQueryInput, AdminThreadList>(
  'support',
  ADMIN_SUPPORT_KEY,
  ADMIN_SUPPORT_PAGE_SIZE,
);

export const adminSupportListQuery = (params: AdminSupportListParams) => listPageQuery(threads, params);

export function adminSupportThreadQuery(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_SUPPORT_KEY, 'thread', id],
    queryFn: () => api<AdminThreadDetail>('GET', `${ADMIN_BASE}/threads/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
}

export const adminSupportWaitingQuery = queryOptions({
  queryKey: [...ADMIN_SUPPORT_KEY, 'waiting'],
  queryFn: async () => (await api<Count>('GET', `${ADMIN_BASE}/waiting-count`)).count,
  staleTime: 0,
  // The top bar stays on screen all day: let the number follow new requests.
  refetchInterval: 60_000,
});

export const setAdminSupportStatus = (id: string, status: SupportStatus) =>
  api<AdminThreadResult>('PUT', `${ADMIN_BASE}/threads/${encodeURIComponent(id)}/status`, { status });

export const sendAdminSupportReply = (id: string, message: string, file: File | null, options?: UploadOptions) =>
  upload<AdminReplyResult>(
    'POST',
    `${ADMIN_BASE}/threads/${encodeURIComponent(id)}/messages`,
    supportForm({ message }, file),
    options,
  );

/**
 * One user's threads, newest first, for their page on the admin desk. The list route has no user
 * filter: search by their email, then keep only their own threads (another address may contain it).
 */
export function adminUserThreadsQuery(user: { id: string; email: string }) {
  const search = listSearch({ page: 1, pageSize: 100, sort: 'newest', q: user.email });
  return queryOptions({
    queryKey: [...ADMIN_SUPPORT_KEY, 'user', user.id, user.email],
    queryFn: async () => {
      const { items } = await api<AdminThreadList>('GET', `${threads.path}?${search}`);
      return items.filter((item) => item.userId === user.id);
    },
    staleTime: 0,
  });
}

/** A thread opened by staff for a customer: it is theirs, and its first message is a staff reply. */
export const createAdminSupportThread = (
  userId: string,
  subject: string,
  message: string,
  file: File | null,
  options?: UploadOptions,
) =>
  upload<AdminThreadCreated>('POST', `${ADMIN_BASE}/threads`, supportForm({ userId, subject, message }, file), options);
