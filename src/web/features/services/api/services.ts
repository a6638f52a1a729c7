import { queryOptions } from '@tanstack/react-query';
import type { UrlResult } from '../../../../shared/contracts/payments';
import type { ServiceList, ServiceResult } from '../../../../shared/contracts/services';
import { api } from '../../../lib/api';

export type { ServiceView } from '../../../../shared/contracts/services';

export const SERVICES_KEY = ['services'] as const;

export const servicesQuery = queryOptions({
  queryKey: [...SERVICES_KEY, 'list'],
  queryFn: async () => (await api<ServiceList>('GET', '/api/services')).services,
});

export function serviceQuery(id: string) {
  return queryOptions({
    queryKey: [...SERVICES_KEY, 'detail', id],
    queryFn: async () => (await api<ServiceResult>('GET', `/api/services/${encodeURIComponent(id)}`)).service,
  });
}

/** Opens a checkout for one service; the browser then goes to the returned URL. */
export const startServiceCheckout = (serviceId: string, complianceItemKey?: string) =>
  api<UrlResult>(
    'POST',
    '/api/payments/checkout',
    complianceItemKey ? { serviceId, complianceItemKey } : { serviceId },
  );
