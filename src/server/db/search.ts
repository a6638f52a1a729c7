import { type AnyColumn, or, type SQL, sql } from 'drizzle-orm';
import { foldTurkish } from '../../shared/domain/search';

/** `%` and `_` typed in a search box are literal characters, not wildcards (`\` is LIKE's escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** The LIKE pattern "contains q" for folded text: q folded, its wildcards escaped. */
export function foldedPattern(q: string): string {
  return `%${escapeLike(foldTurkish(q))}%`;
}

/**
 * "Any of these columns contains q", compared folded (see foldTurkish). The column side is written as
 * `fold_tr(col)`, the expression of the trigram indexes of migration 0004, so that the planner can
 * answer it from them; the query is folded here rather than in SQL so that the pattern is a constant.
 */
export function foldedContains(columns: [AnyColumn, ...AnyColumn[]], q: string): SQL {
  const pattern = foldedPattern(q);
  return or(...columns.map((column) => sql`fold_tr(${column}) like ${pattern}`)) as SQL;
}
