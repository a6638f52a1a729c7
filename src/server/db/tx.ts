import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** A Drizzle transaction; most writes take either it or the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** PostgreSQL's unique_violation; drizzle (PGlite) may wrap the driver error in `cause`. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Until the transaction ends, one transaction at a time per `key` (for example `privacy-erasure:<user id>`):
 * for a check-then-insert where no row exists yet to lock with FOR UPDATE, so two requests at once cannot
 * both find nothing and both insert. PGlite runs one transaction at a time anyway; PostgreSQL needs it.
 */
export async function oneAtATime(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
