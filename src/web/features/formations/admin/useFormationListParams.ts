import { ADMIN_FORMATION_SORTS } from '../../../../shared/domain/admin-lists';
import type { FormationStatus } from '../../../../shared/features/formations/formation.domain';
import { FORMATION_STATUSES } from '../../../../shared/features/formations/formation.domain';
import type { AdminFormationSort } from '../../../../shared/features/formations/formations-admin.schemas';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import {
  type ListParamsCodec,
  readDay,
  readToken,
  type StatusListParams,
  statusListCodec,
  useListParams,
} from '../../../components/admin/useListParams';

const statusCodec = statusListCodec(FORMATION_STATUSES, ADMIN_FORMATION_SORTS, DESK_FIRST_QUERY.formations.sort);

/** The status list's state plus the days the formation was started (the home's "onboarding done"). */
const codec: ListParamsCodec<
  StatusListParams<FormationStatus, AdminFormationSort> & {
    createdFrom: string | null;
    createdTo: string | null;
    utm: string | null;
    link: string | null;
  }
> = {
  read: (search) => ({
    ...statusCodec.read(search),
    createdFrom: readDay(search, 'createdFrom'),
    createdTo: readDay(search, 'createdTo'),
    utm: readToken(search, 'utm'),
    link: readToken(search, 'link'),
  }),
  write: (p, set) => {
    statusCodec.write(p, set);
    set('createdFrom', p.createdFrom, null);
    set('createdTo', p.createdTo, null);
    set('utm', p.utm, null);
    set('link', p.link, null);
  },
};

/** The formations list's state in the URL: ?page=&sort=&status=&q=&createdFrom=&createdTo=&reachedFrom=&reachedTo=. */
export function useFormationListParams() {
  return useListParams(codec);
}
