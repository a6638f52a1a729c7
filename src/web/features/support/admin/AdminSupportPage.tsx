import { LifeBuoy } from 'lucide-react';
import { lazy, useCallback } from 'react';
import { SUPPORT_STATUSES } from '../../../../shared/features/support/support.domain';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { type ListUpdate, useAdminList } from '../../../components/admin/useAdminListPage';
import { Checkbox } from '../../../components/ui/Checkbox';
import { useTranslation } from '../../../lib/useTranslation';
import { ADMIN_SUPPORT_KEY, adminSupportListQuery } from '../api/support';
import { SupportThreadList } from './SupportThreadList';
import { useSupportListParams } from './useSupportListParams';

// Its code loads when a row is opened: the list paints without it (decision 0060).
const SupportDetailPanel = lazy(() => import('./SupportDetailPanel').then((m) => ({ default: m.SupportDetailPanel })));

/**
 * product.md#admin-pages Admin support: a paged, filtered, searchable list of threads and the chosen thread beside
 * it (below it on phones), all kept in the URL, as on the EIN desk.
 */
export function AdminSupportPage() {
  const { t } = useTranslation();
  const { page, sort, status, q, waiting, thread: selectedId, update } = useSupportListParams();
  // The open thread is `?thread=` here (useSupportListParams), the lists' `selectedId` elsewhere.
  const updateList = useCallback<ListUpdate>(
    ({ selectedId: thread, ...patch }, options) => update(thread === undefined ? patch : { ...patch, thread }, options),
    [update],
  );
  const { view, toolbar, detail } = useAdminList(
    { page, q, selectedId, update: updateList },
    {
      query: adminSupportListQuery({ page, sort, status, q, waiting }),
      refreshKey: ADMIN_SUPPORT_KEY,
      loadFailedKey: 'support.admin.list.loadFailed',
      filtered: Boolean(status || q || waiting),
      clearFilters: { q: '', status: null, waiting: false },
      rowTestId: 'support-row',
    },
  );

  return (
    <AdminListFrame
      icon={LifeBuoy}
      title={t('admin.nav.support')}
      subtitle={t('support.admin.subtitle')}
      toolbar={
        <ListToolbar
          {...toolbar}
          idPrefix="support"
          ns="support.admin.filters"
          newest={sort === 'newest'}
          onToggleSort={() => update({ sort: sort === 'newest' ? 'oldest' : 'newest', page: 1 })}
        >
          <FilterSelect
            id="support-status-filter"
            name="status"
            label={t('support.admin.filters.status')}
            value={status}
            values={SUPPORT_STATUSES}
            labelOf={(s) => t(`support.status.${s}`)}
            allLabel={t('support.admin.filters.all')}
            onFilter={(value) => update({ status: value, page: 1 })}
            className="min-w-0 flex-1 sm:w-44 sm:flex-none"
          />
        </ListToolbar>
      }
      controls={
        <Checkbox
          id="support-waiting-filter"
          name="waiting"
          label={t('support.admin.filters.waiting')}
          checked={waiting}
          onChange={(event) => update({ waiting: event.target.checked, page: 1 })}
        />
      }
      panelWidth="wide"
      panel={detail && <SupportDetailPanel key={detail.id} {...detail} />}
    >
      <SupportThreadList {...view} />
    </AdminListFrame>
  );
}
