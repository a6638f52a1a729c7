import type { Db } from './client';

/**
 * Statements built once per database instead of on every call. drizzle otherwise rebuilds a query's
 * SQL text each time it runs (the dashboard's profile showed a fifth of its time there); a prepared
 * statement keeps the text and, on PostgreSQL, a name that each connection parses once. Kept per
 * database object, not per process: tests hold several databases (PGlite and PostgreSQL) at once.
 *
 * Usage: `const byToken = preparedFor((db) => db.select()...where(eq(t.x, sql.placeholder('x'))).prepare('name'))`,
 * then `byToken(db).execute({ x })`. The name must be unique in the process and its text fixed.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
