import type {
  AdminServiceList,
  AdminServiceListQuery,
  AdminServiceResult,
  ServiceInput,
  ServiceRemoval,
} from '../../../../shared/features/services/services.contracts';
import { adminListApi, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';

export type { AdminService } from '../../../../shared/features/services/services.contracts';

import { SERVICE_STATUS_FILTERS } from '../../../../shared/features/services/services.schemas';

export { SERVICE_STATUS_FILTERS };
export type ServiceStatusFilter = (typeof SERVICE_STATUS_FILTERS)[number];

export interface ServiceListParams {
  q: string;
  status: ServiceStatusFilter;
}

/** Every admin services query starts with this key, so one invalidation refreshes every filtered list. */
export const ADMIN_SERVICES_KEY = ['admin', 'services'] as const;
// The catalogue is short: filtered, not paged.
const services = adminListApi<AdminServiceListQuery, AdminServiceList>('services', ADMIN_SERVICES_KEY, null);
const BASE = services.path;

export const serviceListQuery = (params: ServiceListParams) => listPageQuery(services, params);

const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const createService = (input: ServiceInput) =>
  api<AdminServiceResult>('POST', BASE, input).then((r) => r.service);

export const updateService = (id: string, patch: Partial<ServiceInput>) =>
  api<AdminServiceResult>('PATCH', byId(id), patch).then((r) => r.service);

/** 'deactivated': the service has orders, so the server kept it (inactive) instead of deleting it. */
export const deleteService = (id: string) => api<ServiceRemoval>('DELETE', byId(id)).then((r) => r.outcome);
