import type { z } from '@hono/zod-openapi';
import type { Permission } from '../../../shared/domain/permissions';
import { adminRoute } from './admin-door';
import { errorResponses, jsonResponse } from './openapi';
import { guarded } from './route-kit';

/**
 * An admin list's GET operation (decision 0080): its query (listQuery(...).list), one page in the page
 * envelope (pageOf), 400 for a bad filter, and the permission that reads it.
 */
export function listRoute<Q extends z.ZodObject, P extends z.ZodType>(
  permission: Permission,
  spec: { path?: string; summary: string; description?: string; query: Q; page: P },
) {
  return adminRoute(permission, {
    method: 'get' as const,
    path: spec.path ?? '/',
    tags: ['admin'],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    request: { query: spec.query },
    responses: {
      200: jsonResponse(spec.page, 'The list (one page of it, for a paged list)'),
      400: errorResponses[400],
      ...guarded,
    },
  });
}
