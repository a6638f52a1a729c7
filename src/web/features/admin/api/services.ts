import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ServiceInput } from '../../../../shared/schemas/services';
import { api } from '../../../lib/api';

/** AdminServiceView of the API contract (issue 11). */
export interface AdminService {
  id: string;
  title: string;
  description: string;
  titleEn: string | null;
  descriptionEn: string | null;
  priceCents: number;
  stripePriceId: string | null;
  isActive: boolean;
  orderCount: number;
  createdAt: string;
  updatedAt: string;
}

export const SERVICE_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type ServiceStatusFilter = (typeof SERVICE_STATUS_FILTERS)[number];

export interface ServiceListParams {
  q: string;
  status: ServiceStatusFilter;
}

export interface ServiceListResponse {
  services: AdminService[];
  /** True when real Stripe is configured: a service then cannot be sold without its Price ID. */
  stripePriceIdRequired: boolean;
}

const BASE = '/api/admin/services';
/** Every admin services query starts with this key, so one invalidation refreshes every filtered list. */
export const ADMIN_SERVICES_KEY = ['admin', 'services'] as const;

export function serviceListQuery(params: ServiceListParams) {
  const search = new URLSearchParams({ status: params.status });
  if (params.q) search.set('q', params.q);
  return queryOptions({
    queryKey: [...ADMIN_SERVICES_KEY, 'list', params],
    queryFn: () => api<ServiceListResponse>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const createService = (input: ServiceInput) =>
  api<{ service: AdminService }>('POST', BASE, input).then((r) => r.service);

export const updateService = (id: string, patch: Partial<ServiceInput>) =>
  api<{ service: AdminService }>('PATCH', byId(id), patch).then((r) => r.service);

/** 'deactivated': the service has orders, so the server kept it (inactive) instead of deleting it. */
export const deleteService = (id: string) =>
  api<{ outcome: 'deleted' | 'deactivated' }>('DELETE', byId(id)).then((r) => r.outcome);
