import { LifeBuoy } from 'lucide-react';
import { useCallback } from 'react';
import { SUPPORT_STATUSES, type SupportStatus } from '../../../../shared/domain/support';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { type ListUpdate, useAdminList } from '../../../components/admin/useAdminListPage';
import { SelectField } from '../../../components/ui/Select';
import { useTranslation } from '../../../lib/useTranslation';
import { ADMIN_SUPPORT_KEY, adminSupportListQuery } from '../api/support';
import { SupportDetailPanel } from './SupportDetailPanel';
import { SupportThreadList } from './SupportThreadList';
import { useSupportListParams } from './useSupportListParams';

/**
 * SPEC §2 Admin support: a paged, filtered, searchable list of threads and the chosen thread beside
 * it (below it on phones), all kept in the URL, as on the EIN desk.
 */
export function AdminSupportPage() {
  const { t } = useTranslation();
  const { page, sort, status, q, thread: selectedId, update } = useSupportListParams();
  // The open thread is `?thread=` here (useSupportListParams), the lists' `selectedId` elsewhere.
  const updateList = useCallback<ListUpdate>(
    ({ selectedId: thread, ...patch }, options) => update(thread === undefined ? patch : { ...patch, thread }, options),
    [update],
  );
  const { data, view, toolbar, focusOnOpen, close } = useAdminList(
    { page, q, selectedId, update: updateList },
    {
      query: adminSupportListQuery({ page, sort, status, q }),
      refreshKey: ADMIN_SUPPORT_KEY,
      loadFailedKey: 'support.admin.list.loadFailed',
      filtered: Boolean(status || q),
      clearFilters: { q: '', status: null },
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
          <SelectField
            id="support-status-filter"
            name="status"
            label={t('support.admin.filters.status')}
            value={status ?? ''}
            onChange={(event) => update({ status: (event.target.value || null) as SupportStatus | null, page: 1 })}
            className="min-w-0 flex-1 sm:w-44 sm:flex-none"
          >
            <option value="">{t('support.admin.filters.all')}</option>
            {SUPPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`support.status.${s}`)}
              </option>
            ))}
          </SelectField>
        </ListToolbar>
      }
      panelWidth="wide"
      panel={
        selectedId ? (
          <SupportDetailPanel
            key={selectedId}
            id={selectedId}
            placeholder={data?.items.find((item) => item.id === selectedId)}
            focusOnOpen={focusOnOpen}
            onClose={close}
          />
        ) : null
      }
    >
      <SupportThreadList {...view} />
    </AdminListFrame>
  );
}
