import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyFormation } from '../../shared/features/formations/formations.contracts';
import { ApiError, api } from './api';
import { bootData } from './bootData';
import type { Me } from './me';
import { queryClient } from './queryClient';
import { ME_KEY } from './session';

export type {
  EinSummary,
  Formation,
  MyFormation,
  StageTimeline,
} from '../../shared/features/formations/formations.contracts';

export const FORMATION_KEY = ['formation'] as const;

/** null when the user has no formation record yet (404): they belong on /onboarding. */
export async function fetchMyFormation(): Promise<MyFormation | null> {
  try {
    return await api<MyFormation>('GET', '/api/formations/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const formationQuery = queryOptions({ queryKey: FORMATION_KEY, queryFn: fetchMyFormation });

// The dashboard's HTML carried the formation (decision 0060): the page draws it without waiting, and
// the query refreshes it in the background as it would any stale copy.
const booted = bootData()?.formation;
if (booted !== undefined) queryClient.setQueryData(FORMATION_KEY, booted);

export function useMyFormation() {
  return useQuery(formationQuery);
}

/** A formation record now exists: the session's home moves to /dashboard and the record is refetched. */
export function formationCreated(): void {
  queryClient.setQueryData<Me | null>(ME_KEY, (old) =>
    old ? { ...old, hasFormation: true, home: '/dashboard' } : old,
  );
  void queryClient.invalidateQueries({ queryKey: FORMATION_KEY });
}

/** The formation record changed on the server (guide answered, status moved). */
export function formationChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: FORMATION_KEY });
}
