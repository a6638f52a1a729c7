import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Sets `key` in `next`, or drops it when it holds its default (keeps shared URLs short). */
export type ParamSetter = (key: string, value: string | null, fallback: string | null) => void;

export interface ListParamsCodec<P> {
  /** Reads the list state from the URL, forgiving anything hand-edited or stale. */
  read: (search: URLSearchParams) => P;
  write: (params: P, set: ParamSetter) => void;
}

/**
 * An admin list's state kept in the URL (its own parameters plus `id`, the row open in the detail
 * panel), so a reload, a shared link or the back button brings back the same view. Other parameters
 * (?lang=) are kept. `codec` must be a stable (module-level) object.
 */
export function useListParams<P extends object>(codec: ListParamsCodec<P>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo<P & { selectedId: string | null }>(
    () => ({ ...codec.read(searchParams), selectedId: searchParams.get('id') || null }),
    [searchParams, codec],
  );

  // The router hands an update the search params of the last render, and a navigation still waiting for
  // its loader is cancelled by the next one. So a row clicked while the search box's debounce fires
  // would be undone: the search's update, built on the URL before the click, replaces it. Updates in
  // quick succession therefore build on the last URL this list asked for, as long as the URL shows one
  // of this burst's own URLs (not yet caught up); once it shows another (back button, a link), on that.
  const burst = useRef<{ latest: string; known: Set<string> } | null>(null);

  const update = useCallback(
    (patch: Partial<P & { selectedId: string | null }>, options: { replace?: boolean } = {}) => {
      const shown = searchParams.toString();
      const prior = burst.current;
      const pending = prior && shown !== prior.latest && prior.known.has(shown) ? prior : null;
      const current = new URLSearchParams(pending ? pending.latest : shown);
      const next = new URLSearchParams(current);
      const merged = { ...codec.read(current), selectedId: current.get('id') || null, ...patch };
      const set: ParamSetter = (key, value, fallback) => {
        if (value === null || value === '' || value === fallback) next.delete(key);
        else next.set(key, value);
      };
      codec.write(merged, set);
      set('id', merged.selectedId, null);
      const latest = next.toString();
      burst.current = {
        latest,
        known: new Set([...(pending ? pending.known : []), shown, latest]),
      };
      setSearchParams(next, { replace: options.replace, preventScrollReset: true });
    },
    [searchParams, setSearchParams, codec],
  );

  return { ...state, update };
}

/** `?page=`: a whole number from 1, else 1. */
export function readPage(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** `?q=`: trimmed, at most the API's 200 characters. */
export function readQuery(search: URLSearchParams): string {
  return (search.get('q') ?? '').trim().slice(0, 200);
}

/** A day (YYYY-MM-DD) of a period filter, or null: anything else would only earn the list a refusal. */
export function readDay(search: URLSearchParams, key: string): string | null {
  const value = search.get(key);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** A short text filter (a UTM source, a short link's slug), or null. */
export function readToken(search: URLSearchParams, key: string): string | null {
  const value = (search.get(key) ?? '').trim().slice(0, 100);
  return value || null;
}

/** `?sort=`: one of `sorts`, else the first. */
/** The URL's order if the list has it, else `fallback` (the list's default: its first, or its DESK_FIRST_QUERY's). */
export function readSort<S extends string>(search: URLSearchParams, sorts: readonly S[], fallback: S = sorts[0]): S {
  const sort = search.get('sort');
  return sorts.includes(sort as S) ? (sort as S) : fallback;
}

/** The state of a list filtered by one status and put in one of several orders. */
export interface StatusListParams<S extends string, O extends string> {
  page: number;
  sort: O;
  status: S | null;
  q: string;
  /** Reached its current status in these days (the home's stage counts open the list with them). */
  reachedFrom: string | null;
  reachedTo: string | null;
}

/**
 * The codec of a list filtered by one status and put in one of `sorts` (the first the default):
 * ?page=&sort=&status=&q=&reachedFrom=&reachedTo=. Build it once, at module level.
 */
export function statusListCodec<S extends string, O extends string>(
  statuses: readonly S[],
  sorts: readonly O[],
  defaultSort: O = sorts[0],
): ListParamsCodec<StatusListParams<S, O>> {
  return {
    read: (search) => {
      const status = search.get('status');
      return {
        page: readPage(search),
        sort: readSort(search, sorts, defaultSort),
        status: statuses.includes(status as S) ? (status as S) : null,
        q: readQuery(search),
        reachedFrom: readDay(search, 'reachedFrom'),
        reachedTo: readDay(search, 'reachedTo'),
      };
    },
    write: (p, set) => {
      set('page', String(p.page), '1');
      set('sort', p.sort, defaultSort);
      set('status', p.status, null);
      set('q', p.q, '');
      set('reachedFrom', p.reachedFrom, null);
      set('reachedTo', p.reachedTo, null);
    },
  };
}
