import { z } from 'zod';
import { dayRangeOrder } from './day-range';

/**
 * Every admin list's query, built one way (decision 0080): its own filters, plus the paging every list
 * shares (`page`, `pageSize`, both bounded so a hand-made URL cannot ask for all rows) for the list,
 * or the one export parameter (`format`) for its CSV. The export is "what the current filter shows", so
 * both read the same filters and the same period checks.
 */

/** `csv`: English labels, comma, ISO 8601 dates; `excel-tr`: Turkish labels, BOM, `;`, Turkish dates (Excel in Turkey). */
export const EXPORT_FORMATS = ['csv', 'excel-tr'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The language an export format writes its labels, dates and numbers in. */
export function exportLanguage(format: ExportFormat): 'tr' | 'en' {
  return format === 'excel-tr' ? 'tr' : 'en';
}

export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;

export interface ListQueryOptions<K extends string> {
  /** The page size the list gets when it asks for none. */
  pageSize?: number;
  /** Period filters as [first day, last day] keys: refused when the last comes before the first. */
  periods?: readonly (readonly [K, K])[];
}

/**
 * The list query (`list`), the export query (`export`) and the bare filters (`filter`, for a list that
 * is not paged) of one admin list, from its filters' shape.
 */
export function listQuery<F extends z.ZodRawShape>(filters: F, options: ListQueryOptions<keyof F & string> = {}) {
  const periods = options.periods ?? [];
  const inOrder = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [from, to] of periods) dayRangeOrder(from, to)(value as never, ctx);
  };
  const paging = {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .default(options.pageSize ?? 20),
  };
  return {
    filter: z.object(filters).superRefine(inOrder),
    list: z.object({ ...filters, ...paging }).superRefine(inOrder),
    export: z.object({ ...filters, format: z.enum(EXPORT_FORMATS).default('csv') }).superRefine(inOrder),
  };
}
