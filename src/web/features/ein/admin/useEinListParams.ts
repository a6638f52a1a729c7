import { EIN_STATUSES, type EinStatus } from '../../../../shared/features/ein/ein.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import {
  type ListParamsCodec,
  readToken,
  type StatusListParams,
  statusListCodec,
  useListParams,
} from '../../../components/admin/useListParams';
import type { EinSort } from './einApplicationsApi';

const statusCodec = statusListCodec(
  EIN_STATUSES,
  ['created_asc', 'created_desc', 'created_asc', 'waiting_longest'] as const satisfies EinSort[],
  // The desk's default order, as its first page in the HTML was asked.
  DESK_FIRST_QUERY.ein.sort,
);

/** The desk's list state plus decision 0050's overdue filter (?overdue=1). */
const codec: ListParamsCodec<
  StatusListParams<EinStatus, EinSort> & { overdue: boolean; utm: string | null; link: string | null }
> = {
  read: (search) => ({
    ...statusCodec.read(search),
    overdue: search.get('overdue') === '1',
    utm: readToken(search, 'utm'),
    link: readToken(search, 'link'),
  }),
  write: (p, set) => {
    statusCodec.write(p, set);
    set('overdue', p.overdue ? '1' : null, null);
    set('utm', p.utm, null);
    set('link', p.link, null);
  },
};

/** The EIN desk's state in the URL: ?page=&sort=&status=&overdue=&q=&reachedFrom=&reachedTo=&id= (see useListParams). */
export function useEinListParams() {
  return useListParams(codec);
}
