/**
 * Decision 0026 with two copies of the portal on one PostgreSQL database (decision 0022): each caches
 * links in its own memory, so an edit on one copy must reach the other's cache through NOTIFY, and a
 * copy whose LISTEN connection was lost must stop trusting its cache. PostgreSQL only: PGlite lives
 * in one process.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitUntilCached } from '../../../../tests/support/link-cache';
import { createTestApp, signUpAdmin, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { POSTGRES_ADMIN_URL } from '../../../../tests/support/test-db';
import { createApp } from '../../app';
import { buildDeps } from '../../bootstrap';
import { shortLinks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { portalRequestListener } from '../../request-listener';
import { type ShortLinkCache, shortLinkCache } from './link-cache.service';
import { settleVisits } from './visit-counter.service';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Copy A: the test app (the admin works on it). Copy B: its own deps and pool, served as main.ts serves. */
let a: TestApp;
let admin: TestClient;
let bDeps: AppDeps;
let bServer: http.Server;
let bPort: number;
let bCache: ShortLinkCache;

async function whenLive(cache: ShortLinkCache, live: boolean) {
  while (cache.isLive !== live) await once(cache, 'live');
}

/** Resolves when `cache` drops `slug` (a NOTIFY arrived, or everything was dropped). */
function dropped(cache: ShortLinkCache, slug: string): Promise<void> {
  return new Promise((resolve) => {
    const onDrop = (which: string | null) => {
      if (which !== null && which !== slug) return;
      cache.off('dropped', onDrop);
      resolve();
    };
    cache.on('dropped', onDrop);
  });
}

function visitB(slug: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: bPort, path: `/go/${slug}`, headers: { 'user-agent': BROWSER }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  a = await createTestApp();
  admin = a.client();
  expect((await signUpAdmin(admin)).res.status).toBe(201);
  bDeps = await buildDeps(a.deps.env, { database: a.databaseOptions, logger: pino({ level: 'silent' }) });
  bServer = http.createServer(portalRequestListener(createApp(bDeps, { serveWeb: false }), bDeps));
  await new Promise<void>((resolve) => bServer.listen(0, '127.0.0.1', resolve));
  bPort = (bServer.address() as AddressInfo).port;
  bCache = shortLinkCache(bDeps);
  await whenLive(bCache, true);
});
afterAll(async () => {
  await new Promise<void>((resolve) => bServer?.close(() => resolve()));
  await settleVisits();
  await bDeps?.mailer.stop();
  await bDeps?.database.close();
  await a?.close();
});

async function created(originalUrl: string) {
  const res = await admin.post('/api/admin/short-links', { originalUrl });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.link as { id: string; slug: string };
}

describe('two copies on one database', () => {
  it("an edit, an expiry and a delete on one copy reach the other's cache", async () => {
    const link = await created('https://example.com/before');
    expect(await visitB(link.slug)).toEqual({ status: 302, location: 'https://example.com/before' });
    await visitUntilCached(bCache, link.slug, () => visitB(link.slug));

    let seen = dropped(bCache, link.slug);
    const edit = await admin.patch(`/api/admin/short-links/${link.id}`, { originalUrl: 'https://example.com/after' });
    expect(edit.status).toBe(200);
    await seen;
    expect(await visitB(link.slug)).toEqual({ status: 302, location: 'https://example.com/after' });

    seen = dropped(bCache, link.slug);
    await admin.patch(`/api/admin/short-links/${link.id}`, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    await seen;
    expect((await visitB(link.slug)).status).toBe(404);

    seen = dropped(bCache, link.slug);
    await admin.patch(`/api/admin/short-links/${link.id}`, { expiresAt: null });
    await seen;
    expect((await visitB(link.slug)).status).toBe(302);

    seen = dropped(bCache, link.slug);
    expect((await admin.request('DELETE', `/api/admin/short-links/${link.id}`)).status).toBe(200);
    await seen;
    expect((await visitB(link.slug)).status).toBe(404);
  });

  it('visits counted on both copies add up exactly', async () => {
    const link = await created('https://example.com/both');
    await Promise.all([
      ...Array.from({ length: 30 }, () => visitB(link.slug)),
      ...Array.from({ length: 20 }, () =>
        admin.request('GET', `/go/${link.slug}`, undefined, { 'user-agent': BROWSER }),
      ),
    ]);
    await settleVisits();
    const [row] = await a.deps.database.db.select().from(shortLinks).where(eq(shortLinks.id, link.id));
    expect(row.clickCount).toBe(50);
  });

  it('a copy that lost its LISTEN connection drops its cache and reads the database until it listens again', async () => {
    const link = await created('https://example.com/one');
    expect((await visitB(link.slug)).location).toBe('https://example.com/one');
    await visitUntilCached(bCache, link.slug, () => visitB(link.slug));

    // The listening backend ends (a failover, an operator): B's cache must not outlive it.
    const lost = whenLive(bCache, false);
    const server = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await server.connect();
    try {
      const database = new URL((a.databaseOptions as { databaseUrl: string }).databaseUrl).pathname.slice(1);
      const { rows } = await server.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and query ilike 'listen %'",
        [database],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await server.end();
    }
    await lost;
    expect(bCache.size).toBe(0);

    // Changed while B could not hear it: B still answers with the new destination.
    await admin.patch(`/api/admin/short-links/${link.id}`, { originalUrl: 'https://example.com/two' });
    expect((await visitB(link.slug)).location).toBe('https://example.com/two');

    await whenLive(bCache, true);
    expect((await visitB(link.slug)).location).toBe('https://example.com/two');
    await visitUntilCached(bCache, link.slug, () => visitB(link.slug));
  });
});
