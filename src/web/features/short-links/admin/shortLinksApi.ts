import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Ok } from '../../../../shared/contracts/common';
import type {
  ShortLinkCreateInput,
  ShortLinkPage,
  ShortLinkResult,
  ShortLinkUpdateInput,
} from '../../../../shared/contracts/short-links';
import { api } from '../../../lib/api';

export type { ShortLink, ShortLinkPage } from '../../../../shared/contracts/short-links';

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
  api<ShortLinkResult>('POST', BASE, input).then((r) => r.link);

export const updateShortLink = (id: string, patch: ShortLinkUpdateInput) =>
  api<ShortLinkResult>('PATCH', byId(id), patch).then((r) => r.link);

export const deleteShortLink = (id: string) => api<Ok>('DELETE', byId(id));

/** product.md#short-links-and-attribution: the copied link is {origin}/go/{slug}. */
export const shortUrlOf = (slug: string) => `${window.location.origin}/go/${slug}`;
