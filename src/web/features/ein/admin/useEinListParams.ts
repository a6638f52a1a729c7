import { EIN_STATUSES } from '../../../../shared/domain/ein';
import { type ListParamsCodec, statusListCodec, useListParams } from '../../../components/admin/useListParams';
import type { EinListParams, EinSort } from './einApplicationsApi';

const statusCodec = statusListCodec(EIN_STATUSES, [
  'created_desc',
  'created_asc',
  'waiting_longest',
] as const satisfies EinSort[]);

/** The status list's parameters, plus `overdue=1` (the home's "overdue now" figure, decision 0055). */
const codec: ListParamsCodec<Required<EinListParams>> = {
  read: (search) => ({ ...statusCodec.read(search), overdue: search.get('overdue') === '1' }),
  write: (p, set) => {
    statusCodec.write(p, set);
    set('overdue', p.overdue ? '1' : null, null);
  },
};

/** The EIN desk's state in the URL: ?page=&sort=&status=&q=&overdue=&id= (see useListParams). */
export function useEinListParams() {
  return useListParams(codec);
}
