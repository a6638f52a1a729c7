import { z } from '@hono/zod-openapi';
import { safeText, TEXT_MAX } from '../../../shared/schemas/text';
import { errorResponses, errorSchema, jsonResponse } from './openapi';

/**
 * The `{id}` path parameter. Not a UUID check on purpose: a malformed id answers 404 like an unknown
 * one (the services check the id before it reaches a uuid column).
 */
export const idParams = z.object({
  id: safeText(TEXT_MAX.token, { trim: false }).openapi({ param: { name: 'id', in: 'path' } }),
});

/** The refusals of a route for signed-in callers. */
export const signedInOnly = { 401: errorResponses[401] } as const;

/** The refusals of a staff route: not signed in, or without the permission. */
export const guarded = { 401: errorResponses[401], 403: errorResponses[403] } as const;

/** A 404 answer in the document; the description names the error code (or says when it comes). */
export function notFound(description = 'NOT_FOUND') {
  return jsonResponse(errorSchema, description);
}

/**
 * The body of the multipart routes, for the OpenAPI document only. It is a plain JSON schema on
 * purpose: a zod schema there would make @hono/zod-openapi parse (and so consume) the whole body
 * before our checks run, while the routes stream it themselves with readMultipart.
 */
export function multipartDoc(
  properties: Record<string, { type: 'string'; format?: 'binary'; enum?: string[]; description?: string }>,
  required: string[] = Object.keys(properties),
) {
  return {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object' as const, properties, required },
        },
      },
    },
  };
}
