import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signUp, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import * as domain from '../../../shared/features/short-links/short-links.domain';
import { translate } from '../../../shared/i18n';
import { createApp } from '../../app';
import { auditEvents, companyFormations, orders, shortLinks, userProfiles } from '../../db/schema';
import { slugSource } from './short-links.service';
import { settleVisits } from './visit-counter.service';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
let adminId: string;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
  adminId = owner.id;
});

const base = '/api/admin/short-links';
const ORIGIN = 'http://localhost:3000';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const db = () => t.deps.database.db;
const en = (key: string) => translate('en', key);

let n = 0;
const uniqueSlug = (prefix = 'link') => `${prefix}-${Date.now().toString(36)}-${++n}`;

async function create(body: Record<string, unknown>, lang = '') {
  return admin.post(`${base}${lang ? `?lang=${lang}` : ''}`, body);
}

async function created(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.link as { id: string; slug: string; originalUrl: string; expiresAt: string | null };
}

async function rowOf(id: string) {
  const [row] = await db().select().from(shortLinks).where(eq(shortLinks.id, id));
  return row;
}

/** A raw visit to /go/{slug}, as a browser (or whatever `ua` says) would make it. */
function visit(slug: string, opts: { ua?: string | null; method?: string; client?: TestClient } = {}) {
  const headers: Record<string, string> = {};
  const ua = opts.ua === undefined ? BROWSER : opts.ua;
  if (ua !== null) headers['user-agent'] = ua;
  return (opts.client ?? t.client()).request(opts.method ?? 'GET', `/go/${slug}`, undefined, headers);
}

async function counts(id: string) {
  await settleVisits();
  const row = await rowOf(id);
  return { clicks: row.clickCount, shares: row.shareCount };
}

describe('product.md#short-link-rules URL rules', () => {
  it("'Please enter a URL' when the URL is missing or blank", async () => {
    for (const body of [{}, { originalUrl: '' }, { originalUrl: '   ' }]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields.originalUrl).toBe('validation.shortLinkUrlRequired');
    }
    expect(en('validation.shortLinkUrlRequired')).toBe('Please enter a URL');
  });

  it("prepends 'https://' when there is no scheme, and keeps http and https", async () => {
    expect((await created({ originalUrl: 'example.com/kampanya?x=1' })).originalUrl).toBe(
      'https://example.com/kampanya?x=1',
    );
    expect((await created({ originalUrl: '  http://example.com/a  ' })).originalUrl).toBe('http://example.com/a');
    expect((await created({ originalUrl: 'HTTPS://Example.com' })).originalUrl).toBe('https://example.com/');
  });

  it("refuses what is not an http(s) URL with 'Please enter a valid URL'", async () => {
    for (const originalUrl of [
      'ftp://example.com/file',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'http://',
      'https://exa mple.com',
      '//example.com',
      'https://portal.example@evil.example/',
    ]) {
      const res = await create({ originalUrl });
      expect(res.status, originalUrl).toBe(400);
      expect(res.body.error.fields.originalUrl, originalUrl).toBe('validation.shortLinkUrlInvalid');
    }
    expect(en('validation.shortLinkUrlInvalid')).toBe('Please enter a valid URL');
  });

  it('takes a /path as a page of the portal', async () => {
    expect((await created({ originalUrl: '/signup?lang=en' })).originalUrl).toBe(`${ORIGIN}/signup?lang=en`);
  });

  it('refuses a destination that points back at /go/ on our own origin', async () => {
    for (const originalUrl of [
      `${ORIGIN}/go/abc`,
      '/go/abc',
      `${ORIGIN}/GO/abc`,
      `${ORIGIN}/go`,
      // Spelled so that the path reads as something else until it is decoded and normalised.
      '/%67o/abc',
      `${ORIGIN}/%2567o/abc`,
      `${ORIGIN}//go/./abc`,
    ]) {
      const res = await create({ originalUrl });
      expect(res.status, originalUrl).toBe(400);
      expect(res.body.error.fields.originalUrl).toBe('validation.shortLinkUrlLoop');
    }
    // Another site's /go/ is just a destination.
    expect((await created({ originalUrl: 'https://other.example/go/abc' })).originalUrl).toBe(
      'https://other.example/go/abc',
    );
    // The review's case: a link to itself through a percent-encoded path.
    const self = await create({ originalUrl: '/%67o/loop1', customSlug: 'loop1' });
    expect(self.status).toBe(400);
    expect(self.body.error.fields.originalUrl).toBe('validation.shortLinkUrlLoop');
    // Two links pointing at each other: the second one's edit is refused too.
    const first = await created({ originalUrl: 'https://example.com/a' });
    const second = await create({ originalUrl: `/go/${first.slug}` });
    expect(second.body.error.fields.originalUrl).toBe('validation.shortLinkUrlLoop');
    // An edit cannot make the loop either.
    const link = await created({ originalUrl: 'https://example.com' });
    const res = await admin.patch(`${base}/${link.id}`, { originalUrl: `${ORIGIN}/go/${link.slug}` });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.originalUrl).toBe('validation.shortLinkUrlLoop');
  });

  it('refuses a URL over 2048 characters', async () => {
    const res = await create({ originalUrl: `https://example.com/${'a'.repeat(2100)}` });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.originalUrl).toBe('validation.shortLinkUrlTooLong');
  });
});

