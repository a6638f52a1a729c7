import { z } from '@hono/zod-openapi';

/** Shapes every feature's contract uses. */

export const okSchema = z.object({ ok: z.literal(true) });

export const countSchema = z.object({ count: z.number().int() });

/**
 * How a list's total was counted (src/server/db/list-total.ts): `exact`; `atLeast`, more than `total`
 * match (a capped count); `estimate`, the planner's row count of an unfiltered list.
 */
export const TOTAL_KINDS = ['exact', 'atLeast', 'estimate'] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

/**
 * The one page envelope of every server-paged list (decision 0080): one page of `item` with the total,
 * how it was counted, and the page asked for.
 */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int(),
      totalKind: z.enum(TOTAL_KINDS),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .openapi(name);
}

/** A page as the server writes it and the web reads it (the shape `pageOf` documents). */
export interface ListPage<T> {
  items: T[];
  total: number;
  totalKind: TotalKind;
  page: number;
  pageSize: number;
}

export type Ok = z.output<typeof okSchema>;
export type Count = z.output<typeof countSchema>;
