import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ShortLinkState } from '../../../../shared/domain/short-links';
import type { ShortLinkCreateInput, ShortLinkUpdateInput } from '../../../../shared/schemas/short-links';
import { api } from '../../../lib/api';

/** The API's ShortLink (src/server/features/short-links/short-links.routes.ts). */
export interface ShortLink {
  id: string;
  slug: string;
  originalUrl: string;
  expiresAt: string | null;
  state: ShortLinkState;
  clickCount: number;
  shareCount: number;
  signUpCount: number;
  payingCustomerCount: number;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ShortLinkPage {
  items: ShortLink[];
  total: number;
  page: number;
  pageSize: number;
}

export const SHORT_LINKS_PAGE_SIZE = 20;
const BASE = '/api/admin/short-links';
/** Every short-link query starts with this key, so one invalidation refreshes every page and search. */
export const SHORT_LINKS_KEY = ['admin', 'short-links'] as const;

export function shortLinkListQuery(params: { q: string; page: number }) {
  const search = new URLSearchParams({ page: String(params.page), pageSize: String(SHORT_LINKS_PAGE_SIZE) });
  if (params.q) search.set('q', params.q);
  return queryOptions({
    queryKey: [...SHORT_LINKS_KEY, 'list', params],
    queryFn: () => api<ShortLinkPage>('GET', `${BASE}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const createShortLink = (input: ShortLinkCreateInput) =>
  api<{ link: ShortLink }>('POST', BASE, input).then((r) => r.link);

export const updateShortLink = (id: string, patch: ShortLinkUpdateInput) =>
  api<{ link: ShortLink }>('PATCH', byId(id), patch).then((r) => r.link);

export const deleteShortLink = (id: string) => api<{ ok: true }>('DELETE', byId(id));

/** SPEC §2: the copied link is {origin}/go/{slug}. */
export const shortUrlOf = (slug: string) => `${window.location.origin}/go/${slug}`;
