import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { errorResponse, zodFields } from './errors';

/** A feature's router: body/query/param validation failures become VALIDATION_FAILED naming the field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return errorResponse(c, 'VALIDATION_FAILED', zodFields(result.error));
    },
  });
}

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } } as const;
}

/** A JSON body the client may leave out (then every field of `schema` is absent). */
export function optionalJsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: false } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description } as const;
}

export const errorResponses = {
  400: jsonResponse(errorSchema, 'Validation failed; `error.fields` names each bad field'),
  401: jsonResponse(errorSchema, 'Not signed in'),
  403: jsonResponse(errorSchema, 'Signed in without the needed role'),
} as const;
