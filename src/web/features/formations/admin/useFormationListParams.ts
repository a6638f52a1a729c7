import { ADMIN_FORMATION_SORTS } from '../../../../shared/domain/admin-lists';
import { FORMATION_STATUSES } from '../../../../shared/domain/formation';
import { statusListCodec, useListParams } from '../../../components/admin/useListParams';

const codec = statusListCodec(FORMATION_STATUSES, ADMIN_FORMATION_SORTS);

/** The formations list's state in the URL: ?page=&sort=&status=&q= (see useListParams). */
export function useFormationListParams() {
  return useListParams(codec);
}
