import type { MiddlewareHandler } from 'hono';
import { toLanguage } from '../../../shared/i18n/languages';
import type { AppEnv, SessionUser } from './context';
import { errorResponse } from './errors';

/** Loads the session (if any) from the httpOnly cookie into `c.var.user`. */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    if (c.req.header('cookie')?.includes('session_token')) {
      const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
      if (result) {
        const u = result.user as typeof result.user & { role?: string; lang?: string };
        const user: SessionUser = {
          id: u.id,
          email: u.email,
          name: u.name,
          role: u.role === 'admin' ? 'admin' : 'customer',
          emailVerified: u.emailVerified,
          lang: toLanguage(u.lang) ?? 'tr',
        };
        c.set('user', user);
        c.set('sessionId', result.session.id);
      }
    }
    await next();
  };
}

/** Any signed-in user; 401 otherwise. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.user) return errorResponse(c, 'UNAUTHENTICATED');
    await next();
  };
}

/** The guard of every admin route: 401 for anonymous callers, 403 for customers. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.user) return errorResponse(c, 'UNAUTHENTICATED');
    if (c.var.user.role !== 'admin') return errorResponse(c, 'FORBIDDEN');
    await next();
  };
}

/** The signed-in user, for handlers behind requireUser/requireAdmin. */
export function currentUser(c: { var: AppEnv['Variables'] }): SessionUser {
  const user = c.var.user;
  if (!user) throw new Error('currentUser() used on a route without requireUser()');
  return user;
}
