import { FORMATION_STATUSES, type FormationStatus } from '../../../../shared/domain/formation';
import { ADMIN_FORMATION_SORTS } from '../../../../shared/schemas/admin-formations';
import {
  type ListParamsCodec,
  readPage,
  readQuery,
  readSort,
  useListParams,
} from '../../../components/admin/useListParams';
import type { FormationListParams } from './formationsApi';

/** Reads the list state from the URL, forgiving anything hand-edited or stale. */
export function readFormationListParams(search: URLSearchParams): FormationListParams {
  const status = search.get('status');
  return {
    page: readPage(search),
    sort: readSort(search, ADMIN_FORMATION_SORTS),
    status: (FORMATION_STATUSES as readonly string[]).includes(status ?? '') ? (status as FormationStatus) : null,
    q: readQuery(search),
  };
}

const codec: ListParamsCodec<FormationListParams> = {
  read: readFormationListParams,
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('sort', p.sort, ADMIN_FORMATION_SORTS[0]);
    set('status', p.status, null);
    set('q', p.q, '');
  },
};

/** The formations list's state in the URL: ?page=&sort=&status=&q= (see useListParams). */
export function useFormationListParams() {
  return useListParams(codec);
}
