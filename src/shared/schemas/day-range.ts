import type { z } from 'zod';

/**
 * A list's period filter given as two days (`from` and `to` keys, both included): refused when the last
 * comes before the first, with the date-order message the forms use.
 */
export function dayRangeOrder<K extends string>(fromKey: K, toKey: K) {
  return (value: Partial<Record<K, string | undefined>>, ctx: z.RefinementCtx) => {
    const from = value[fromKey];
    const to = value[toKey];
    if (from && to && from > to) ctx.addIssue({ code: 'custom', path: [toKey], message: 'validation.dateRangeOrder' });
  };
}
