/**
 * Short links (product.md#short-link-manager "Short-link manager", §5 "Short link", §9; decision 0013): the rules both the admin
 * form and the API apply, and the redirect's notion of who is a visitor. Decision 0013.
 */

/** product.md#short-link-rules: 6 characters from 62 (letters and digits), 3 attempts. */
export const RANDOM_SLUG_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const RANDOM_SLUG_LENGTH = 6;
export const RANDOM_SLUG_ATTEMPTS = 3;
/** product.md#timings: the redirect page's failure waits this long before going home. */
export const REDIRECT_FAILURE_DELAY_MS = 2000;

export const SHORT_LINK_MAX = {
  /** A custom slug, as typed and after stripping. */
  slug: 64,
  /** Browsers and proxies handle URLs of this length everywhere. */
  url: 2048,
} as const;

/** The first-party cookie a redirect to the portal sets, read at sign-up (decision 0013). */
export const REF_COOKIE = 'portal_ref';
export const REF_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const SHORT_LINK_MESSAGES = {
  urlRequired: 'validation.shortLinkUrlRequired',
  urlInvalid: 'validation.shortLinkUrlInvalid',
  urlTooLong: 'validation.shortLinkUrlTooLong',
  urlLoop: 'validation.shortLinkUrlLoop',
  slugInvalid: 'validation.shortLinkSlugInvalid',
  slugTooLong: 'validation.shortLinkSlugTooLong',
  slugReserved: 'validation.shortLinkSlugReserved',
  slugLocked: 'validation.shortLinkSlugLocked',
  expiryInvalid: 'validation.shortLinkExpiryInvalid',
} as const;

/** A slug as stored and as it may appear in /go/{slug}. */
export const SLUG_SHAPE = /^[A-Za-z0-9_-]+$/;

/** product.md#short-link-rules: a custom slug is stripped to letters, digits, hyphen and underscore. */
export function normaliseSlug(input: string): string {
  return input.replace(/[^A-Za-z0-9_-]/g, '');
}

export function isSlugShaped(value: string): boolean {
  return value.length > 0 && value.length <= SHORT_LINK_MAX.slug && SLUG_SHAPE.test(value);
}

/**
 * The first path segments of the portal's own pages and server paths (shared/routes/route-table.ts, app.ts).
 * A slug equal to one of them, in any letter case (React Router matches paths case-insensitively), is
 * refused: a link named like a page reads as that page, and keeps the names free should short links
 * ever be served from the root.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // web pages
  'signin',
  'signup',
  'admin',
  'forgot-password',
  'reset-password',
  'terms',
  'privacy',
  'onboarding',
  'dashboard',
  'formation',
  'formation-service',
  'bank-account',
  'business-address',
  'documents',
  'ein-application',
  'ss4-instructions',
  'support',
  'mail',
  'filings',
  'services',
  'payment',
  'shorten',
  'account',
  'invite',
  'go',
  // server paths
  'api',
  'assets',
  'dev',
  'healthz',
  'readyz',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}

/**
 * A random slug of product.md#short-link-rules from the platform's CSPRNG (Web Crypto: Node 20 and browsers). Bytes of 248
 * and above are drawn again so that every one of the 62 characters is equally likely.
 */
export function randomSlug(): string {
  const limit = 256 - (256 % RANDOM_SLUG_ALPHABET.length);
  let slug = '';
  while (slug.length < RANDOM_SLUG_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(16))) {
      if (byte >= limit) continue;
      slug += RANDOM_SLUG_ALPHABET[byte % RANDOM_SLUG_ALPHABET.length];
      if (slug.length === RANDOM_SLUG_LENGTH) break;
    }
  }
  return slug;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; error: string };

/**
 * product.md#short-link-rules: URL rules, plus two of decision 0014: the value is trimmed, 'https://' is prepended when it has
 * no scheme, and it must then parse as an http or https URL with a host. A path starting with one `/`
 * is a page of the portal itself (`ownOrigin`). Refused as invalid too: another scheme, and user
 * credentials in the URL (`https://portal.example@evil.example` reads as the portal and is not).
 * When `ownOrigin` is given, a destination that is one of our own short links (`/go` or `/go/…` on
 * that origin) is refused: the link would loop or count twice.
 */
