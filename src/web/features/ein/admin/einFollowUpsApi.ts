import { queryOptions } from '@tanstack/react-query';
import type { AdminEinFollowUp, EinFollowUpInput } from '../../../../shared/features/ein/ein-follow-ups.contracts';
import { api } from '../../../lib/api';
import { EIN_KEY } from './einApplicationsApi';

export type { AdminEinFollowUp, EinFollowUpInput } from '../../../../shared/features/ein/ein-follow-ups.contracts';

const path = (id: string) => `/api/admin/ein-applications/${encodeURIComponent(id)}/follow-ups`;

/** Decision 0050: one application's follow-up log, under the desk's key so one invalidation refreshes all. */
export function einFollowUpsQuery(id: string) {
  return queryOptions({
    queryKey: [...EIN_KEY, 'follow-ups', id],
    queryFn: () => api<{ items: AdminEinFollowUp[] }>('GET', path(id)).then((r) => r.items),
    staleTime: 0,
  });
}

export const recordEinFollowUp = (id: string, input: EinFollowUpInput) =>
  api<AdminEinFollowUp>('POST', path(id), input);
