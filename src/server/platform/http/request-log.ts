import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/**
 * One line per request: method, path, status and time. The path only: query strings carry tokens
 * (the verification link's), and bodies and headers carry passwords and cookies.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.var.deps.logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  };
}
