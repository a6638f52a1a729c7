import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressOption, PackageId } from '../../../../shared/catalogue/packages';
import type { FormationStatus } from '../../../../shared/domain/formation';
import type { FormationServiceDraft } from '../../../../shared/schemas/formation';
import { api } from '../../../lib/api';

export interface Draft {
  packageSelected: PackageId | null;
  stateType: 'recommended' | 'other' | null;
  stateSelected: string | null;
  businessAddress: AddressOption | null;
  documentsReady: boolean;
  paymentStatus: string | null;
  updatedAt: string;
}

/** What the request bought: its paid order's (decision 0032). */
export interface Purchase {
  orderId: string;
  packageId: PackageId | null;
  addressOption: AddressOption | null;
  amountCents: number;
  paidAt: string | null;
}

export interface DraftResponse {
  draft: Draft | null;
  purchase: Purchase | null;
  formationStatus: FormationStatus | null;
}

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

export const saveDraft = (body: FormationServiceDraft) =>
  api<{ draft: Draft }>('PUT', '/api/formation-service/draft', body);

export const startCheckout = (body: { packageSelected: string; stateSelected: string; businessAddress: string }) =>
  api<{ url: string }>('POST', '/api/formation-service/checkout', body);
