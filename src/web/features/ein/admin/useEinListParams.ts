import { EIN_STATUSES } from '../../../../shared/domain/ein';
import { statusListCodec, useListParams } from '../../../components/admin/useListParams';
import type { EinSort } from './einApplicationsApi';

const codec = statusListCodec(EIN_STATUSES, [
  'created_desc',
  'created_asc',
  'waiting_longest',
] as const satisfies EinSort[]);

/** The EIN desk's state in the URL: ?page=&sort=&status=&q=&id= (see useListParams). */
export function useEinListParams() {
  return useListParams(codec);
}
