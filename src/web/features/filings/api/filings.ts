import { queryOptions } from '@tanstack/react-query';
import type { FilingDraftInput, FilingList, FilingView } from '../../../../shared/features/filings/filings.contracts';
import { api } from '../../../lib/api';
import { upload } from '../../../lib/upload';

export type { FilingDraftInput, FilingView } from '../../../../shared/features/filings/filings.contracts';

/** Not under ['me']: sign-out forgets every query but that one. */
export const FILINGS_KEY = ['filings', 'mine'] as const;

export const myFilingsQuery = queryOptions({
  queryKey: FILINGS_KEY,
  queryFn: () => api<FilingList>('GET', '/api/filings'),
  staleTime: 0,
});

export const filingQuery = (id: string) =>
  queryOptions({
    queryKey: [...FILINGS_KEY, id],
    queryFn: () => api<{ filing: FilingView }>('GET', `/api/filings/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export const saveFilingDraft = (id: string, draft: FilingDraftInput) =>
  api<{ filing: FilingView }>('PUT', `/api/filings/${encodeURIComponent(id)}/answers`, draft);

export const sendFilingAnswers = (id: string, draft: FilingDraftInput) =>
  api<{ filing: FilingView }>('POST', `/api/filings/${encodeURIComponent(id)}/answers`, draft);

export const askFilingQuestion = (id: string, message: string) =>
  api<{ filing: FilingView }>('POST', `/api/filings/${encodeURIComponent(id)}/question`, { message });

export function uploadSignedForms(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return upload<{ filing: FilingView }>('POST', `/api/filings/${encodeURIComponent(id)}/signed`, form);
}
