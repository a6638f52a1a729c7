import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDestination,
  classifyVisit,
  isReservedSlug,
  normaliseSlug,
  RANDOM_SLUG_ALPHABET,
  RESERVED_SLUGS,
  randomSlug,
  redirectLocation,
  shortLinkState,
} from '../../../../src/shared/features/short-links/short-links.domain';
import { PAGE_ROUTES } from '../../../../src/shared/routes/route-table';

const OWN = 'https://portal.example';

describe('slugs', () => {
  it('keeps only letters, digits, - and _', () => {
    expect(normaliseSlug(' Yaz İndirimi #1_a-b ')).toBe('Yazndirimi1_a-b');
    fc.assert(fc.property(fc.string(), (s) => /^[A-Za-z0-9_-]*$/.test(normaliseSlug(s))));
  });

  it('random slugs are 6 characters of the 62, all of them reachable', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const slug = randomSlug();
      expect(slug).toMatch(/^[A-Za-z0-9]{6}$/);
      for (const ch of slug) seen.add(ch);
    }
    expect(RANDOM_SLUG_ALPHABET).toHaveLength(62);
    expect(seen.size).toBe(62);
  });

  it("reserves every first path segment of the web app's routes", () => {
    // The pages come from the route table; the router itself still spells its redirects.
    const router = readFileSync(path.resolve('src/web/app/router.tsx'), 'utf8');
    const redirects = [...router.matchAll(/path: '([^'/:*]+)/g)].map((m) => m[1]);
    expect(redirects).toContain('go');
    const segments = [...PAGE_ROUTES.map((route) => route.path.split('/')[0]), ...redirects];
    expect(segments.length).toBeGreaterThan(10);
    for (const segment of segments) expect(RESERVED_SLUGS.has(segment), segment).toBe(true);
    expect(isReservedSlug('SignIn')).toBe(true);
    expect(isReservedSlug('signin2')).toBe(false);
  });
});

describe('destinations', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['http://example.com/a?b=1#c', 'http://example.com/a?b=1#c'],
    ['/signup?x=1', `${OWN}/signup?x=1`],
    ['https://other.example/go/x', 'https://other.example/go/x'],
    [`${OWN}/gopher`, `${OWN}/gopher`],
    [`${OWN}/%67opher`, `${OWN}/%67opher`],
    [`${OWN}/signup/../dashboard`, `${OWN}/dashboard`],
  ])('%s → %s', (input, url) => {
    expect(checkDestination(input, OWN)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'validation.shortLinkUrlRequired'],
    ['ftp://example.com', 'validation.shortLinkUrlInvalid'],
    ['javascript:alert(1)', 'validation.shortLinkUrlInvalid'],
    ['mailto:a@example.com', 'validation.shortLinkUrlInvalid'],
    ['https://a:b@example.com', 'validation.shortLinkUrlInvalid'],
    [`${OWN}/go/abc`, 'validation.shortLinkUrlLoop'],
    ['/go', 'validation.shortLinkUrlLoop'],
    // The path as the server routes it: encoded, double encoded, dotted, doubled slashes, case, scheme.
    ['/%67o/loop1', 'validation.shortLinkUrlLoop'],
    [`${OWN}/%2567o/loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}/%252567%256f/loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}//go//loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}/x/%2e%2e/go/loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}/./GO/loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}/%47%4F/loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}/go%2floop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN.replace('https:', 'http:')}/go/loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}:8443/go/loop1`, 'validation.shortLinkUrlLoop'],
    [`${OWN}/%E0%A4%A/go`, 'validation.shortLinkUrlLoop'],
  ])('%s is refused with %s', (input, error) => {
    expect(checkDestination(input, OWN)).toEqual({ ok: false, error });
  });
});

describe('state and redirect', () => {
  it('permanent, expiring, expired', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(shortLinkState(null, now)).toBe('permanent');
    expect(shortLinkState('2026-01-01T12:00:01Z', now)).toBe('expiring');
    expect(shortLinkState('2026-01-01T12:00:00Z', now)).toBe('expired');
  });

  it('adds UTM and ref only on our own origin', () => {
    const link = { slug: 'yaz', utmSource: 'ig', utmMedium: null, utmCampaign: 'Yaz 25' };
    expect(redirectLocation(`${OWN}/signup?lang=en`, link, OWN)).toBe(
      `${OWN}/signup?lang=en&utm_source=ig&utm_campaign=Yaz+25&ref=yaz`,
    );
    expect(redirectLocation('https://else.example/x?y=1', link, OWN)).toBe('https://else.example/x?y=1');
  });
});

describe('who is counted', () => {
  it.each([
    ['GET', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', 'click'],
    ['HEAD', 'Mozilla/5.0 Chrome/131', 'none'],
    ['GET', '', 'none'],
    ['GET', null, 'none'],
    ['GET', 'curl/8.0', 'none'],
    ['GET', 'Googlebot/2.1', 'none'],
    ['GET', 'Mozilla/5.0 HeadlessChrome/131', 'none'],
    ['GET', 'WhatsApp/2.23', 'share'],
    ['GET', 'TelegramBot (like TwitterBot)', 'share'],
    ['GET', 'Slackbot-LinkExpanding 1.0', 'share'],
    ['GET', 'facebookexternalhit/1.1', 'share'],
    ['GET', 'Twitterbot/1.0', 'share'],
    ['GET', 'LinkedInBot/1.0', 'share'],
    ['GET', 'Discordbot/2.0', 'share'],
    ['GET', 'SkypeUriPreview Preview/0.5', 'share'],
  ])('%s %s → %s', (method, ua, kind) => {
    expect(classifyVisit(method, ua)).toBe(kind);
  });
});