export function checkDestination(input: string, ownOrigin?: string): UrlCheck {
  const value = input.trim();
  if (!value) return { ok: false, error: SHORT_LINK_MESSAGES.urlRequired };
  if (value.length > SHORT_LINK_MAX.url) return { ok: false, error: SHORT_LINK_MESSAGES.urlTooLong };
  let candidate: string;
  if (value.startsWith('/') && !value.startsWith('//')) {
    candidate = `${ownOrigin ?? 'http://localhost'}${value}`;
  } else if (/^https?:\/\//i.test(value)) {
    candidate = value;
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith('//')) {
    return { ok: false, error: SHORT_LINK_MESSAGES.urlInvalid };
  } else {
    candidate = `https://${value}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, error: SHORT_LINK_MESSAGES.urlInvalid };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) {
    return { ok: false, error: SHORT_LINK_MESSAGES.urlInvalid };
  }
  if (url.href.length > SHORT_LINK_MAX.url) return { ok: false, error: SHORT_LINK_MESSAGES.urlTooLong };
  if (ownOrigin && isOwnShortLink(url, ownOrigin)) return { ok: false, error: SHORT_LINK_MESSAGES.urlLoop };
  return { ok: true, url: url.href };
}

/** How many times a path is decoded before it is judged: more layers than this are refused outright. */
const MAX_DECODINGS = 5;

/**
 * The path as a server would route it: percent-decoded until nothing changes (double encoding
 * included), backslashes and repeated slashes made single, `.` and `..` segments resolved, lower
 * case. Null when it cannot be decoded, or is still changing after MAX_DECODINGS rounds.
 */
export function routedPath(pathname: string): string | null {
  let path = pathname;
  for (let round = 0; ; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    if (round === MAX_DECODINGS) return null;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/**
 * Whether a destination is one of the portal's own short links, which would redirect to itself or
 * to another link (two links pointing at each other loop the same way). The portal's host counts
 * whatever the scheme or port (http:// is sent on to https:// by the proxy), and the path is judged
 * as routed (routedPath), so `/%67o/x` or `//GO/./x` is /go/x.
 */
export function isOwnShortLink(url: URL, ownOrigin: string): boolean {
  const host = (name: string) => name.toLowerCase().replace(/\.$/, '');
  if (host(url.hostname) !== host(new URL(ownOrigin).hostname)) return false;
  const path = routedPath(url.pathname);
  return path === null || /^\/go(\/|$)/.test(path);
}

export type ShortLinkState = 'permanent' | 'expiring' | 'expired';

/** product.md#other-states: permanent without an expiry, expired once the expiry is not later than now. */
export function shortLinkState(expiresAt: Date | string | null, now: Date = new Date()): ShortLinkState {
  if (expiresAt === null) return 'permanent';
  const at = typeof expiresAt === 'string' ? new Date(expiresAt) : expiresAt;
  return at.getTime() > now.getTime() ? 'expiring' : 'expired';
}

export interface Attribution {
  slug: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/**
 * Where a live link sends the visitor. A destination on the portal's own origin gets the link's UTM
 * fields (they replace any the URL already names) and `ref=<slug>`, which sign-up stores; any other
 * destination is left exactly as the admin entered it.
 */
export function redirectLocation(destination: string, link: Attribution, ownOrigin: string): string {
  const url = new URL(destination);
  if (url.origin !== new URL(ownOrigin).origin) return destination;
  if (link.utmSource) url.searchParams.set('utm_source', link.utmSource);
  if (link.utmMedium) url.searchParams.set('utm_medium', link.utmMedium);
  if (link.utmCampaign) url.searchParams.set('utm_campaign', link.utmCampaign);
  url.searchParams.set('ref', link.slug);
  return url.href;
}

export function isOwnOrigin(destination: string, ownOrigin: string): boolean {
  try {
    return new URL(destination).origin === new URL(ownOrigin).origin;
  } catch {
    return false;
  }
}

/**
 * Link-preview fetchers: a chat or social app fetching the page to draw a card when the link is
 * shared. Checked before the bot rule, since several of them call themselves bots.
 */
const PREVIEW_AGENTS =
  /whatsapp|telegrambot|slackbot|slack-imgproxy|facebookexternalhit|facebot|meta-externalagent|twitterbot|linkedinbot|discordbot|skypeuripreview|pinterestbot|redditbot|vkshare|iframely|embedly|mastodon|bluesky|kakaotalk-scrap|google-pagerenderer/i;

/** Crawlers, scripts and headless browsers: not a person clicking. */
const BOT_AGENTS =
  /bot|crawler|crawling|spider|slurp|curl|wget|python-requests|python-urllib|aiohttp|httpx|go-http-client|okhttp|java\/|libwww|httpclient|axios|node-fetch|undici|scrapy|headless|phantomjs|lighthouse|pingdom|uptime|monitor|preview/i;

export type VisitKind = 'click' | 'share' | 'none';

/**
 * How a request to /go/{slug} is counted (decision 0013): HEAD and obvious bots (an empty User-Agent too)
 * not at all, link-preview fetchers as a share, anyone else as a click.
 */
export function classifyVisit(method: string, userAgent: string | null | undefined): VisitKind {
  if (method.toUpperCase() !== 'GET') return 'none';
  const agent = (userAgent ?? '').trim();
  if (!agent) return 'none';
  if (PREVIEW_AGENTS.test(agent)) return 'share';
  if (BOT_AGENTS.test(agent)) return 'none';
  return 'click';
}
