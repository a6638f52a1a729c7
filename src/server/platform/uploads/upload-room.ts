import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import { errorResponse } from '../http/errors';
import type { UploadBudget } from './upload-budget';

/** Seconds a refused upload is told to wait before it tries again. */
export const UPLOADS_BUSY_RETRY_SECONDS = 5;

/**
 * Holds each multipart write to the process's upload budget for as long as its request is handled:
 * the declared Content-Length is reserved before the body is read and given back when the response is
 * ready. Without a Content-Length (a chunked body) the request reserves a whole user share, the most
 * it could be let in with. Anonymous writes pass straight on: every upload route refuses them before
 * reading a byte, so queueing them would only let strangers delay customers.
 */
export function uploadRoom(budget: UploadBudget): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return next();
    const user = c.var.user;
    if (!user) return next();

    const declared = Number(c.req.header('content-length'));
    const bytes = Number.isFinite(declared) && declared > 0 ? declared : budget.perUserBytes;
    const release = await budget.acquire(user.id, bytes);
    if (!release) {
      c.header('Retry-After', String(UPLOADS_BUSY_RETRY_SECONDS));
      return errorResponse(c, 'UPLOADS_BUSY');
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
