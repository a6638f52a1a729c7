import { type ListParamsCodec, readQuery, useListParams } from '../../../components/admin/useListParams';
import { SERVICE_STATUS_FILTERS, type ServiceListParams, type ServiceStatusFilter } from './servicesApi';

const codec: ListParamsCodec<ServiceListParams> = {
  read: (search) => {
    const status = search.get('status');
    return {
      q: readQuery(search),
      status: (SERVICE_STATUS_FILTERS as readonly string[]).includes(status ?? '')
        ? (status as ServiceStatusFilter)
        : 'all',
    };
  },
  write: (p, set) => {
    set('status', p.status, 'all');
    set('q', p.q, '');
  },
};

/** The services page's filters in the URL: ?q=&status= (see useListParams). */
export function useServiceListParams() {
  return useListParams(codec);
}
