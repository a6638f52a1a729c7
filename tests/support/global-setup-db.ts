import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';

export const TEMPLATE_PATH = path.resolve('test-results/.cache/pglite-template.tar');

/**
 * PGlite's initdb takes ~10 s; a migrated template dumped once and loaded by every test file takes
 * ~1.5 s. Rebuilt each run, so a new migration is always in it.
 */
export default async function setup() {
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  const database = await openDatabase({ memory: true });
  const dump = await database.dump?.();
  if (!dump) throw new Error('PGlite dump unavailable');
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
