import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A service as GET /api/services returns it (active ones only). Prices are integer cents. */
export interface ServiceView {
  id: string;
  title: string;
  description: string;
  /** The English twins; null means the Turkish text is shown in both languages. */
  titleEn: string | null;
  descriptionEn: string | null;
  priceCents: number;
  createdAt: string;
}

export const SERVICES_KEY = ['services'] as const;

export const servicesQuery = queryOptions({
  queryKey: [...SERVICES_KEY, 'list'],
  queryFn: async () => (await api<{ services: ServiceView[] }>('GET', '/api/services')).services,
});

export function serviceQuery(id: string) {
  return queryOptions({
    queryKey: [...SERVICES_KEY, 'detail', id],
    queryFn: async () =>
      (await api<{ service: ServiceView }>('GET', `/api/services/${encodeURIComponent(id)}`)).service,
  });
}

/** Opens a checkout for one service; the browser then goes to the returned URL. */
export const startServiceCheckout = (serviceId: string) =>
  api<{ url: string }>('POST', '/api/payments/checkout', { serviceId });
