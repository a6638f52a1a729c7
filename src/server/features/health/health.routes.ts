import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context';

/** What `/healthz` answers (request-listener.ts answers it too, in front of Hono). */
export const HEALTHY = { status: 'ok' } as const;

/** `/healthz`: the process is up. `/readyz`: it can also reach its database. */
export function healthRoutes() {
  const router = new Hono<AppEnv>();
  router.get('/healthz', (c) => c.json(HEALTHY));
  router.get('/readyz', async (c) => {
    try {
      await c.var.deps.database.ping();
      return c.json({ status: 'ready', database: c.var.deps.database.engine });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });
  return router;
}
