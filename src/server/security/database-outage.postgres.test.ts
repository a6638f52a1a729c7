/**
 * Hardening issue, points 12 and 16, on PostgreSQL only (PGlite runs inside this process and has no
 * connections to lose): the server survives its connections being ended mid-request, and answers an
 * outage with 503, Retry-After and a translated message, then recovers by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxyTo } from '../../../tests/support/tcp-proxy';
import { createTestApp, GOOD_PASSWORD, signUp, uniqueEmail } from '../../../tests/support/test-app';
import { createTestDatabase, terminateConnectionsTo } from '../../../tests/support/test-db';
import { createApp } from '../app';
import { buildDeps } from '../bootstrap';
import { parseEnv } from '../env';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('12. no database error ends the process', () => {
  it('survives every backend being terminated while requests and transactions are in flight', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const { db } = t.deps.database;
    const dbName = ((await db.execute(sql`select current_database() as name`)).rows[0] as { name: string }).name;
    // Transactions that hold their connection, idle between two statements, when the end comes: the
    // case the pool's own listener does not cover.
    const held = Array.from({ length: 4 }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await sleep(400);
        await tx.execute(sql`select 1`);
      }),
    );
    const signUps = Array.from({ length: 6 }, () => signUp(t.client()));
    // Settle them from the start: a transaction that fails while the termination is still being awaited
    // would otherwise be a rejection without a handler for that moment, which Vitest reports as an error.
    const settled = Promise.allSettled([...held, ...signUps]);
    await sleep(150);
    expect(await terminateConnectionsTo(dbName)).toBeGreaterThan(0);
    const outcomes = await settled;
    // Some in-flight work may fail (that is the database's news to give), but every API answer is a
    // real answer, never a 500.
    for (const o of outcomes.slice(held.length)) {
      if (o.status === 'fulfilled') expect([201, 503]).toContain((o.value as { res: { status: number } }).res.status);
    }
    await expect.poll(async () => (await t.client().get('/readyz')).status, { timeout: 10_000 }).toBe(200);
    const { res } = await signUp(t.client());
    expect(res.status).toBe(201);
    // Nothing is left checked out: a transaction whose BEGIN met an ended connection gave it back
    // (drizzle-orm#6341). Clean-clone runs used to hang here, closing a pool that waited for it forever.
    await expect
      .poll(() => {
        const stats = t.deps.database.poolStats?.();
        return stats && stats.total - stats.idle;
      })
      .toBe(0);
  });
});

describe('16. an outage answers 503, not 500, and the server recovers', () => {
  it('answers 503 with Retry-After and a translated message while PostgreSQL cannot be reached', async () => {
    const testDb = await createTestDatabase();
    const { proxy, url: proxiedUrl } = await startProxyTo((testDb.options as { databaseUrl: string }).databaseUrl);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-outage-'));
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
    });
    const deps = await buildDeps(env, {
      database: { databaseUrl: proxiedUrl },
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(async () => {
      // The pool first, while its sockets still reach the server: ended through a closed proxy, a
      // connection waits for an answer that cannot come.
      await deps.database.close();
      await proxy.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const app = createApp(deps, { serveWeb: false });
    const call = (p: string, init: RequestInit & { cookie?: string } = {}) =>
      app.request(
        `http://localhost:3000${p}`,
        {
          ...init,
          headers: {
            origin: 'http://localhost:3000',
            'content-type': 'application/json',
            ...(init.cookie ? { cookie: init.cookie } : {}),
          },
        },
        { incoming: { socket: { remoteAddress: '198.51.100.90' } } },
      );

    const email = uniqueEmail('outage');
    const created = await call('/api/auth/sign-up', {
      method: 'POST',
      body: JSON.stringify({
        fullName: 'O',
        email,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        terms: true,
      }),
    });
    expect(created.status).toBe(201);
    const cookie = created.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await call('/api/me', { cookie })).status).toBe(200);

    await proxy.cut();
    for (const [p, init, lang] of [
      ['/api/me', { cookie }, 'tr'],
      ['/api/auth/sign-in?lang=en', { method: 'POST', body: JSON.stringify({ email, password: GOOD_PASSWORD }) }, 'en'],
    ] as const) {
      const res = await call(p, init);
      expect(res.status, p).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.error.message).toBe(
        lang === 'en'
          ? 'The portal is temporarily unavailable. Please try again in a minute.'
          : 'Portal geçici olarak kullanılamıyor. Lütfen bir dakika sonra tekrar deneyin.',
      );
    }
    expect((await call('/readyz')).status).toBe(503);

    await proxy.restore();
    await expect.poll(async () => (await call('/api/me', { cookie })).status, { timeout: 10_000 }).toBe(200);
  });
});
