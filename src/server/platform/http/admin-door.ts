import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { hasPermission, needsStepUp, type Permission } from '../../../shared/domain/permissions';
import { isStaff } from '../../../shared/domain/roles';
import type { ApiErrorCode } from '../../../shared/errors';
import type { AppEnv, SessionUser } from './context';
import { errorResponse } from './errors';
import { createRouter } from './openapi';

/** Where the admin door stands. */
export const ADMIN_API_PREFIX = '/api/admin';

export interface AdminMount {
  /** Under ADMIN_API_PREFIX, e.g. '/support'. */
  path: string;
  routes: () => OpenAPIHono<AppEnv>;
  /**
   * The refusal a non-staff caller gets on one of this feature's operations instead of FORBIDDEN,
   * keyed `METHOD /path` under the mount (the spec words one: creating a thread for another user).
   */
  refusals?: Readonly<Record<string, Extract<ApiErrorCode, 'ADMIN_REQUIRED'>>>;
}

/**
 * The one admin door: a router at ADMIN_API_PREFIX that checks, once, at its root, that the caller is
 * signed in (401) and is staff (403), and into which every admin feature mounts itself. Each operation
 * then names its permission (adminRoute), checked again where it runs: a feature mounted anywhere else
 * by mistake is still closed.
 */
export function adminDoor(mounts: readonly AdminMount[]): OpenAPIHono<AppEnv> {
  const refusals = new Map<string, ApiErrorCode>();
  for (const mount of mounts) {
    for (const [key, code] of Object.entries(mount.refusals ?? {})) {
      const [method, path] = key.split(' ');
      refusals.set(`${method} ${ADMIN_API_PREFIX}${mount.path}${path === '/' ? '' : path}`, code);
    }
  }
  const door = createRouter();
  door.use('*', async (c, next) => {
    const user = c.var.user;
    if (!user) return errorResponse(c, 'UNAUTHENTICATED');
    if (!isStaff(user.role)) return errorResponse(c, refusals.get(`${c.req.method} ${c.req.path}`) ?? 'FORBIDDEN');
    // Decision 0042: staff work only with a second factor; the web sends them to /account/security.
    if (!user.twoFactorEnabled) return errorResponse(c, 'TWO_FACTOR_REQUIRED');
    await next();
  });
  for (const mount of mounts) door.route(mount.path, mount.routes());
  return door;
}

/** How long a code counts for step-up (decision 0042). */
export const STEP_UP_MAX_AGE_MS = 15 * 60 * 1000;

/** Whether the session's last second-factor code is recent enough for step-up. */
export function isSecondFactorFresh(at: Date | null): boolean {
  return at !== null && Date.now() - at.getTime() <= STEP_UP_MAX_AGE_MS;
}

/**
 * Whether a session whose last code was given at `twoFactorAt` may use all of `permissions` as far as
 * step-up goes: yes when none needs it by the permission table (PERMISSION_STEP_UP, decision 0068),
 * else only with a code from the last 15 minutes. The one check for the admin door and any other
 * place that grants a step-up permission (the files route).
 */
export function isFreshEnoughFor(permissions: readonly Permission[], twoFactorAt: Date | null): boolean {
  return !permissions.some(needsStepUp) || isSecondFactorFresh(twoFactorAt);
}

/**
 * Whether the admin door and `permission`'s check would let this user through, for a read done outside
 * the route (a desk page's boot data, decision 0104): it must refuse whatever the route would.
 */
export function doorAdmits(user: SessionUser, twoFactorAt: Date | null, permission: Permission): boolean {
  return (
    isStaff(user.role) &&
    user.twoFactorEnabled &&
    hasPermission(user.role, permission) &&
    isFreshEnoughFor([permission], twoFactorAt)
  );
}

/**
 * An operation's permission, checked where it runs: 401 without a session, 403 without the permission,
 * and 403 STEP_UP_REQUIRED when the permission table says the permission needs a fresh code and the
 * session's last one is older than 15 minutes (decisions 0042, 0068); the web then asks for a code and
 * tries again.
 */
export function requirePermissionFresh(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) return errorResponse(c, 'UNAUTHENTICATED');
    if (!hasPermission(user.role, permission)) return errorResponse(c, 'FORBIDDEN');
    if (!isFreshEnoughFor([permission], c.var.twoFactorAt)) return errorResponse(c, 'STEP_UP_REQUIRED');
    await next();
  };
}

/**
 * An admin operation: the route with its permission checked first (requirePermissionFresh) and named in
 * the API document (`x-permission`), where the authorization matrix reads it. Whether it needs a recent
 * code comes from the permission alone (`x-step-up` in the document): a route cannot opt out.
 */
export function adminRoute<R extends RouteConfig>(permission: Permission, route: R) {
  return createRoute({
    ...route,
    middleware: [requirePermissionFresh(permission)] as const,
    'x-permission': permission,
    ...(needsStepUp(permission) ? { 'x-step-up': true } : {}),
  });
}
