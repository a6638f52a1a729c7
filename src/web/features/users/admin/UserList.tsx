import { clsx } from 'clsx';
import { ShieldCheck } from 'lucide-react';
import { isStaff } from '../../../../shared/domain/roles';
import { type AdminListViewProps, PagedList, SelectableRows } from '../../../components/admin/ListParts';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { AdminUser, AdminUserList } from './usersApi';

export type UserListProps = AdminListViewProps<AdminUserList>;

/** The accounts, one row each: display name (or 'No Name'), email and joined date. */
export function UserList(props: UserListProps) {
  const { updating, selectedId, onSelect } = props;
  const { t } = useTranslation();
  return (
    <PagedList {...props} idPrefix="users" ns="adminUsers.list" filtersNs="adminUsers.filters">
      {(items) => (
        <SelectableRows
          label={t('adminUsers.list.caption')}
          items={items}
          updating={updating}
          selectedId={selectedId}
          onSelect={onSelect}
          row={UserRow}
        />
      )}
    </PagedList>
  );
}

/** `panelOpen`: aria-controls may only name an element that exists, and the panel is there while a row is selected. */
function UserRow({
  item,
  selected,
  panelOpen,
  onSelect,
}: {
  item: AdminUser;
  selected: boolean;
  panelOpen: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <li
      data-testid="user-row"
      data-id={item.id}
      aria-current={selected ? 'true' : undefined}
      className={clsx(
        'relative px-4 py-3',
        selected ? 'bg-indigo-50 shadow-[inset_3px_0_0_var(--color-indigo-600)]' : 'hover:bg-slate-50',
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <div className="min-w-0 flex-1">
          {/* The whole row is the button's target (after:inset-0), the texts stay selectable lines. */}
          <button
            type="button"
            aria-controls={panelOpen ? 'users-detail' : undefined}
            onClick={() => onSelect(item.id)}
            className={clsx(
              'block max-w-full rounded-sm text-left font-semibold [overflow-wrap:anywhere] after:absolute after:inset-0 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              item.displayName ? 'text-slate-900' : 'italic text-slate-500',
            )}
            data-testid="user-row-name"
          >
            {item.displayName ?? t('adminUsers.noName')}
            {selected ? <span className="sr-only"> ({t('adminUsers.list.selected')})</span> : null}
          </button>
          <span className="block text-sm text-slate-600 [overflow-wrap:anywhere]">{item.email}</span>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-right">
          <time dateTime={item.joinedAt} className="whitespace-nowrap text-sm text-slate-600">
            {date(item.joinedAt)}
          </time>
          {isStaff(item.role) ? <RoleBadge userRole={item.role} /> : null}
        </div>
      </div>
    </li>
  );
}

export function RoleBadge({ userRole: role }: { userRole: AdminUser['role'] }) {
  const { t } = useTranslation();
  return (
    <span
      data-role={role}
      className={clsx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        isStaff(role) ? 'bg-violet-50 text-violet-900 ring-violet-200' : 'bg-slate-50 text-slate-700 ring-slate-200',
      )}
    >
      {isStaff(role) ? <ShieldCheck aria-hidden="true" className="size-3.5" /> : null}
      {t(`adminUsers.roles.${role}`)}
    </span>
  );
}
