import type { MiddlewareHandler } from 'hono';
import { checkSession } from '../../features/auth/session-check.service';
import type { AppEnv, SessionUser } from './context';
import { errorResponse } from './errors';
import { clientNetwork } from './network';

/**
 * Loads the session (if any) from the httpOnly cookie into `c.var.user`: checked afresh on every
 * request, with better-auth's own rules (features/auth/session-check.service.ts, decision 0025).
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    c.set('twoFactorAt', null);
    c.set('pendingSignIn', null);
    const cookie = c.req.header('cookie');
    if (cookie?.includes('session_token')) {
      const { auth, database } = c.var.deps;
      const session = await checkSession(
        { auth, db: database.db },
        cookie,
        () => c.req.raw.headers,
        () => clientNetwork(c),
      );
      if (session?.pending) {
        // Password only: nothing opens but the second step of the sign-in (decision 0042).
        const { id: userId, email } = session.user;
        c.set('pendingSignIn', { sessionId: session.sessionId, userId, email });
      } else if (session) {
        c.set('user', session.user);
        c.set('sessionId', session.sessionId);
        c.set('twoFactorAt', session.twoFactorAt);
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

/** The signed-in user, for handlers behind requireUser or the admin door. */
export function currentUser(c: { var: AppEnv['Variables'] }): SessionUser {
  const user = c.var.user;
  if (!user) throw new Error('currentUser() used on a route without requireUser()');
  return user;
}
