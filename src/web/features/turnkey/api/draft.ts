import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UrlResult } from '../../../../shared/features/payments/payments.contracts';
import type {
  DraftResponse,
  FormationServiceDraft,
  SavedDraft,
} from '../../../../shared/features/turnkey/turnkey.contracts';
import { api } from '../../../lib/api';

export type { Draft, DraftResponse, Purchase } from '../../../../shared/features/turnkey/turnkey.contracts';

export const DRAFT_KEY = ['formation-service', 'draft'] as const;

export const draftQuery = queryOptions({
  queryKey: DRAFT_KEY,
  queryFn: () => api<DraftResponse>('GET', '/api/formation-service/draft'),
  // The wizard restores from it once; a refetch must not overwrite what the user is choosing.
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnMount: 'always',
});

export function useDraft() {
  return useQuery(draftQuery);
}

export const saveDraft = (body: FormationServiceDraft) => api<SavedDraft>('PUT', '/api/formation-service/draft', body);

export const startCheckout = (body: { packageSelected: string; stateSelected: string; businessAddress: string }) =>
  api<UrlResult>('POST', '/api/formation-service/checkout', body);
