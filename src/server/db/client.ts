import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/**
 * One Drizzle API over either engine. The PGlite database object is typed as the node-postgres one:
 * their query builders are the same, and both return `{ rows }` from `execute`.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the connection pool's state for /metrics. PGlite has no pool: one connection,
   * inside this process.
   */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole database as a tarball (the tests' migrated template). */
  dump?(): Promise<Blob | File>;
  /**
   * PostgreSQL only: NOTIFYs on `channel` from every copy of the portal, on a connection of its own that
   * is opened again whenever it is lost. PGlite has none: it lives in one process (DATA_DIR is locked),
   * so what changes there is known in that process already.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /**
   * true once LISTEN holds; false as soon as its connection is lost. Between the two, notifications
   * are missed, so whatever was derived from them must be dropped on either change.
   */
  onLive(live: boolean): void;
  onError?(error: Error): void;
}

export interface Listener {
  stop(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { databaseUrl: string }
  | { pgliteDir: string }
  /** An in-memory PGlite, for tests; `loadDataDir` starts it from a dump instead of running initdb. */
  | { memory: true; loadDataDir?: Blob }
  /**
   * Tests: an in-memory PGlite already open and migrated, lent by the tests' pool (decision 0111). Closing
   * the portal's database hands it back through `giveBack`, once, instead of closing it.
   */
  | { lentPglite: PGlite; giveBack(client: PGlite): Promise<void> };

export async function openDatabase(
  options: DatabaseOptions,
  hooks: { onIdleError?: (error: Error) => void } = {},
): Promise<Database> {
  if ('databaseUrl' in options) {
    // A bounded wait for a connection, so that during an outage requests answer 503 within seconds.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection that the server ends (a restart, a failover, an admin's terminate) is reported
    // here; without a listener Node treats it as an uncaught error and the whole process stops. The pool
    // has already dropped that connection and opens a new one on the next query.
    pool.on('error', (error) => hooks.onIdleError?.(error));
    // The pool listens on idle connections only. A connection that is checked out (a transaction
    // between two statements) and dies emits 'error' on the client itself, which with no listener
    // ends the process. The error also reaches the statement in flight or the next one, which fails
    // and is answered as 503; the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      giveBackWhenBeginFails(client);
    });
    const db = drizzlePg({ client: pool, schema });
    await migrateOnce(pool);
    const listeners = new Set<Listener>();
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([...listeners].map((l) => l.stop()));
        await endPool(pool);
      },
      listen: (channel, handlers) => {
        const listener = listenOn(options.databaseUrl, channel, handlers);
        listeners.add(listener);
        return listener;
      },
    };
  }
  return openPglite(options);
}

/**
 * The embedded engine and its drizzle driver are loaded only here: a copy of the portal on PostgreSQL
 * never needs them, and loading them cost each such process about 10 MB of memory and start-up time.
 */
async function openPglite(options: Exclude<DatabaseOptions, { databaseUrl: string }>): Promise<Database> {
  if ('lentPglite' in options) {
    const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
    const client = options.lentPglite;
    let given: Promise<void> | undefined;
    return pgliteDatabase(drizzlePglite({ client, schema }), client, () => {
      given ??= options.giveBack(client);
      return given;
    });
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // PGlite loads an extension's code only when it is named here, also for a data directory (or dump)
  // where it is already created: without it the trigram indexes of the admin search cannot be used.
  const extensions = { pg_trgm };
  let client: PGlite;
  if ('pgliteDir' in options) {
    mkdirSync(options.pgliteDir, { recursive: true });
    client = new PGlite(options.pgliteDir, { extensions });
  } else {
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return pgliteDatabase(db, client, () => client.close());
}

function pgliteDatabase(db: unknown, client: PGlite, close: () => Promise<void>): Database {
  return {
    db: db as Db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close,
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * drizzle-orm's pooled transaction() (0.45.4, and 1.0's release candidates) sends BEGIN before the
 * try/finally that gives its client back to the pool (drizzle-team/drizzle-orm#6341, open). A BEGIN on a
 * connection the server has just ended (a restart, a failover, an admin's terminate) then keeps that
 * client checked out for good: ten of them and the pool is empty, every request waits out its 5 s for a
 * connection and answers 503 until the process restarts, and closing the pool never ends. So each pooled
 * client gives itself back, as broken, when its BEGIN fails; a later release of the same checkout (a
 * drizzle that fixed it, or a caller of its own) is then a no-op instead of pg-pool's double-release error.
 */
function giveBackWhenBeginFails(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (result instanceof Promise && typeof text === 'string' && /^\s*begin\b/i.test(text)) {
      result.catch((error: Error) => {
        const checkedOut = client as pg.Client & { release?: (error?: Error) => void };
        const release = checkedOut.release;
        if (!release) return;
        checkedOut.release = () => {};
        release(error);
      });
    }
    return result;
  };
}

const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * One connection outside the pool (it is held for good, and a pool's idle timeout would close it)
 * that LISTENs on `channel`. A lost connection (a restart, a failover, a terminated backend, or a dead
 * peer that TCP keepalive finds out) is reported as not live at once and opened again, waiting
 * longer each time up to 30 s; once LISTEN holds again it is reported live.
 */
function listenOn(databaseUrl: string, channel: string, handlers: ListenHandlers): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_FIRST_MS;

  const open = async () => {
    if (stopped) return;
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      void client.end().catch(() => {});
      if (stopped) return;
      if (error) handlers.onError?.(error);
      handlers.onLive(false);
      retry = setTimeout(() => void open(), delay);
      retry.unref();
      delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onNotify(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (stopped || lost) return;
    delay = LISTEN_RETRY_FIRST_MS;
    handlers.onLive(true);
  };
  void open();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client) await client.end().catch(() => {});
    },
  };
}

/** Any fixed number: the advisory lock every copy of the portal takes while it migrates. */
const MIGRATION_LOCK_ID = 724_001_014;

/**
 * Copies of the portal that start together on one database would otherwise run the same migration at
 * once, and all but one stop on a duplicate type or table. The lock makes them take turns: the first
 * migrates, the others then find nothing left to do. It is held on one connection, which migrates too.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

/**
 * pool.end() resolves once the pool has let go of its connections, not when they have closed; waiting
 * for each one's 'remove' means a caller that drops the database next does not cut them off mid-goodbye.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const allRemoved = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await pool.end();
  // A connection that had already died may never report back; do not let that hold up a shutdown.
  await Promise.race([allRemoved, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
}
