import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EinStatus } from '../../shared/domain/ein';
import type { FormationPreference, FormationStatus, PaymentStatus } from '../../shared/domain/formation';
import type { ExpectedWait } from '../../shared/domain/stage-waits';
import { ApiError, api } from './api';
import type { Me } from './me';
import { queryClient } from './queryClient';
import { ME_KEY } from './session';

/** The customer's own formation record as GET /api/formations/me returns it. */
export interface Formation {
  id: string;
  companyFormationPreference: FormationPreference;
  phoneNumber: string | null;
  businessMotivation: string | null;
  businessAddressPreference: 'shared_address' | 'private_address' | null;
  formationStatus: FormationStatus;
  /** 1-4 */
  stage: number;
  paymentStatus: PaymentStatus | null;
  businessName: string | null;
  stateSelected: string | null;
  createdAt: string;
  updatedAt: string;
  /** The day the state approved the filing (YYYY-MM-DD), set by staff; null until then. */
  formedOn: string | null;
  stateFileNumber: string | null;
}

export interface EinSummary {
  einStatus: EinStatus;
  /** 1-5 */
  stage: number;
  hasPreparedSs4: boolean;
  hasSignedSs4: boolean;
  /** Download links (`/api/files/...`), null until the file exists. */
  preparedSs4Url: string | null;
  signedSs4Url: string | null;
  einDocumentUrl: string | null;
  /** The issued EIN, NN-NNNNNNN; null until staff enter it. */
  ein: string | null;
}

/** A formation or EIN timeline (issue 13): each stage's date and the current stage's expected wait. */
export interface StageTimeline {
  /** The stage as the customer lives it (ss4_ready without the form is still waiting_for_form). */
  current: string;
  stages: { stage: string; reachedAt: string | null }[];
  expectedWait: ExpectedWait | null;
}

export interface MyFormation {
  formation: Formation;
  einApplication: EinSummary | null;
  timeline: { formation: StageTimeline; ein: StageTimeline | null };
  /** The bank and address guides the customer marked done (issue 13, the company card). */
  guidesDone: { bankAccount: boolean; businessAddress: boolean } | null;
}

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
