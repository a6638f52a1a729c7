import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { useCallback, useState } from 'react';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminLoadError } from '../../../components/admin/useAdminListPage';
import { useTranslation } from '../../../lib/useTranslation';
import { ScanAllowancesCard } from './ScanAllowancesCard';
import { ServiceForm } from './ServiceForm';
import { ServiceList } from './ServiceList';
import { ADMIN_SERVICES_KEY, type AdminService, SERVICE_STATUS_FILTERS, serviceListQuery } from './servicesApi';
import { useServiceListParams } from './useServiceListParams';

/**
 * product.md#admin-pages Admin services: one inline form that creates a service or edits the one picked in the list
 * below it; the list's search and status filter are kept in the URL.
 */
export function AdminServicesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { q, status, update } = useServiceListParams();
  const list = useQuery(serviceListQuery({ q, status }));
  const [editing, setEditing] = useState<AdminService | null>(null);
  useAdminLoadError(list.error, 'adminServices.toast.loadFailed', 'services-list-failed');

  const onSearch = useCallback((value: string) => update({ q: value }, { replace: true }), [update]);
  const onDeleted = useCallback((id: string) => {
    setEditing((current) => (current?.id === id ? null : current));
    // The row and its Delete button may be gone: keep focus in the list rather than lose it to the page.
    // The render that removes the row can land a few frames after the refetch on a busy phone, so look
    // again while focus is still in that row (a deactivated row stays, and keeps its focus).
    const keepFocusInList = (framesLeft: number) =>
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (!active || active === document.body) document.getElementById('services-list-title')?.focus();
        else if (framesLeft > 0 && active.closest(`[data-id="${CSS.escape(id)}"]`)) keepFocusInList(framesLeft - 1);
      });
    keepFocusInList(60);
  }, []);

  return (
    <AdminListFrame
      icon={ShoppingBag}
      title={t('admin.nav.services')}
      subtitle={t('adminServices.subtitle')}
      lead={{
        form: (
          <>
            <ServiceForm
              key={editing?.id ?? 'new'}
              editing={editing}
              stripePriceIdRequired={list.data?.stripePriceIdRequired ?? false}
              onDone={() => setEditing(null)}
            />
            <ScanAllowancesCard />
          </>
        ),
        listTitle: t('adminServices.list.title'),
        listTitleId: 'services-list-title',
      }}
      toolbar={
        <ListToolbar
          idPrefix="services"
          ns="adminServices.filters"
          q={q}
          refreshing={list.isFetching && !list.isPending}
          onSearch={onSearch}
          onRefresh={() => void queryClient.invalidateQueries({ queryKey: ADMIN_SERVICES_KEY })}
        >
          <FilterSelect
            id="services-status-filter"
            name="status"
            label={t('adminServices.filters.status')}
            value={status}
            values={SERVICE_STATUS_FILTERS}
            labelOf={(s) => t(`adminServices.filters.${s}`)}
            onChange={(value) => update({ status: value })}
            className="min-w-0 flex-1 sm:w-44 sm:flex-none"
          />
        </ListToolbar>
      }
    >
      <ServiceList
        services={list.data?.services}
        loading={list.isPending}
        updating={list.isPlaceholderData}
        error={list.isError ? t('adminServices.toast.loadFailed') : null}
        filtered={Boolean(q) || status !== 'all'}
        editingId={editing?.id ?? null}
        onEdit={setEditing}
        onDeleted={onDeleted}
        onRetry={() => void list.refetch()}
        onClearFilters={() => update({ q: '', status: 'all' })}
      />
    </AdminListFrame>
  );
}
