import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EIN_STATUSES, type EinStatus } from '../../../../shared/domain/ein';
import type { EinListParams, EinSort } from '../api/einApplications';

const SORTS: readonly EinSort[] = ['created_desc', 'created_asc'];
const DEFAULTS: EinListParams = { page: 1, sort: 'created_desc', status: null, q: '' };

/** Reads the list state from the URL, forgiving anything hand-edited or stale. */
export function readEinListParams(search: URLSearchParams): EinListParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const sort = search.get('sort');
  const status = search.get('status');
  return {
    page: Number.isFinite(page) && page >= 1 ? page : DEFAULTS.page,
    sort: SORTS.includes(sort as EinSort) ? (sort as EinSort) : DEFAULTS.sort,
    status: (EIN_STATUSES as readonly string[]).includes(status ?? '') ? (status as EinStatus) : null,
    q: (search.get('q') ?? '').trim().slice(0, 200),
  };
}

export interface EinListState extends EinListParams {
  /** The application shown in the detail panel, or null. */
  selectedId: string | null;
}

/**
 * The EIN desk's state lives in the URL (?page=&sort=&status=&q=&id=), so a reload, a shared link
 * or the back button brings back the same view. Defaults are left out to keep the URL short; other
 * parameters (?lang=) are kept.
 */
export function useEinListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo<EinListState>(
    () => ({ ...readEinListParams(searchParams), selectedId: searchParams.get('id') || null }),
    [searchParams],
  );

  const update = useCallback(
    (patch: Partial<EinListState>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...readEinListParams(current), selectedId: current.get('id') || null, ...patch };
          const set = (key: string, value: string | null, fallback: string | null) => {
            if (value === null || value === '' || value === fallback) next.delete(key);
            else next.set(key, value);
          };
          set('page', String(merged.page), String(DEFAULTS.page));
          set('sort', merged.sort, DEFAULTS.sort);
          set('status', merged.status, null);
          set('q', merged.q, '');
          set('id', merged.selectedId, null);
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { ...state, update };
}
