import { ADMIN_USER_SORTS } from '../../../../shared/domain/admin-lists';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import {
  type ListParamsCodec,
  readDay,
  readPage,
  readQuery,
  readSort,
  readToken,
  useListParams,
} from '../../../components/admin/useListParams';
import type { UserListParams } from './usersApi';

const codec: ListParamsCodec<UserListParams> = {
  read: (search) => ({
    page: readPage(search),
    sort: readSort(search, ADMIN_USER_SORTS, DESK_FIRST_QUERY.users.sort),
    q: readQuery(search),
    joinedFrom: readDay(search, 'joinedFrom'),
    joinedTo: readDay(search, 'joinedTo'),
    customers: search.get('customers') === '1',
    utm: readToken(search, 'utm'),
    link: readToken(search, 'link'),
  }),
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('sort', p.sort, DESK_FIRST_QUERY.users.sort);
    set('q', p.q, '');
    set('joinedFrom', p.joinedFrom, null);
    set('joinedTo', p.joinedTo, null);
    set('customers', p.customers ? '1' : null, null);
    set('utm', p.utm, null);
    set('link', p.link, null);
  },
};

/** The users page's state in the URL: ?page=&sort=&q=&joinedFrom=&joinedTo=&customers=&id= (see useListParams). */
export function useUserListParams() {
  return useListParams(codec);
}
