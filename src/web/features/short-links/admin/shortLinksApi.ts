import type { Ok } from '../../../../shared/contracts/common';
import type {
  ShortLinkCreateInput,
  ShortLinkListQuery,
  ShortLinkPage,
  ShortLinkResult,
  ShortLinkUpdateInput,
} from '../../../../shared/features/short-links/short-links.contracts';
import { adminListApi, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';

export type { ShortLink, ShortLinkPage } from '../../../../shared/features/short-links/short-links.contracts';

export const SHORT_LINKS_PAGE_SIZE = 20;
/** Every short-link query starts with this key, so one invalidation refreshes every page and search. */
export const SHORT_LINKS_KEY = ['admin', 'short-links'] as const;
const links = adminListApi<ShortLinkListQuery, ShortLinkPage>('shortLinks', SHORT_LINKS_KEY, SHORT_LINKS_PAGE_SIZE);
const BASE = links.path;

export const shortLinkListQuery = (params: { q: string; page: number }) => listPageQuery(links, params);

const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const createShortLink = (input: ShortLinkCreateInput) =>
  api<ShortLinkResult>('POST', BASE, input).then((r) => r.link);

export const updateShortLink = (id: string, patch: ShortLinkUpdateInput) =>
  api<ShortLinkResult>('PATCH', byId(id), patch).then((r) => r.link);

export const deleteShortLink = (id: string) => api<Ok>('DELETE', byId(id));

/** product.md#short-links-and-attribution: the copied link is {origin}/go/{slug}. */
export const shortUrlOf = (slug: string) => `${window.location.origin}/go/${slug}`;
