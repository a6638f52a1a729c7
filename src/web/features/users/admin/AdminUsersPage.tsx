import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Users } from 'lucide-react';
import { useCallback } from 'react';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminListPage } from '../../../components/admin/useAdminListPage';
import { useTranslation } from '../../../lib/useTranslation';
import { UserDetailPanel } from './UserDetailPanel';
import { UserList } from './UserList';
import { USERS_KEY, userListQuery } from './usersApi';
import { useUserListParams } from './useUserListParams';

/**
 * SPEC §2 Admin users: every account in a searchable, server-paged list on the left and the chosen
 * one on the right (below it on phones); search, order, page and selection are kept in the URL.
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, sort, q, selectedId, update } = useUserListParams();
  const list = useQuery(userListQuery({ page, sort, q }));
  const { data } = list;
  const { focusOnOpen, select, close } = useAdminListPage({
    error: list.error,
    data,
    page,
    selectedId,
    update,
    loadFailedKey: 'adminUsers.list.loadFailed',
    rowTestId: 'user-row',
  });

  const onSearch = useCallback((value: string) => update({ q: value, page: 1 }, { replace: true }), [update]);
  const newest = sort === 'newest';

  return (
    <>
      <AdminPageHeader icon={Users} title={t('admin.nav.users')} subtitle={t('adminUsers.subtitle')} />
      <ListToolbar
        idPrefix="users"
        ns="adminUsers.filters"
        q={q}
        newest={newest}
        refreshing={list.isFetching && !list.isPending}
        onSearch={onSearch}
        onToggleSort={() => update({ sort: newest ? 'oldest' : 'newest', page: 1 })}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: USERS_KEY })}
      />
      <div
        className={clsx(
          'mt-5 grid grid-cols-1 items-start gap-6',
          selectedId && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]',
        )}
      >
        <UserList
          data={data}
          loading={list.isPending}
          updating={list.isPlaceholderData}
          error={list.isError ? t('adminUsers.list.loadFailed') : null}
          filtered={Boolean(q)}
          selectedId={selectedId}
          onSelect={select}
          onRetry={() => void list.refetch()}
          onClearFilters={() => update({ q: '', page: 1 })}
          onPage={(next) => update({ page: next })}
        />
        {selectedId ? (
          <UserDetailPanel
            key={selectedId}
            id={selectedId}
            placeholder={data?.items.find((item) => item.id === selectedId)}
            focusOnOpen={focusOnOpen}
            onClose={close}
          />
        ) : null}
      </div>
    </>
  );
}
