import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type AdminEinApplication, EIN_KEY } from './einApplications';

export type Ss4TemplateReason = 'notConfigured' | 'notFound' | 'unreadable' | 'wrongRevision' | 'fieldsMissing';

/** Ss4GenerateStatus of the API contract. */
export interface Ss4GenerateStatus {
  template: {
    ready: boolean;
    reason: Ss4TemplateReason | null;
    missingFields: string[];
    /** The form revision the mapping was written for, e.g. "Rev. December 2023". */
    revision: string;
    /** Where the official fillable form is downloaded. */
    source: string;
  };
  /** The generated draft awaiting review. */
  generated: { url: string; fileName: string } | null;
}

const path = (id: string, action: string) => `/api/admin/ein-applications/${encodeURIComponent(id)}/${action}`;

/** Under EIN_KEY, so every EIN change (an upload, a use) refreshes it too. */
export function ss4GenerateStatusQuery(id: string) {
  return queryOptions({
    queryKey: [...EIN_KEY, 'ss4-generate', id],
    queryFn: () => api<Ss4GenerateStatus>('GET', path(id, 'ss4-template-status')),
    staleTime: 0,
  });
}

type ApplicationResponse = { application: AdminEinApplication };

export const generateSs4 = (id: string) =>
  api<ApplicationResponse>('POST', path(id, 'ss4-generate')).then((r) => r.application);

export const applyGeneratedSs4 = (id: string) =>
  api<ApplicationResponse>('POST', path(id, 'ss4-generated/use')).then((r) => r.application);

export const ss4DataSheetUrl = (id: string) => path(id, 'ss4-data-sheet');
