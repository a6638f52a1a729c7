import { SUPPORT_STATUSES, type SupportStatus } from '../../../../shared/features/support/support.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import {
  type ListParamsCodec,
  readPage,
  readQuery,
  readSort,
  useListParams,
} from '../../../components/admin/useListParams';
import type { AdminSupportListParams, AdminSupportSort } from '../api/support';

const SORTS: readonly AdminSupportSort[] = ['newest', 'oldest'];

export interface SupportListParams extends AdminSupportListParams {
  /**
   * The open thread. `?thread=` rather than the lists' usual `?id=`: the staff notice mail links to
   * /admin/support?thread=<id> (support.service.ts).
   */
  thread: string | null;
}

export function readSupportListParams(search: URLSearchParams): SupportListParams {
  const status = search.get('status');
  return {
    page: readPage(search),
    sort: readSort(search, SORTS, DESK_FIRST_QUERY.support.sort),
    status: (SUPPORT_STATUSES as readonly string[]).includes(status ?? '') ? (status as SupportStatus) : null,
    q: readQuery(search),
    waiting: search.get('waiting') === '1',
    thread: search.get('thread') || null,
  };
}

const codec: ListParamsCodec<SupportListParams> = {
  read: readSupportListParams,
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('sort', p.sort, DESK_FIRST_QUERY.support.sort);
    set('status', p.status, null);
    set('q', p.q, '');
    set('waiting', p.waiting ? '1' : null, null);
    set('thread', p.thread, null);
  },
};

/** The support desk's state in the URL: ?page=&sort=&status=&q=&waiting=&thread= (see useListParams). */
export function useSupportListParams() {
  return useListParams(codec);
}
