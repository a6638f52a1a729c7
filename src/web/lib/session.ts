import { queryOptions, useQuery } from '@tanstack/react-query';
import { bootData } from './bootData';
import { fetchMe, type Me, registerSessionCache } from './me';
import { queryClient } from './queryClient';

/* The session as the signed-in pages share it: cached by TanStack Query (see lib/me.ts for the rest). */

export const ME_KEY = ['me'] as const;

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

export function cachedMe(): Me | null {
  return queryClient.getQueryData(ME_KEY) ?? null;
}

export function setCachedMe(update: (old: Me | null | undefined) => Me | null | undefined) {
  queryClient.setQueryData<Me | null>(ME_KEY, update);
}

/** Marks the cached session stale; `refetch` asks again at once for the pages showing it. */
export function forgetMe(refetch: boolean): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ME_KEY, refetchType: refetch ? 'active' : 'none' });
}

registerSessionCache({ cachedMe, setCachedMe, forgetMe });

// The page's HTML carried the session (decision 0060): the guards find it cached instead of asking.
const booted = bootData();
if (booted) queryClient.setQueryData(ME_KEY, booted.me);
