import { z } from '@hono/zod-openapi';

/** Shapes every feature's contract uses. */

export const okSchema = z.object({ ok: z.literal(true) });

export const countSchema = z.object({ count: z.number().int() });

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

export type Ok = z.output<typeof okSchema>;
export type Count = z.output<typeof countSchema>;
