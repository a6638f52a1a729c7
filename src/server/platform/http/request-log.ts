import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/**
 * The path as the log may hold it. A calendar feed's token is the feed's only credential, so it is
 * replaced: anyone who reads the log would otherwise read every subscriber's deadlines.
 */
export function loggedPath(path: string): string {
  return path
    .replace(/^\/calendar\/[^/?]*?(\.ics)?(?=$|\?)/, '/calendar/[redacted]$1')
    .replace(/^\/invite\/[^/?]+/, '/invite/[redacted]');
}

/**
 * One line per request: method, path, status and time. The path only: query strings carry tokens
 * (the verification link's), and bodies and headers carry passwords and cookies.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.var.deps.logger.info({ method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms }, 'request');
  };
}