describe('product.md#short-link-rules slug rules', () => {
  it('strips a custom slug to letters, digits, hyphen and underscore', async () => {
    const suffix = Date.now().toString(36);
    const link = await created({ originalUrl: 'https://example.com', slug: ` Yaz İndirimi_2025-${suffix}! ` });
    expect(link.slug).toBe(`Yazndirimi_2025-${suffix}`);
  });

  it("'Invalid custom slug' when nothing is left after stripping", async () => {
    const res = await create({ originalUrl: 'https://example.com', slug: '!!! ğüş ***' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.slug).toBe('validation.shortLinkSlugInvalid');
    expect(en('validation.shortLinkSlugInvalid')).toBe('Invalid custom slug');
  });

  it("'This slug is already taken' for an existing slug, in both languages", async () => {
    const slug = uniqueSlug('taken');
    await created({ originalUrl: 'https://example.com/1', slug });
    const res = await create({ originalUrl: 'https://example.com/2', slug }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'SLUG_TAKEN',
      message: 'This slug is already taken',
      fields: { slug: 'errors.SLUG_TAKEN' },
    });
    const tr = await create({ originalUrl: 'https://example.com/2', slug }, 'tr');
    expect(tr.body.error.message).toBe('Bu kısa ad zaten kullanılıyor');
    const rows = await db().select().from(shortLinks).where(eq(shortLinks.slug, slug));
    expect(rows.map((r) => r.originalUrl)).toEqual(['https://example.com/1']);
  });

  it("refuses the portal's own route names, in any letter case", async () => {
    for (const slug of [
      'signin',
      'signup',
      'Admin',
      'api',
      'go',
      'DASHBOARD',
      'services',
      'payment',
      'shorten',
      'support',
    ]) {
      const res = await create({ originalUrl: 'https://example.com', slug });
      expect(res.status, slug).toBe(400);
      expect(res.body.error.fields.slug, slug).toBe('validation.shortLinkSlugReserved');
    }
  });

  it('refuses a custom slug over 64 characters', async () => {
    const res = await create({ originalUrl: 'https://example.com', slug: 'a'.repeat(65) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.slug).toBe('validation.shortLinkSlugTooLong');
  });

  it('without a custom slug makes a random one of 6 letters and digits', async () => {
    const slugs = new Set<string>();
    for (const slug of [undefined, '', null, '   ']) {
      const link = await created({ originalUrl: 'https://example.com/random', slug });
      expect(link.slug).toMatch(/^[A-Za-z0-9]{6}$/);
      slugs.add(link.slug);
    }
    expect(slugs.size).toBe(4);
  });

  it('tries 3 random slugs, then gives the spec message', async () => {
    const random = vi.fn(domain.randomSlug);
    slugSource.next = random;
    await created({ originalUrl: 'https://example.com/first', slug: 'Zz9Zz9' });
    random.mockClear();
    random.mockReturnValue('Zz9Zz9');
    try {
      const res = await create({ originalUrl: 'https://example.com/second' }, 'en');
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'SLUG_GENERATION_FAILED',
        message: 'Failed to generate unique slug. Please try again or use a custom slug.',
      });
      expect(random).toHaveBeenCalledTimes(3);
      // Two collisions, then a free one: created on the third attempt.
      random.mockClear();
      random.mockReturnValueOnce('Zz9Zz9').mockReturnValueOnce('Zz9Zz9').mockReturnValueOnce('Yy8Yy8');
      const third = await created({ originalUrl: 'https://example.com/third' });
      expect(third.slug).toBe('Yy8Yy8');
      expect(random).toHaveBeenCalledTimes(3);
    } finally {
      slugSource.next = domain.randomSlug;
    }
  });

  it('the slug cannot be edited', async () => {
    const link = await created({ originalUrl: 'https://example.com', slug: uniqueSlug('fixed') });
    const res = await admin.patch(`${base}/${link.id}`, {
      slug: 'another-one',
      originalUrl: 'https://changed.example',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.slug).toBe('validation.shortLinkSlugLocked');
    const row = await rowOf(link.id);
    expect(row).toMatchObject({ slug: link.slug, originalUrl: 'https://example.com/' });
  });
});

