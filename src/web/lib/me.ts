import type { Me, SessionUser } from '../../shared/features/auth/auth.contracts';
import { ApiError, api } from './api';

/*
 * The signed-in user as the server reports it, without the query cache: the public pages (sign-in,
 * sign-up) need only this, and keeping TanStack Query off their first load saves 10 KB gzipped
 * (decision 0030). The cached copy the signed-in pages share is lib/session.ts.
 */

export type { AuthResult, HomePath, Me, SessionUser } from '../../shared/features/auth/auth.contracts';

/** The session's user, or null when anonymous. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('GET', '/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * `to`, keeping `?verified=` of `search` (the email link lands on /dashboard, possibly signed out or as
 * an admin), so the notice still shows wherever the user ends up.
 */
export function keepVerified(to: string, search: string): string {
  const verified = new URLSearchParams(search).get('verified');
  return verified ? `${to}?verified=${encodeURIComponent(verified)}` : to;
}

/** The name to greet the user with: the full name, else the part of the email before '@'. */
export function displayName(user: Pick<SessionUser, 'fullName' | 'email'>): string {
  const name = user.fullName?.trim();
  if (name) return name;
  return user.email.split('@')[0];
}

/** What lib/session.ts offers once a signed-in page has loaded it. */
export interface SessionCache {
  cachedMe(): Me | null;
  setCachedMe(update: (old: Me | null | undefined) => Me | null | undefined): void;
  forgetMe(refetch: boolean): Promise<void>;
}

let sessionCache: SessionCache | null = null;

/** Called by lib/session.ts when it loads: until then no page has cached the session. */
export function registerSessionCache(cache: SessionCache) {
  sessionCache = cache;
}

/** The session's cache if a signed-in page has loaded it, without loading it (and TanStack Query) here. */
export function loadedSessionCache(): SessionCache | null {
  return sessionCache;
}

/**
 * The session changed (signed in, signed out, e-mail verified): the cached copy, if a signed-in page
 * made one, must be asked for again. Without one there is nothing to forget.
 */
export async function sessionChanged(refetch = false): Promise<void> {
  await sessionCache?.forgetMe(refetch);
}
