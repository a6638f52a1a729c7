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

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description } as const;
}

export const errorResponses = {
  400: jsonResponse(errorSchema, 'Validation failed; `error.fields` names each bad field'),
  401: jsonResponse(errorSchema, 'Not signed in'),
  403: jsonResponse(errorSchema, 'Signed in without the needed role'),
} as const;

export const okSchema = z.object({ ok: z.literal(true) });

/** A server-paged list's answer: one page of `item` with the total and the page asked for. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int(),
      /** exact; atLeast: more than `total` match (a capped count); estimate: the planner's row count. */
      totalKind: z.enum(['exact', 'atLeast', 'estimate']).optional(),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .openapi(name);
}
