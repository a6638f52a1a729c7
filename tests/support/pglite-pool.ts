import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseOptions } from '../../src/server/db/client';
import { TEMPLATE_PATH } from './global-setup-db';

/*
 * Decision 0111: the in-memory PGlite of a test file (and of a browser spec's server) is lent from a pool
 * of this worker instead of loaded from the migrated template each time. Loading one took 1.0 to 1.6 CPU
 * seconds (the template's 44 MB into Emscripten's file system, the WebAssembly instance, PostgreSQL's
 * start); emptying one that a file has given back takes about a tenth of that. A given-back database is
 * emptied to the template's state, every table of the portal truncated with its sequences, the session's
 * state discarded, a checkpoint so that its WAL does not pile up, and it is lent again only if its
 * schema is still the template's: a file that changed the schema, or left a transaction open, gives back
 * a database that is closed instead. The worker keeps one idle database; files run one at a time in a
 * worker, so a second one open at once (a file with two apps) is closed when given back.
 */

let template: Blob | undefined;
let schemaOfTemplate: string | undefined;
let portalTables: string[] | undefined;
const idle: PGlite[] = [];

/** What the portal's schema is: relations, columns, functions, triggers and roles, as one digest. */
const SCHEMA_DIGEST = `select md5(string_agg(x, ',' order by x)) as digest from (
  select format('%s.%s.%s', c.relnamespace::regnamespace, c.relname, c.relkind) as x from pg_class c
    where c.relnamespace::regnamespace::text not in ('pg_catalog', 'information_schema', 'pg_toast')
  union all select format('%s.%s.%s.%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull)
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
  union all select format('%s.%s', p.proname, md5(p.prosrc)) from pg_proc p
    where p.pronamespace = 'public'::regnamespace
  union all select format('%s.%s', t.tgname, t.tgenabled) from pg_trigger t where not t.tgisinternal
  union all select rolname from pg_roles
) s`;

async function schemaDigest(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(SCHEMA_DIGEST);
  return rows[0].digest;
}

async function openFromTemplate(): Promise<PGlite> {
  template ??= new Blob([readFileSync(TEMPLATE_PATH)]);
  // The same extension as the portal's own open (db/client.ts): the admin search's trigram indexes.
  const client = new PGlite({ loadDataDir: template, extensions: { pg_trgm } });
  await client.waitReady;
  if (!schemaOfTemplate) {
    schemaOfTemplate = await schemaDigest(client);
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    );
    portalTables = rows.map((r) => r.name);
  }
  return client;
}

/** Empties a given-back database to the template's state; false when it cannot be lent again. */
async function emptied(client: PGlite): Promise<boolean> {
  try {
    // Triggers off while truncating: they keep derived tables (counts, search rows), truncated too.
    await client.exec(
      `set session_replication_role = replica;
       truncate ${portalTables?.join(', ')} restart identity cascade;
       reset session_replication_role;`,
    );
    await client.exec('discard all');
    await client.exec('checkpoint');
    return (await schemaDigest(client)) === schemaOfTemplate;
  } catch {
    return false;
  }
}

async function giveBack(client: PGlite): Promise<void> {
  // Already idle: a second portal opened on the same lent database (TestApp.databaseOptions) closed too.
  if (client.closed || idle.includes(client)) return;
  if (idle.length === 0 && (await emptied(client)) && idle.length === 0) {
    idle.push(client);
    return;
  }
  await client.close();
}

/** Options that open the portal on an empty migrated in-memory database of this worker's pool. */
export async function lentPglite(): Promise<DatabaseOptions> {
  const client = idle.pop() ?? (await openFromTemplate());
  return { lentPglite: client, giveBack };
}
