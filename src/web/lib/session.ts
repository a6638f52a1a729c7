import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../shared/domain/roles';
import type { Language } from '../../shared/i18n/languages';
import { ApiError, api } from './api';
import { queryClient } from './queryClient';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
  emailVerified: boolean;
  lang: Language;
}

export type HomePath = '/admin/ein' | '/dashboard' | '/onboarding';

export interface Me {
  user: SessionUser;
  hasFormation: boolean;
  home: HomePath;
}

/** What sign-in and both sign-ups answer. */
export interface AuthResult {
  user: SessionUser;
  hasFormation: boolean;
  redirectTo: string;
}

export const ME_KEY = ['me'] as const;

async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('GET', '/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

// Short-lived, so guards re-check the session on navigation without a request per click.
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: fetchMe,
  staleTime: 10_000,
  // Every guard waits on this call; one quick retry, then the error page rather than a long stall.
  retry: 1,
  retryDelay: 500,
});

/** The signed-in user, or null when anonymous. */
export function useMe() {
  return useQuery(meQuery);
}

/** For route loaders: the session, fetched unless a fresh copy is cached. */
export function loadMe(): Promise<Me | null> {
  return queryClient.fetchQuery(meQuery);
}

/**
 * `to`, keeping `?verified=` of `search` (the email link lands on /dashboard, possibly signed out or as
 * an admin), so the notice still shows wherever the user ends up.
 */
export function keepVerified(to: string, search: string): string {
  const verified = new URLSearchParams(search).get('verified');
  return verified ? `${to}?verified=${encodeURIComponent(verified)}` : to;
}

export function cachedMe(): Me | null {
  return queryClient.getQueryData(ME_KEY) ?? null;
}

/** The name to greet the user with: the full name, else the part of the email before '@'. */
export function displayName(user: Pick<SessionUser, 'fullName' | 'email'>): string {
  const name = user.fullName?.trim();
  if (name) return name;
  return user.email.split('@')[0];
}
