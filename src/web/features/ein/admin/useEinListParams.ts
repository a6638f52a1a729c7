import { EIN_STATUSES, type EinStatus } from '../../../../shared/domain/ein';
import {
  type ListParamsCodec,
  readPage,
  readQuery,
  readSort,
  useListParams,
} from '../../../components/admin/useListParams';
import type { EinListParams, EinSort } from './einApplicationsApi';

const SORTS: readonly EinSort[] = ['created_desc', 'created_asc', 'waiting_longest'];

/** Reads the list state from the URL, forgiving anything hand-edited or stale. */
export function readEinListParams(search: URLSearchParams): EinListParams {
  const status = search.get('status');
  return {
    page: readPage(search),
    sort: readSort(search, SORTS),
    status: (EIN_STATUSES as readonly string[]).includes(status ?? '') ? (status as EinStatus) : null,
    q: readQuery(search),
  };
}

const codec: ListParamsCodec<EinListParams> = {
  read: readEinListParams,
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('sort', p.sort, SORTS[0]);
    set('status', p.status, null);
    set('q', p.q, '');
  },
};

/** The EIN desk's state in the URL: ?page=&sort=&status=&q=&id= (see useListParams). */
export function useEinListParams() {
  return useListParams(codec);
}
