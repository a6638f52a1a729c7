import { Users } from 'lucide-react';
import { lazy } from 'react';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { AttributionFilter } from '../../../components/admin/AttributionFilter';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { PeriodFields } from '../../../components/admin/PeriodFields';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { Checkbox } from '../../../components/ui/Checkbox';
import { withSections } from '../../../lib/messages/routeSections';
import { useTranslation } from '../../../lib/useTranslation';
import { UserList } from './UserList';
import { USER_PANEL_SECTIONS } from './userPanelSections';
import { USERS_KEY, userListQuery } from './usersApi';
import { useUserListParams } from './useUserListParams';

// Its code and its own texts load when a row is opened: the list paints without them (decisions 0060, 0096).
const UserDetailPanel = lazy(
  withSections(() => import('./UserDetailPanel').then((m) => ({ default: m.UserDetailPanel })), USER_PANEL_SECTIONS),
);

/**
 * Every account in a searchable, server-paged list on the left and the chosen one on the right
 * (below it on phones); search, order, page and selection are kept in the URL.
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const params = useUserListParams();
  const { page, sort, q, joinedFrom, joinedTo, customers, utm, link, update } = params;
  const { view, toolbar, detail } = useAdminList(params, {
    query: userListQuery({ page, sort, q, joinedFrom, joinedTo, customers, utm, link }),
    refreshKey: USERS_KEY,
    loadFailedKey: 'adminUsers.list.loadFailed',
    filtered: Boolean(q || joinedFrom || joinedTo || customers || utm || link),
    clearFilters: { q: '', joinedFrom: null, joinedTo: null, customers: false, utm: null, link: null },
    rowTestId: 'user-row',
  });
  const newest = sort === 'newest';

  return (
    <AdminListFrame
      icon={Users}
      title={t('admin.nav.users')}
      subtitle={t('adminUsers.subtitle')}
      toolbar={
        <ListToolbar
          {...toolbar}
          idPrefix="users"
          ns="adminUsers.filters"
          newest={newest}
          onToggleSort={() => update({ sort: newest ? 'oldest' : 'newest', page: 1 })}
        />
      }
      controls={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <PeriodFields
            id="users-joined"
            fromLabel={t('adminUsers.joinedFrom')}
            toLabel={t('adminUsers.joinedTo')}
            from={joinedFrom}
            to={joinedTo}
            onChange={({ from, to }) => update({ joinedFrom: from, joinedTo: to, page: 1 })}
          />
          <Checkbox
            id="users-customers-only"
            name="customers"
            label={t('adminUsers.customersOnly')}
            checked={customers}
            onChange={(event) => update({ customers: event.target.checked, page: 1 })}
            className="sm:pb-2.5"
          />
          <AttributionFilter utm={utm} link={link} onClear={() => update({ utm: null, link: null, page: 1 })} />
        </div>
      }
      panelWidth="medium"
      panel={detail && <UserDetailPanel key={detail.id} {...detail} />}
    >
      <UserList {...view} />
    </AdminListFrame>
  );
}
