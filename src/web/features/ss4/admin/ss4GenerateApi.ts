import { queryOptions } from '@tanstack/react-query';
import type { AdminEinResult, Ss4GenerateStatus } from '../../../../shared/features/ein/ein.contracts';
import { api } from '../../../lib/api';
import { EIN_KEY } from '../../ein';

export type { Ss4GenerateStatus, Ss4TemplateReason } from '../../../../shared/features/ein/ein.contracts';

const path = (id: string, action: string) => `/api/admin/ein-applications/${encodeURIComponent(id)}/${action}`;

/** Under EIN_KEY, so every EIN change (an upload, a use) refreshes it too. */
export function ss4GenerateStatusQuery(id: string) {
  return queryOptions({
    queryKey: [...EIN_KEY, 'ss4-generate', id],
    queryFn: () => api<Ss4GenerateStatus>('GET', path(id, 'ss4-template-status')),
    staleTime: 0,
  });
}

export const generateSs4 = (id: string) =>
  api<AdminEinResult>('POST', path(id, 'ss4-generate')).then((r) => r.application);

export const applyGeneratedSs4 = (id: string) =>
  api<AdminEinResult>('POST', path(id, 'ss4-generated/use')).then((r) => r.application);

export const ss4DataSheetUrl = (id: string) => path(id, 'ss4-data-sheet');
