import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { ListPage } from '../../../shared/contracts/common';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/useTranslation';
import type { AdminListViewProps } from './ListParts';

type PageOf = Omit<ListPage<unknown>, 'page'>;

/** What every list's URL state holds besides its own filters. */
export interface ListPatch {
  page?: number;
  selectedId?: string | null;
  q?: string;
}

export type ListUpdate = (patch: ListPatch, options?: { replace?: boolean }) => void;

export interface AdminListPageOptions {
  error: unknown;
  data: PageOf | undefined;
  page: number;
  selectedId: string | null;
  update: ListUpdate;
  /** i18n key of the toast for a failed load (the list shows it with a retry too). */
  loadFailedKey: string;
  /** The list rows' data-testid, to give focus back to the row the panel was opened from. */
  rowTestId: string;
}

/**
 * What every admin list page does around its list: the role check's outcome (401 to sign-in, 403 to
 * the dashboard), a toast on a failed load, a page past the end moved back, and opening and closing
 * the detail panel with focus kept where the user is.
 */
export function useAdminListPage(options: AdminListPageOptions) {
  const { error, data, page, selectedId, update, loadFailedKey, rowTestId } = options;
  // A row picked by the user moves focus to the panel; one restored from the URL does not.
  const picked = useRef(false);

  useAdminLoadError(error, loadFailedKey, `${rowTestId}-list-failed`);

  // A page past the end (the list shrank, or an old link): go to the last page there is.
  useEffect(() => {
    // Only an exact total says where the last page is; past an estimate's end, page 1 is the way back.
    if (!data || data.items.length > 0 || data.total === 0 || page === 1) return;
    if (data.totalKind !== 'exact') {
      update({ page: 1 }, { replace: true });
      return;
    }
    update({ page: Math.max(1, Math.ceil(data.total / data.pageSize)) }, { replace: true });
  }, [data, page, update]);

  function select(id: string) {
    picked.current = true;
    update({ selectedId: id }, { replace: true });
  }

  function close() {
    const id = selectedId;
    update({ selectedId: null }, { replace: true });
    // Back to the row the user came from.
    requestAnimationFrame(() => {
      const row = id
        ? document.querySelector(`[data-testid="${rowTestId}"][data-id="${CSS.escape(id)}"] button`)
        : null;
      if (row instanceof HTMLElement) row.focus();
    });
  }

  return { focusOnOpen: picked.current, select, close };
}

/**
 * The role check's outcome of an admin page's main query: 401 to sign-in, 403 to the dashboard with
 * 'Unauthorized access', anything else a toast (`toastId` keeps a retried failure to one toast).
 */
export function useAdminLoadError(error: unknown, loadFailedKey: string, toastId: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 401) {
      navigate('/signin', { replace: true });
    } else if (isApiError(error) && error.status === 403) {
      toast.error(t('admin.unauthorized'));
      navigate('/dashboard', { replace: true });
    } else {
      toast.error(t(loadFailedKey), { id: toastId });
    }
  }, [error, navigate, t, loadFailedKey, toastId]);
}

/** What useAdminList needs of the list's URL state (useListParams). */
export interface AdminListParams<Patch extends ListPatch> {
  page: number;
  q: string;
  selectedId: string | null;
  update: (patch: Patch, options?: { replace?: boolean }) => void;
}

export interface AdminListOptions<Data extends PageOf, Key extends QueryKey, Patch extends ListPatch>
  extends Pick<AdminListPageOptions, 'loadFailedKey' | 'rowTestId'> {
  query: UseQueryOptions<Data, Error, Data, Key>;
  /** What the refresh button reloads: the feature's key, so that the open row's panel reloads too. */
  refreshKey: QueryKey;
  /** A search or filter narrows the list (the empty state then offers to clear them). */
  filtered: boolean;
  /** The URL's filters cleared: the empty state's way out. */
  clearFilters: Patch;
}

/**
 * An admin list page's query with what goes around it (useAdminListPage); `toolbar`, what the search
 * box and the refresh button need (a new search starts at page 1 and replaces the URL entry, as typing
 * should not fill the history); and `view`, what the page hands its list (AdminListViewProps).
 */
export function useAdminList<Data extends PageOf, Key extends QueryKey, Patch extends ListPatch>(
  params: AdminListParams<Patch>,
  { query, refreshKey, filtered, clearFilters, loadFailedKey, rowTestId }: AdminListOptions<Data, Key, Patch>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(query);
  const { page, q, selectedId, update } = params;
  const panel = useAdminListPage({
    error: list.error,
    data: list.data,
    page,
    selectedId,
    update: update as ListUpdate,
    loadFailedKey,
    rowTestId,
  });
  const onSearch = useCallback((value: string) => update({ q: value, page: 1 } as Patch, { replace: true }), [update]);
  const view: AdminListViewProps<Data> = {
    data: list.data,
    loading: list.isPending,
    updating: list.isPlaceholderData,
    error: list.isError ? t(loadFailedKey) : null,
    filtered,
    selectedId,
    onSelect: panel.select,
    onRetry: () => void list.refetch(),
    onClearFilters: () => update({ ...clearFilters, page: 1 }),
    onPage: (next) => update({ page: next } as Patch),
  };
  const toolbar = {
    q,
    refreshing: list.isFetching && !list.isPending,
    onSearch,
    onRefresh: () => void queryClient.invalidateQueries({ queryKey: refreshKey }),
  };
  // The open row's panel, with the row's list fields to show while its own data loads.
  const detail = selectedId
    ? {
        id: selectedId,
        placeholder: list.data?.items.find((item) => (item as { id?: unknown }).id === selectedId) as
          | Data['items'][number]
          | undefined,
        focusOnOpen: panel.focusOnOpen,
        onClose: panel.close,
      }
    : null;
  return { ...panel, data: list.data, view, toolbar, detail };
}
