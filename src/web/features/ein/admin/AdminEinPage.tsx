import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { FileText } from 'lucide-react';
import { useCallback } from 'react';
import type { EinStatus } from '../../../../shared/domain/ein';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { useAdminListPage } from '../../../components/admin/useAdminListPage';
import { useTranslation } from '../../../lib/useTranslation';
import { EinDetailPanel } from './EinDetailPanel';
import { EinList } from './EinList';
import { EinToolbar } from './EinToolbar';
import { EIN_KEY, type EinSort, einListQuery } from './einApplicationsApi';
import { useEinListParams } from './useEinListParams';

/**
 * SPEC §2 Admin EIN applications: the admin home. A paged, filtered, searchable list on the left and
 * the chosen application on the right (below it on phones); all of it kept in the URL.
 */
export function AdminEinPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, sort, status, q, selectedId, update } = useEinListParams();
  const list = useQuery(einListQuery({ page, sort, status, q }));
  const { data } = list;
  const { focusOnOpen, select, close } = useAdminListPage({
    error: list.error,
    data,
    page,
    selectedId,
    update,
    loadFailedKey: 'adminEin.list.loadFailed',
    rowTestId: 'ein-row',
  });

  const onSearch = useCallback((value: string) => update({ q: value, page: 1 }, { replace: true }), [update]);
  const onStatus = useCallback((value: EinStatus | null) => update({ status: value, page: 1 }), [update]);
  const onSort = useCallback((value: EinSort) => update({ sort: value, page: 1 }), [update]);

  const refreshing = list.isFetching && !list.isPending;
  const filtered = Boolean(status || q);
  const selectedRow = data?.items.find((item) => item.id === selectedId);

  return (
    <>
      <AdminPageHeader icon={FileText} title={t('admin.nav.ein')} subtitle={t('adminEin.subtitle')} />
      <EinToolbar
        q={q}
        status={status}
        sort={sort}
        refreshing={refreshing}
        onSearch={onSearch}
        onStatus={onStatus}
        onSort={onSort}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: EIN_KEY })}
      />
      <div
        className={clsx(
          'mt-5 grid grid-cols-1 items-start gap-6',
          selectedId && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]',
        )}
      >
        <EinList
          data={data}
          loading={list.isPending}
          updating={list.isPlaceholderData}
          error={list.isError ? t('adminEin.list.loadFailed') : null}
          filtered={filtered}
          selectedId={selectedId}
          onSelect={select}
          onRetry={() => void list.refetch()}
          onClearFilters={() => update({ q: '', status: null, page: 1 })}
          onPage={(next) => update({ page: next })}
        />
        {selectedId ? (
          <EinDetailPanel
            key={selectedId}
            id={selectedId}
            placeholder={selectedRow}
            focusOnOpen={focusOnOpen}
            onClose={close}
          />
        ) : null}
      </div>
    </>
  );
}
