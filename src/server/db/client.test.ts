import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxyTo } from '../../../tests/support/tcp-proxy';
import {
  createTestDatabase,
  POSTGRES_ADMIN_URL,
  terminateConnectionsTo,
  testEngine,
} from '../../../tests/support/test-db';
import { type Database, openDatabase } from './client';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(hooks?: Parameters<typeof openDatabase>[1]) {
  const t = await createTestDatabase();
  const database: Database = await openDatabase(t.options, hooks);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= database.close();
    return closing;
  };
  cleanups.push(t.drop, close);
  const name = 'databaseUrl' in t.options ? new URL(t.options.databaseUrl).pathname.slice(1) : '';
  return { database, name, close };
}

describe('openDatabase', () => {
  it('answers a ping once migrated', async () => {
    const { database } = await open();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});

// PostgreSQL only: PGlite runs in this process and has no connections for a server to end.
if (testEngine() === 'postgres') {
  describe('openDatabase on PostgreSQL', () => {
    it('lets several copies start at once on a fresh database: they migrate in turn, none fails', async () => {
      const t = await createTestDatabase({ empty: true });
      cleanups.push(t.drop);
      const opened = await Promise.allSettled(Array.from({ length: 3 }, () => openDatabase(t.options)));
      for (const o of opened) if (o.status === 'fulfilled') cleanups.push(() => o.value.close());
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const [first] = opened as PromiseFulfilledResult<Database>[];
      const applied = await first.value.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const files = readdirSync(path.join(import.meta.dirname, 'migrations')).filter((f) => f.endsWith('.sql'));
      expect((applied.rows[0] as { n: number }).n).toBe(files.length);
    });

    it('survives the server ending its idle connections: reports them and reconnects on the next query', async () => {
      const idleErrors: Error[] = [];
      const { database, name } = await open({ onIdleError: (error) => idleErrors.push(error) });
      // Two connections at once, so the pool keeps more than one idle afterwards.
      await Promise.all([database.db.execute('select pg_sleep(0.05)'), database.db.execute('select pg_sleep(0.05)')]);
      const terminated = await terminateConnectionsTo(name);
      expect(terminated).toBeGreaterThan(0);
      // Every connection to this database is the pool's; each one hears of its end on its own, and a
      // query sent on one that has not heard yet would fail, as it would in production.
      await expect.poll(() => idleErrors.length).toBe(terminated);
      expect((idleErrors[0] as Error & { code?: string }).code).toBe('57P01');
      await expect(database.ping()).resolves.toBeUndefined();
    });

    it("gives a connection back when its transaction's BEGIN finds it ended: more such failures than the pool holds leave it serving", async () => {
      const t = await createTestDatabase();
      const { proxy, url } = await startProxyTo((t.options as { databaseUrl: string }).databaseUrl);
      const database = await openDatabase({ databaseUrl: url });
      cleanups.push(
        t.drop,
        () => proxy.close(),
        () => database.close(),
      );
      // The pool holds ten; drizzle-orm#6341 kept one checked out for each BEGIN that failed.
      for (let i = 0; i < 12; i += 1) {
        await database.ping();
        expect(database.poolStats?.()).toMatchObject({ total: 1, idle: 1 });
        proxy.cutOnNextWrite();
        await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(/begin/);
        await expect.poll(() => database.poolStats?.().total).toBe(0);
      }
      await expect(database.ping()).resolves.toBeUndefined();
    });

    it('has closed every connection when close() resolves, so the database can be dropped at once', async () => {
      const { database, name, close } = await open();
      await Promise.all([database.ping(), database.ping(), database.ping()]);
      await close();
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        const res = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        expect(res.rows[0].n).toBe(0);
      } finally {
        await admin.end();
      }
    });
  });
}
