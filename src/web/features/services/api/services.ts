import { queryOptions } from '@tanstack/react-query';
import type { UrlResult } from '../../../../shared/features/payments/payments.contracts';
import type { ServiceList, ServiceResult } from '../../../../shared/features/services/services.contracts';
import { api } from '../../../lib/api';
import { bootData } from '../../../lib/bootData';
import { queryClient } from '../../../lib/queryClient';

export type { ServiceView } from '../../../../shared/features/services/services.contracts';

export const SERVICES_KEY = ['services'] as const;

export const servicesQuery = queryOptions({
  queryKey: [...SERVICES_KEY, 'list'],
  queryFn: async () => (await api<ServiceList>('GET', '/api/services')).services,
});

// The services page's HTML carried the list (decision 0060): it draws at once, and nothing below it
// moves when the list would have arrived.
const booted = bootData()?.services;
if (booted) queryClient.setQueryData(servicesQuery.queryKey, booted);

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
