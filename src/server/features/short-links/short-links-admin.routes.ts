import { okSchema } from '../../../shared/contracts/common';
import { isUuid } from '../../../shared/domain/ids';
import {
  type ShortLink,
  shortLinkCreateSchema,
  shortLinkListQuerySchema,
  shortLinkListSchema,
  shortLinkResultSchema,
  shortLinkUpdateSchema,
} from '../../../shared/features/short-links/short-links.contracts';
import { shortLinkState } from '../../../shared/features/short-links/short-links.domain';
import { mapPage } from '../../db/paged-list';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import {
  createShortLink,
  deleteShortLink,
  listShortLinks,
  type ShortLinkListRow,
  updateShortLink,
} from './short-links.service';

const tags = ['admin'];

const list = listRoute('links.manage', {
  summary: 'Every short link, newest first, with clicks, shares, sign-ups and paying customers',
  description: 'q matches the slug, the destination and the UTM fields (Turkish letters folded).',
  query: shortLinkListQuerySchema,
  page: shortLinkListSchema,
});

const create = adminRoute('links.manage', {
  method: 'post',
  path: '/',
  tags,
  summary: 'Create a short link (custom slug, or a random one of 6 characters); audited',
  request: jsonBody(shortLinkCreateSchema),
  responses: {
    201: jsonResponse(shortLinkResultSchema, 'Created'),
    400: errorResponses[400],
    409: jsonResponse(errorSchema, "SLUG_TAKEN ('This slug is already taken') or SLUG_GENERATION_FAILED"),
    ...guarded,
  },
});

const update = adminRoute('links.manage', {
  method: 'patch',
  path: '/{id}',
  tags,
  summary: 'Change the destination, the expiry or the UTM fields (the slug cannot be edited); audited',
  request: { params: idParams, ...jsonBody(shortLinkUpdateSchema) },
  responses: {
    200: jsonResponse(shortLinkResultSchema, 'Saved; the link as it is now'),
    400: errorResponses[400],
    404: notFound(),
    ...guarded,
  },
});

const remove = adminRoute('links.manage', {
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Delete a short link; audited',
  request: { params: idParams },
  responses: { 200: jsonResponse(okSchema, 'Deleted'), 404: notFound(), ...guarded },
});

function toShortLink(row: ShortLinkListRow, now = new Date()): ShortLink {
  return {
    id: row.id,
    slug: row.slug,
    originalUrl: row.originalUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    state: shortLinkState(row.expiresAt, now),
    clickCount: row.clickCount,
    shareCount: row.shareCount,
    signUpCount: Number(row.signUpCount),
    payingCustomerCount: Number(row.payingCount),
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Ids are UUIDs: anything else names no link (and must not reach a uuid column as a query error). */
function linkId(id: string): string {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  return id;
}

/** product.md#short-link-manager "Short-link manager". app.ts mounts it at /api/admin/short-links, before /api/admin. */
export function shortLinksAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const page = await listShortLinks(c.var.deps.database.db, c.req.valid('query'));
    const now = new Date();
    return c.json(
      mapPage(page, (row) => toShortLink(row, now)),
      200,
    );
  });

  router.openapi(create, async (c) => {
    const row = await createShortLink(c.var.deps, currentUser(c), c.req.valid('json'));
    return c.json({ link: toShortLink(row) }, 201);
  });

  router.openapi(update, async (c) => {
    const id = linkId(c.req.valid('param').id);
    const row = await updateShortLink(c.var.deps, currentUser(c), id, c.req.valid('json'));
    return c.json({ link: toShortLink(row) }, 200);
  });

  router.openapi(remove, async (c) => {
    await deleteShortLink(c.var.deps, currentUser(c), linkId(c.req.valid('param').id));
    return c.json({ ok: true as const }, 200);
  });

  return router;
}
