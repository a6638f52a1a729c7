const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a string PostgreSQL accepts as a uuid; anything else cannot name a row, and must not reach a uuid cast. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