describe('create, update, delete and list', () => {
  it('stores expiry and UTM fields, edits them, and audits every change', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const link = await created({
      originalUrl: 'https://example.com/a',
      expiresAt,
      utmSource: 'instagram',
      utmMedium: ' ',
      utmCampaign: 'Şubat',
    });
    expect(link).toMatchObject({ expiresAt, state: 'expiring', utmSource: 'instagram', utmMedium: null });
    const row = await rowOf(link.id);
    expect(row.createdBy).toBe(adminId);

    const res = await admin.patch(`${base}/${link.id}`, {
      originalUrl: 'example.org/b',
      expiresAt: null,
      utmSource: '',
      utmCampaign: 'Mart',
    });
    expect(res.status).toBe(200);
    expect(res.body.link).toMatchObject({
      slug: link.slug,
      originalUrl: 'https://example.org/b',
      expiresAt: null,
      state: 'permanent',
      utmSource: null,
      utmCampaign: 'Mart',
    });

    const bad = await admin.patch(`${base}/${link.id}`, { expiresAt: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.expiresAt).toBe('validation.shortLinkExpiryInvalid');

    expect((await admin.request('DELETE', `${base}/${link.id}`)).status).toBe(200);
    expect((await admin.request('DELETE', `${base}/${link.id}`)).status).toBe(404);
    expect((await admin.patch(`${base}/${link.id}`, { utmSource: 'x' })).status).toBe(404);
    expect((await admin.patch(`${base}/not-a-uuid`, { utmSource: 'x' })).status).toBe(404);

    const audit = await db()
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'short_link'), eq(auditEvents.entityId, link.id)))
      .orderBy(auditEvents.createdAt);
    expect(audit).toEqual([
      { action: 'short_link.created', actorId: adminId },
      { action: 'short_link.updated', actorId: adminId },
      { action: 'short_link.deleted', actorId: adminId },
    ]);
  });

  it('lists newest first and searches slug, destination and UTM fields with Turkish letters folded', async () => {
    const tag = Date.now().toString(36);
    const older = await created({ originalUrl: `https://example.com/${tag}/old`, utmCampaign: `İLKBAHAR ${tag}` });
    const newer = await created({ originalUrl: `https://example.com/${tag}/new`, utmCampaign: `Şölen ${tag}` });
    const list = await admin.get(`${base}?pageSize=100`);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.body.items[0]).toMatchObject({
      clickCount: expect.any(Number),
      shareCount: expect.any(Number),
      signUpCount: expect.any(Number),
      payingCustomerCount: expect.any(Number),
    });

    const byCampaign = await admin.get(`${base}?q=${encodeURIComponent(`solen ${tag}`)}`);
    expect(byCampaign.body.items.map((i: { id: string }) => i.id)).toEqual([newer.id]);
    const byFold = await admin.get(`${base}?q=${encodeURIComponent(`ilkbahar ${tag}`)}`);
    expect(byFold.body.items.map((i: { id: string }) => i.id)).toEqual([older.id]);
    const byUrl = await admin.get(`${base}?q=${encodeURIComponent(`${tag}/`)}`);
    expect(byUrl.body.total).toBe(2);
    const bySlug = await admin.get(`${base}?q=${encodeURIComponent(newer.slug)}`);
    expect(bySlug.body.items.map((i: { id: string }) => i.id)).toContain(newer.id);
  });
});

