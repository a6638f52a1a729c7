import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LifeBuoy } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SUPPORT_STATUSES, type SupportStatus } from '../../../../shared/domain/support';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { SelectField } from '../../../components/ui/Select';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, sort, status, q, thread: selectedId, update } = useSupportListParams();
  const list = useQuery(adminSupportListQuery({ page, sort, status, q }));
  const picked = useRef(false);

  const { error, data } = list;
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 401) {
      navigate('/signin', { replace: true });
    } else if (isApiError(error) && error.status === 403) {
      toast.error(t('admin.unauthorized'));
      navigate('/dashboard', { replace: true });
    } else {
      toast.error(t('support.admin.list.loadFailed'), { id: 'support-list-failed' });
    }
  }, [error, navigate, t]);

  // A page past the end (the list shrank, or an old link): go to the last page there is.
  useEffect(() => {
    if (!data || data.items.length > 0 || data.total === 0 || page === 1) return;
    update({ page: Math.max(1, Math.ceil(data.total / data.pageSize)) }, { replace: true });
  }, [data, page, update]);

  const onSearch = useCallback((value: string) => update({ q: value, page: 1 }, { replace: true }), [update]);

  function select(id: string) {
    picked.current = true;
    update({ thread: id }, { replace: true });
  }

  function close() {
    const id = selectedId;
    update({ thread: null }, { replace: true });
    requestAnimationFrame(() => {
      const row = id ? document.querySelector(`[data-testid="support-row"][data-id="${CSS.escape(id)}"] button`) : null;
      if (row instanceof HTMLElement) row.focus();
    });
  }

  return (
    <>
      <AdminPageHeader icon={LifeBuoy} title={t('admin.nav.support')} subtitle={t('support.admin.subtitle')} />
      <ListToolbar
        idPrefix="support"
        ns="support.admin.filters"
        q={q}
        newest={sort === 'newest'}
        refreshing={list.isFetching && !list.isPending}
        onSearch={onSearch}
        onToggleSort={() => update({ sort: sort === 'newest' ? 'oldest' : 'newest', page: 1 })}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: ADMIN_SUPPORT_KEY })}
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
      <div
        className={clsx(
          'mt-5 grid grid-cols-1 items-start gap-6',
          selectedId && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,40rem)]',
        )}
      >
        <SupportThreadList
          data={data}
          updating={list.isPlaceholderData}
          error={list.isError ? t('support.admin.list.loadFailed') : null}
          filtered={Boolean(status || q)}
          selectedId={selectedId}
          onSelect={select}
          onRetry={() => void list.refetch()}
          onClearFilters={() => update({ q: '', status: null, page: 1 })}
          onPage={(next) => update({ page: next })}
        />
        {selectedId ? (
          <SupportDetailPanel
            key={selectedId}
            id={selectedId}
            placeholder={data?.items.find((item) => item.id === selectedId)}
            focusOnOpen={picked.current}
            onClose={close}
          />
        ) : null}
      </div>
    </>
  );
}
