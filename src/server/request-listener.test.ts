/**
 * Decision 0026: /healthz and live short links are answered in front of Hono. Each answer is compared
 * with Hono's own for the same request on the same app (a second server that has only Hono), and
 * the requests Hono sees are counted, so that a test knows which of the two answered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitUntilCached } from '../../tests/support/link-cache';
import { createTestApp, signUpAdmin, type TestApp, type TestClient } from '../../tests/support/test-app';
import { createApp } from './app';
import { shortLinks } from './db/schema';
import type { AppDeps } from './deps';
import { shortLinkCache } from './features/short-links/link-cache.service';
import { settleVisits } from './features/short-links/visit-counter.service';
import { portalRequestListener } from './request-listener';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ORIGIN = 'http://localhost:3000';

interface Raw {
  status: number;
  /** Every header as sent, name and value in order, without Date. */
  headers: string[];
  body: string;
}

function raw(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i].toLowerCase() === 'date') continue;
          pairs.push(`${res.rawHeaders[i].toLowerCase()}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface Pair {
  /** The fast path in front of Hono (what main.ts serves). */
  fast: number;
  /** Hono alone, as before decision 0026. */
  hono: number;
  /** Requests the fast path's server handed to Hono. */
  handedOn(): number;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function serverPair(deps: AppDeps): Promise<Pair> {
  const app = createApp(deps, { serveWeb: false });
  let handed = 0;
  const counted = {
    fetch: (...args: Parameters<typeof app.fetch>) => {
      handed += 1;
      return app.fetch(...args);
    },
  };
  const fastServer = http.createServer(portalRequestListener(counted, deps));
  const honoServer = http.createServer(getRequestListener(app.fetch, { hostname: deps.env.HOST }));
  const [fast, hono] = await Promise.all([listen(fastServer), listen(honoServer)]);
  return {
    fast,
    hono,
    handedOn: () => handed,
    close: async () => {
      await Promise.all([fastServer, honoServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

let t: TestApp;
let admin: TestClient;
let servers: Pair;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.client();
  expect((await signUpAdmin(admin)).res.status).toBe(201);
  servers = await serverPair(t.deps);
});
afterAll(async () => {
  await servers?.close();
  await t?.close();
});

let n = 0;
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

async function created(body: Record<string, unknown>) {
  const res = await admin.post('/api/admin/short-links', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.link as { id: string; slug: string };
}

async function counts(id: string) {
  await settleVisits();
  const [row] = await t.deps.database.db.select().from(shortLinks).where(eq(shortLinks.id, id));
  return { clicks: row.clickCount, shares: row.shareCount };
}

/** The same request to both servers: the answers must be the same, header for header. */
async function both(method: string, path: string, headers: Record<string, string> = {}) {
  const before = servers.handedOn();
  const fast = await raw(servers.fast, method, path, headers);
  const handed = servers.handedOn() - before;
  const hono = await raw(servers.hono, method, path, headers);
  expect(fast, `${method} ${path}`).toEqual(hono);
  return { answer: fast, handed };
}

describe('the fast path answers as Hono does', () => {
  it('GET and HEAD /healthz, without Hono', async () => {
    const { answer, handed } = await both('GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"status":"ok"}');
    expect(answer.headers).toContain('x-frame-options: DENY');
    expect(handed).toBe(0);
    // Hono's HEAD /healthz loses the security headers (node-server rebuilds its cached JSON answer
    // without them); the fast path sends GET's headers without the body, which is what HEAD means.
    const before = servers.handedOn();
    const head = await raw(servers.fast, 'HEAD', '/healthz');
    expect(servers.handedOn()).toBe(before);
    expect(head).toEqual({
      ...answer,
      body: '',
      headers: answer.headers.filter((h) => !h.startsWith('content-length:')),
    });
    const honoHead = await raw(servers.hono, 'HEAD', '/healthz');
    expect(honoHead.status).toBe(200);
    expect(honoHead.headers).toEqual(expect.arrayContaining(['content-type: application/json']));
  });

  it('GET and HEAD /go/{slug} to another site, without Hono', async () => {
    const link = await created({ originalUrl: 'https://example.com/page?x=1' });
    for (const method of ['GET', 'HEAD']) {
      const { answer, handed } = await both(method, `/go/${link.slug}`, { 'user-agent': BROWSER });
      expect(answer.status).toBe(302);
      expect(answer.headers).toContain('location: https://example.com/page?x=1');
      expect(answer.headers).toContain('cache-control: private, no-store');
      expect(answer.headers.some((h) => h.startsWith('content-security-policy: '))).toBe(true);
      expect(answer.headers.some((h) => h.startsWith('set-cookie: '))).toBe(false);
      expect(handed, method).toBe(0);
    }
  });

  it('a link to the portal: the UTM fields, ref and the portal_ref cookie', async () => {
    const slug = uniqueSlug('own');
    await created({ originalUrl: '/signup?lang=en', slug, utmSource: 'instagram', utmCampaign: 'Yaz 2025' });
    const { answer, handed } = await both('GET', `/go/${slug}`, { 'user-agent': BROWSER });
    expect(handed).toBe(0);
    expect(answer.headers).toContain(
      `location: ${ORIGIN}/signup?lang=en&utm_source=instagram&utm_campaign=Yaz+2025&ref=${slug}`,
    );
    expect(answer.headers).toContain(`set-cookie: portal_ref=${slug}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`);
  });

  it('hands Hono what it is not sure of, and Hono answers as ever', async () => {
    const link = await created({ originalUrl: 'https://example.com/handed' });
    const expired = await created({
      originalUrl: 'https://example.com/expired',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const cases: Array<[string, string, number]> = [
      ['GET', '/go/no-such-link-here', 404],
      ['GET', `/go/${expired.slug}`, 404],
      ['GET', '/go/bad%20slug', 404],
      ['GET', `/go/${link.slug}/`, 404],
      ['GET', `/go/${link.slug}?lang=en`, 302],
      ['GET', '/go/', 302],
      ['POST', `/go/${link.slug}`, 404],
      ['GET', '/healthz?x=1', 200],
      ['GET', '/readyz', 200],
    ];
    for (const [method, path, status] of cases) {
      const { answer, handed } = await both(method, path, { 'user-agent': BROWSER });
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(handed, `${method} ${path}`).toBe(1);
    }
    // `?lang=` is remembered in a cookie by Hono's language middleware.
    const withLang = await raw(servers.fast, 'GET', `/go/${link.slug}?lang=en`);
    expect(withLang.headers).toContain('set-cookie: lang=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(await counts(expired.id)).toEqual({ clicks: 0, shares: 0 });
  });

  it('in production: HSTS too, and a Host other than PUBLIC_URL’s goes to Hono’s check', async () => {
    const prod = await serverPair({ ...t.deps, env: { ...t.deps.env, production: true } });
    try {
      const link = await created({ originalUrl: 'https://example.com/prod' });
      const good = { host: 'localhost:3000', 'user-agent': BROWSER };
      const before = prod.handedOn();
      const fast = await raw(prod.fast, 'GET', `/go/${link.slug}`, good);
      expect(prod.handedOn()).toBe(before);
      expect(fast).toEqual(await raw(prod.hono, 'GET', `/go/${link.slug}`, good));
      expect(fast.headers).toContain('strict-transport-security: max-age=31536000; includeSubDomains');

      const evil = { host: 'evil.example', 'user-agent': BROWSER };
      const refused = await raw(prod.fast, 'GET', `/go/${link.slug}`, evil);
      expect(prod.handedOn()).toBe(before + 1);
      expect(refused.status).toBe(400);
      expect(refused).toEqual(await raw(prod.hono, 'GET', `/go/${link.slug}`, evil));
      // Health checks come before the Host check (a load balancer probes by address).
      expect((await raw(prod.fast, 'GET', '/healthz', { host: '10.0.0.7' })).status).toBe(200);
      expect(prod.handedOn()).toBe(before + 1);
    } finally {
      await prod.close();
    }
  });
});

describe('counting and changes through the fast path', () => {
  it('counts n browser visits exactly, bots and HEAD not at all, previews as shares', async () => {
    const link = await created({ originalUrl: 'https://example.com/counted' });
    const visits = 57;
    const answers = await Promise.all(
      Array.from({ length: visits }, () => raw(servers.fast, 'GET', `/go/${link.slug}`, { 'user-agent': BROWSER })),
    );
    expect(answers.every((a) => a.status === 302)).toBe(true);
    await raw(servers.fast, 'HEAD', `/go/${link.slug}`, { 'user-agent': BROWSER });
    for (const ua of ['curl/8.5.0', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)']) {
      await raw(servers.fast, 'GET', `/go/${link.slug}`, { 'user-agent': ua });
    }
    await raw(servers.fast, 'GET', `/go/${link.slug}`);
    await raw(servers.fast, 'GET', `/go/${link.slug}`, { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    expect(await counts(link.id)).toEqual({ clicks: visits, shares: 1 });
    // And through Hono (the path every request took before), into the same counts.
    await admin.request('GET', `/go/${link.slug}`, undefined, { 'user-agent': BROWSER });
    expect(await counts(link.id)).toEqual({ clicks: visits + 1, shares: 1 });
  });

  it('an edit, an expiry and a delete take effect at once, though the link was cached', async () => {
    const link = await created({ originalUrl: 'https://example.com/before' });
    const go = () => raw(servers.fast, 'GET', `/go/${link.slug}`, { 'user-agent': BROWSER });
    expect((await go()).headers).toContain('location: https://example.com/before');
    await visitUntilCached(shortLinkCache(t.deps), link.slug, go);

    expect(
      (await admin.patch(`/api/admin/short-links/${link.id}`, { originalUrl: 'https://example.com/after' })).status,
    ).toBe(200);
    expect((await go()).headers).toContain('location: https://example.com/after');
    await visitUntilCached(shortLinkCache(t.deps), link.slug, go);

    await admin.patch(`/api/admin/short-links/${link.id}`, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await go()).status).toBe(404);
    await admin.patch(`/api/admin/short-links/${link.id}`, { expiresAt: null });
    expect((await go()).status).toBe(302);

    expect((await admin.request('DELETE', `/api/admin/short-links/${link.id}`)).status).toBe(200);
    expect((await go()).status).toBe(404);
    expect(shortLinkCache(t.deps).peek(link.slug)).toBeUndefined();
  });

  it('an error on the fast path is answered by Hono (500), and the server goes on', async () => {
    const link = await created({ originalUrl: 'https://example.com/broken' });
    expect((await raw(servers.fast, 'GET', `/go/${link.slug}`)).status).toBe(302);
    const entry = await visitUntilCached(shortLinkCache(t.deps), link.slug, () =>
      raw(servers.fast, 'GET', `/go/${link.slug}`),
    );
    // A row no check would have let in: working out its redirect throws.
    const saved = entry.link;
    entry.link = { ...saved, originalUrl: 'not a url' };
    entry.answer = undefined;
    try {
      const before = servers.handedOn();
      const broken = await raw(servers.fast, 'GET', `/go/${link.slug}`, { 'user-agent': BROWSER });
      expect(broken.status).toBe(500);
      expect(servers.handedOn()).toBe(before + 1);
      expect(await counts(link.id)).toEqual({ clicks: 0, shares: 0 });
    } finally {
      entry.link = saved;
    }
    expect((await raw(servers.fast, 'GET', `/go/${link.slug}`)).status).toBe(302);
  });

  it('a link created after its slug was asked for works at once (unknown slugs are not cached)', async () => {
    const slug = uniqueSlug('later');
    expect((await raw(servers.fast, 'GET', `/go/${slug}`)).status).toBe(404);
    await created({ originalUrl: 'https://example.com/later', slug });
    expect((await raw(servers.fast, 'GET', `/go/${slug}`)).status).toBe(302);
  });
});
