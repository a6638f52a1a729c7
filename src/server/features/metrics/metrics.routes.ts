import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { socketAddress } from '../../platform/http/client-address';
import type { AppEnv } from '../../platform/http/context';
import { errorResponse } from '../../platform/http/errors';
import type { PortalMetrics } from './metrics.service';

function isLoopback(address: string | null): boolean {
  return address === '::1' || (address !== null && /^127(\.\d{1,3}){3}$/.test(address));
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (decision 0049), outside the API document. With METRICS_TOKEN set it needs
 * `Authorization: Bearer <token>`. Unset, a development or test server answers a caller on this
 * machine only: a loopback socket with no X-Forwarded-For. A production server without a token does
 * not serve it at all (decision 0075): a local proxy that drops X-Forwarded-For would otherwise make
 * every visitor a loopback caller.
 */
export function metricsRoutes(metrics: PortalMetrics) {
  const router = new Hono<AppEnv>();
  router.get('/metrics', async (c) => {
    const token = c.var.deps.env.METRICS_TOKEN;
    if (token) {
      const header = c.req.header('authorization') ?? '';
      const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
      if (!given || !sameToken(given, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return errorResponse(c, 'UNAUTHENTICATED');
      }
    } else if (c.var.deps.env.production) {
      return errorResponse(c, 'NOT_FOUND');
    } else if (!isLoopback(socketAddress(c)) || c.req.header('x-forwarded-for') !== undefined) {
      return errorResponse(c, 'FORBIDDEN');
    }
    const body = await metrics.registry.metrics();
    c.header('Cache-Control', 'no-store');
    return c.body(body, 200, { 'Content-Type': metrics.registry.contentType });
  });
  return router;
}
