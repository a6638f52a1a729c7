import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_LISTS, type AdminList } from '../../../shared/routes/admin-lists';
import type { ExportFormat } from '../../../shared/schemas/list-query';
import { api } from '../../lib/api';
import { bootSeed } from '../../lib/bootQuery';
import { downloadCsv } from '../../lib/download';

/** A value of a list's parameter as the pages hold it: a '1' flag as a boolean, an unset one as null. */
type ParamValue = string | number | boolean | null | undefined;

/**
 * The parameters a page may send to a list whose query schema reads `Query` (its `z.input`): only the
 * schema's own names (any other is a type error), `page` besides; `pageSize` is the list's.
 */
export type ListParamsFor<Query, P> = { [K in keyof P]: K extends keyof Query | 'page' ? ParamValue : never };

/**
 * The query string of a list's parameters, as its schema reads them (decision 0080): what is set, in
 * the order given; a flag as '1'; nothing for null, undefined, '' or false.
 */
export function listSearch(params: object): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, ParamValue][]) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    search.set(key, value === true ? '1' : String(value));
  }
  return search;
}

/**
 * One admin list as the web calls it: where it answers (ADMIN_LISTS), its query key, its page size, and,
 * as types, its query schema's input (`Query`) and its answer (`Page`).
 */
export interface AdminListApi<Query, Page> {
  path: string;
  key: readonly unknown[];
  /** Sent with every page query; null for a list that is not paged (a short catalogue). */
  pageSize: number | null;
  /** Types only: nothing is held here at run time. */
  types?: { query: Query; page: Page };
}

export function adminListApi<Query, Page>(
  list: AdminList,
  key: readonly unknown[],
  pageSize: number | null,
): AdminListApi<Query, Page> {
  return { path: ADMIN_LISTS[list], key, pageSize };
}

/** The list's query: fresh on every visit (staff share the queues), the old page kept while the next loads. */
export function listPageQuery<Query, Page, P extends ListParamsFor<Query, P>>(
  list: AdminListApi<Query, Page>,
  params: P,
) {
  const search = listSearch({ ...params, pageSize: list.pageSize });
  return queryOptions({
    queryKey: [...list.key, 'list', params],
    queryFn: () => api<Page>('GET', `${list.path}?${search}`),
    // The desks whose HTML carries their first page (decision 0104) start from it.
    ...bootSeed<Page>(list.path, { query: search, staleTime: 0 }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filter's rows (all pages) in `format`, under the server's file name. */
export function downloadListCsv<Query, Page, P extends ListParamsFor<Query, P>>(
  list: AdminListApi<Query, Page>,
  filters: P,
  format: ExportFormat,
): Promise<string> {
  const search = listSearch({ ...filters, page: undefined, format: format === 'csv' ? undefined : format });
  const name = list.path.split('/').pop() ?? 'export';
  return downloadCsv(`${list.path}/export.csv?${search}`, `${name}.csv`);
}
