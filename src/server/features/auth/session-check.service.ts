import { toRole } from '../../../shared/domain/roles';
import { toLanguage } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/http/context';
import { verifySignedCookie } from '../../platform/http/signed-cookie';
import type { Auth } from './auth.instance';
import { staffSessionOver, touchSession } from './session-limits.service';
import { findSessionByToken } from './session-lookup.service';

export interface SignedInSession {
  user: SessionUser;
  sessionId: string;
  twoFactorAt: Date | null;
  /** Password only, waiting for the second factor (decision 0042): the user is not signed in yet. */
  pending: boolean;
}

/** How long a sign-in may wait for its second factor before the password must be given again. */
export const PENDING_SIGN_IN_MS = 10 * 60 * 1000;

interface CookieSettings {
  name: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const settingsOf = new WeakMap<Auth, Promise<CookieSettings>>();

/** The session cookie's name, the signing secret and the refresh timing, from better-auth's own context. */
function cookieSettings(auth: Auth): Promise<CookieSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((ctx) => ({
      name: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    settingsOf.set(auth, settings);
  }
  return settings;
}

/**
 * The signed-in session of a request, as better-auth's getSession would find it, on every API request
 * (decision 0025). The common case is answered here: the cookie's signature checked with node:crypto
 * and the session and user read in one prepared statement, fresh on every request (a sign-out or a role
 * change counts at once). The rare cases that write are left to better-auth itself, so they behave
 * exactly as before: an expired session (better-auth deletes it and answers no session) and a session
 * due for its daily extension (`updateAge`).
 */
export async function checkSession(
  deps: { auth: Auth; db: Db },
  cookieHeader: string,
  /** The request's headers, for better-auth; only built when it is asked. */
  headers: () => Headers,
  /** The client's network (/24, /48), for the devices list; read only when last-seen is written. */
  network: () => string | null = () => null,
): Promise<SignedInSession | null> {
  const settings = await cookieSettings(deps.auth);
  const token = verifySignedCookie(cookieHeader, settings.name, settings.secret);
  if (!token) return null;
  const row = await findSessionByToken(deps.db, token);
  if (!row) return null;
  const now = Date.now();
  if (row.twoFactorPending && row.createdAt.getTime() + PENDING_SIGN_IN_MS < now) return null;
  const twoFactor = {
    twoFactorAt: row.twoFactorAt,
    pending: row.twoFactorPending,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
  };
  // Staff limits first (decision 0044): an ended staff session must not reach better-auth's extension.
  if (await staffSessionOver(deps.db, row, now)) return null;
  await touchSession(deps.db, row, now, network);
  const expires = row.expiresAt.getTime();
  // better-auth's own tests: expired when expiresAt < now; extended when expiresAt - expiresIn + updateAge <= now.
  if (expires < now || expires - settings.expiresInMs + settings.updateAgeMs <= now) {
    const session = await betterAuthSession(deps.auth, headers());
    if (!session) return null;
    return {
      ...session,
      user: { ...session.user, twoFactorEnabled: twoFactor.twoFactorEnabled },
      twoFactorAt: twoFactor.twoFactorAt,
      pending: twoFactor.pending,
    };
  }
  return {
    user: { ...sessionUser({ ...row, id: row.userId }), twoFactorEnabled: twoFactor.twoFactorEnabled },
    sessionId: row.sessionId,
    twoFactorAt: twoFactor.twoFactorAt,
    pending: twoFactor.pending,
  };
}

/** The portal's view of a user row, from either path: an unknown role is a customer's, and Turkish when no language is set. */
function sessionUser(u: {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role?: string | null;
  lang?: string | null;
}): Omit<SessionUser, 'twoFactorEnabled'> {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: toRole(u.role),
    emailVerified: u.emailVerified,
    lang: toLanguage(u.lang) ?? 'tr',
  };
}

/**
 * better-auth's getSession, mapped to the portal's user: the path every request took before. Without
 * the second factor's state, which the caller adds from its own read.
 */
export async function betterAuthSession(
  auth: Auth,
  headers: Headers,
): Promise<{ user: Omit<SessionUser, 'twoFactorEnabled'>; sessionId: string } | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string; lang?: string };
  return { user: sessionUser(u), sessionId: result.session.id };
}
