import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { JSON_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES } from '../../../shared/domain/limits';
import type { AppEnv } from './context';
import { errorResponse } from './errors';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Toasts and React inline style attributes need inline styles; scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // Formation videos are embedded only after a click, from privacy-friendly hosts.
  'frame-src https://www.youtube-nocookie.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers every response carries, in the order they are set: the Hono middleware below and the
 * fast path in front of Hono (request-listener.ts) both send exactly this list.
 */
export function securityHeaderEntries(production: boolean): ReadonlyArray<readonly [string, string]> {
  const entries: Array<readonly [string, string]> = [
    ['Content-Security-Policy', CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  if (production) entries.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return entries;
}

/** Security headers on every response; API responses carry personal data, so never cache them. */
export function securityHeaders(opts: { production: boolean }): MiddlewareHandler<AppEnv> {
  const entries = securityHeaderEntries(opts.production);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [name, value] of entries) h.set(name, value);
    if (c.req.path.startsWith('/api/') && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  };
}

/**
 * A write (any method but GET, HEAD and OPTIONS) is accepted from our own pages only: its Origin is
 * PUBLIC_URL's, or the browser says `Sec-Fetch-Site: same-origin` (a header no page script can set).
 * A request with neither comes from a non-browser client; it passes only when it carries no cookie,
 * since without a cookie it can act as nobody but itself. SameSite=Lax cookies are the second fence.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const sameOrigin = origin === allowed || fetchSite === 'same-origin';
      const foreign =
        (origin !== undefined && origin !== allowed) || (fetchSite !== undefined && fetchSite !== 'same-origin');
      if (!sameOrigin && (foreign || c.req.header('cookie'))) return errorResponse(c, 'CROSS_SITE_REQUEST');
    }
    await next();
  };
}

/**
 * In production the Host header must name PUBLIC_URL's host: links in mails and redirects are built
 * from PUBLIC_URL, and a request for another name (DNS rebinding, a misrouted proxy) is not ours.
 */
export function expectedHost(publicUrl: string): MiddlewareHandler<AppEnv> {
  const host = new URL(publicUrl).host.toLowerCase();
  return async (c, next) => {
    // node-server builds the request URL from the Host header, so the URL's host is what was asked for.
    if (new URL(c.req.url).host.toLowerCase() !== host) return errorResponse(c, 'INVALID_HOST');
    await next();
  };
}

/** Whether a route reads its request body itself, under a limit of its own (see jsonBodyLimit). */
export type OwnBodyLimit = (method: string, path: string, contentType: string) => boolean;

/**
 * 64 KB per API body, counted as it streams in, so a huge body is refused without being read into
 * memory, whatever its Content-Type says. The only exceptions are the routes that read their body
 * themselves under their own limit: multipart uploads on the routes that take them (readMultipart
 * stops at the file limit plus a small margin) and the payment webhook (1 MB, webhookBody below).
 * A Content-Type alone never lifts the limit: any caller can send one.
 */
export function jsonBodyLimit(ownLimit: OwnBodyLimit): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: JSON_BODY_MAX_BYTES,
    onError: (c) => errorResponse(c as Context<AppEnv>, 'BODY_TOO_LARGE'),
  });
  return async (c, next) => {
    // No body to count; and hono's limit would build the whole web Request to look for one.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (ownLimit(c.req.method, c.req.path, c.req.header('content-type') ?? '')) return next();
    return limit(c, next);
  };
}

/**
 * The payment webhook's body: refused before a byte is read when it carries no Stripe-Signature (it
 * cannot be believed anyway), and at 1 MB as it streams in.
 */
export function webhookBody(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: WEBHOOK_BODY_MAX_BYTES,
    onError: (c) => errorResponse(c as Context<AppEnv>, 'BODY_TOO_LARGE'),
  });
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    if (!c.req.header('stripe-signature')) return errorResponse(c, 'INVALID_SIGNATURE');
    return limit(c, next);
  };
}
