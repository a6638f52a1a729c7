import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

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

/** Security headers on every response; API responses carry personal data, so never cache them. */
export function securityHeaders(opts: { production: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', CSP);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (opts.production) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/') && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  };
}

/**
 * Cookies are SameSite=Lax, and state-changing API calls must come from our own origin: a request
 * whose Origin header names another site is refused before it reaches a handler.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      const origin = c.req.header('origin');
      if (origin && origin !== allowed && origin !== new URL(c.req.url).origin) {
        return c.json({ error: { code: 'FORBIDDEN', message: 'Cross-origin request refused' } }, 403);
      }
    }
    await next();
  };
}
