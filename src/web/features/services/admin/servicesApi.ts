import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminServiceList,
  AdminServiceResult,
  ServiceInput,
  ServiceRemoval,
} from '../../../../shared/contracts/services';
import { api } from '../../../lib/api';

export type { AdminService } from '../../../../shared/contracts/services';

import { SERVICE_STATUS_FILTERS } from '../../../../shared/schemas/services';

export { SERVICE_STATUS_FILTERS };
export type ServiceStatusFilter = (typeof SERVICE_STATUS_FILTERS)[number];

export interface ServiceListParams {
  q: string;
  status: ServiceStatusFilter;
}

const BASE = '/api/admin/services';
/** Every admin services query starts with this key, so one invalidation refreshes every filtered list. */
export const ADMIN_SERVICES_KEY = ['admin', 'services'] as const;

export function serviceListQuery(params: ServiceListParams) {
  const search = new URLSearchParams({ status: params.status });
  if (params.q) search.set('q', params.q);
  return queryOptions({
    queryKey: [...ADMIN_SERVICES_KEY, 'list', params],
    queryFn: () => api<AdminServiceList>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const createService = (input: ServiceInput) =>
  api<AdminServiceResult>('POST', BASE, input).then((r) => r.service);

export const updateService = (id: string, patch: Partial<ServiceInput>) =>
  api<AdminServiceResult>('PATCH', byId(id), patch).then((r) => r.service);

/** 'deactivated': the service has orders, so the server kept it (inactive) instead of deleting it. */
export const deleteService = (id: string) => api<ServiceRemoval>('DELETE', byId(id)).then((r) => r.outcome);