describe('GET /go/{slug}', () => {
  it('redirects a live link with 302 and no-store, and leaves an outside destination untouched', async () => {
    const link = await created({ originalUrl: 'https://example.com/page?x=1', utmSource: 'instagram' });
    const res = await visit(link.slug);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/page?x=1');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Not our origin: no cookie of ours goes with it.
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('portal_ref='))).toEqual([]);
  });

  it('adds the UTM fields and ref, and sets the portal_ref cookie, when the destination is the portal', async () => {
    const slug = uniqueSlug('own');
    await created({
      originalUrl: '/signup?lang=en&utm_source=old',
      slug,
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'Yaz 2025',
    });
    const res = await visit(slug);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') as string);
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/signup`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      lang: 'en',
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'Yaz 2025',
      ref: slug,
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_ref='));
    expect(cookie).toBeDefined();
    const attrs = (cookie as string).split(';').map((a) => a.trim().toLowerCase());
    expect(attrs[0]).toBe(`portal_ref=${slug}`.toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['max-age=2592000', 'path=/', 'httponly', 'samesite=lax']));
    // Secure only in production (a test server speaks plain HTTP).
    expect(attrs).not.toContain('secure');
  });

  it('a link without UTM fields to the portal carries ref alone', async () => {
    const slug = uniqueSlug('plain');
    await created({ originalUrl: `${ORIGIN}/services`, slug });
    const res = await visit(slug);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/services?ref=${slug}`);
  });

  it('sends /go and /go/ home', async () => {
    for (const p of ['/go', '/go/']) {
      const res = await t.client().get(p);
      expect(res.status, p).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it('answers 404 for an unknown, malformed or expired slug, and does not count them', async () => {
    const expired = await created({
      originalUrl: 'https://example.com/expired',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(expired).toMatchObject({ state: 'expired' });
    for (const slug of ['no-such-link-here', expired.slug, 'bad%20slug', 'a/b']) {
      const res = await visit(slug);
      expect(res.status, slug).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('location')).toBeNull();
    }
    expect(await counts(expired.id)).toEqual({ clicks: 0, shares: 0 });
  });

  it('an edit and an expiry take effect at once', async () => {
    const link = await created({ originalUrl: 'https://example.com/before' });
    expect((await visit(link.slug)).headers.get('location')).toBe('https://example.com/before');
    await admin.patch(`${base}/${link.id}`, { originalUrl: 'https://example.com/after' });
    expect((await visit(link.slug)).headers.get('location')).toBe('https://example.com/after');
    await admin.patch(`${base}/${link.id}`, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await visit(link.slug)).status).toBe(404);
    await admin.request('DELETE', `${base}/${link.id}`);
  });

  it('serves the web app with status 404 for an unknown slug when the app is served', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    try {
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
      const withWeb = createApp({ ...t.deps, env: { ...t.deps.env, WEB_DIST_DIR: dist } });
      const res = await withWeb.request(`${ORIGIN}/go/no-such-link`, { headers: { 'user-agent': BROWSER } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain('<div id="root">');
      const link = await created({ originalUrl: 'https://example.com/spa' });
      const live = await withWeb.request(`${ORIGIN}/go/${link.slug}`, { headers: { 'user-agent': BROWSER } });
      expect(live.status).toBe(302);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('counts clicks, not HEAD requests nor bots; link previews count as shares', async () => {
    const link = await created({ originalUrl: 'https://example.com/counted' });
    expect((await visit(link.slug)).status).toBe(302);
    expect(await counts(link.id)).toEqual({ clicks: 1, shares: 0 });

    const head = await visit(link.slug, { method: 'HEAD' });
    expect(head.status).toBe(302);
    for (const ua of [
      null,
      '',
      'curl/8.5.0',
      'Wget/1.21',
      'python-requests/2.31',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      'Some-Crawler/1.0',
      'MJ12spider',
    ]) {
      const res = await visit(link.slug, { ua });
      expect(res.status, String(ua)).toBe(302);
    }
    expect(await counts(link.id)).toEqual({ clicks: 1, shares: 0 });

    const previews = [
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
    ];
    for (const ua of previews) expect((await visit(link.slug, { ua })).status).toBe(302);
    expect(await counts(link.id)).toEqual({ clicks: 1, shares: previews.length });
  });

  it('counts 100 concurrent clicks exactly', async () => {
    const link = await created({ originalUrl: 'https://example.com/busy' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.request(`${ORIGIN}/go/${link.slug}`, { headers: { 'user-agent': BROWSER } }),
      ),
    );
    expect(answers.every((r) => r.status === 302)).toBe(true);
    expect(await counts(link.id)).toEqual({ clicks: 100, shares: 0 });
  });
});

describe('attribution at sign-up', () => {
  it('stores the slug from the portal_ref cookie; the list shows 1 click and 1 sign-up, then a paying customer', async () => {
    const slug = uniqueSlug('signup');
    const link = await created({ originalUrl: '/signup', slug, utmSource: 'instagram', utmCampaign: 'yaz' });
    const browser = t.client();
    const res = await visit(slug, { client: browser });
    const location = new URL(res.headers.get('location') as string);
    expect(browser.cookies.get('portal_ref')).toBe(slug);

    // The page forwards the UTM fields it was opened with; the slug comes from the cookie here.
    const { res: signedUp } = await signUp(browser, {
      utmSource: location.searchParams.get('utm_source'),
      utmCampaign: location.searchParams.get('utm_campaign'),
    });
    expect(signedUp.status).toBe(201);
    const userId = signedUp.body.user.id as string;
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile).toMatchObject({ shortLinkSlug: slug, utmSource: 'instagram', utmCampaign: 'yaz' });
    // Used once: the cookie is cleared by the sign-up.
    expect(browser.cookies.has('portal_ref')).toBe(false);

    await settleVisits();
    const listed = async () =>
      (await admin.get(`${base}?q=${encodeURIComponent(slug)}`)).body.items.find(
        (i: { id: string }) => i.id === link.id,
      );
    expect(await listed()).toMatchObject({ clickCount: 1, shareCount: 0, signUpCount: 1, payingCustomerCount: 0 });

    // A paid formation package makes a paying customer...
    await db()
      .insert(companyFormations)
      .values({ userId, companyFormationPreference: 'service', paymentStatus: 'paid' });
    expect(await listed()).toMatchObject({ signUpCount: 1, payingCustomerCount: 1 });
    // ...and a paid order as well does not count them twice.
    await db().insert(orders).values({ userId, kind: 'service', amountCents: 1000, status: 'paid', provider: 'local' });
    expect(await listed()).toMatchObject({ signUpCount: 1, payingCustomerCount: 1 });
  });

  it('a paid order alone makes a paying customer', async () => {
    const slug = uniqueSlug('order');
    const link = await created({ originalUrl: '/signup', slug });
    const c = t.client();
    const { res } = await signUp(c, { ref: slug });
    expect(res.status).toBe(201);
    await db()
      .insert(orders)
      .values({ userId: res.body.user.id, kind: 'service', amountCents: 1000, status: 'paid', provider: 'local' });
    const list = await admin.get(`${base}?q=${encodeURIComponent(slug)}`);
    expect(list.body.items.find((i: { id: string }) => i.id === link.id)).toMatchObject({
      clickCount: 0,
      signUpCount: 1,
      payingCustomerCount: 1,
    });
  });

  it('takes ref from the sign-up body, and stores nothing for an unknown or malformed ref', async () => {
    const slug = uniqueSlug('body');
    await created({ originalUrl: '/signup', slug });
    const cases: Array<[unknown, string | null]> = [
      [slug, slug],
      ['no-such-link', null],
      ['bad slug!', null],
      [null, null],
    ];
    for (const [ref, stored] of cases) {
      const { res } = await signUp(t.client(), { ref });
      expect(res.status, String(ref)).toBe(201);
      const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, res.body.user.id));
      expect(profile.shortLinkSlug, String(ref)).toBe(stored);
    }
    // A cookie naming no link is ignored too.
    const c = t.client();
    c.cookies.set('portal_ref', 'no-such-link');
    const { res } = await signUp(c);
    expect(res.status).toBe(201);
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, res.body.user.id));
    expect(profile.shortLinkSlug).toBeNull();
  });
});
