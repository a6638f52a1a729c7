import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DocumentItem } from '../lib/group';

export const DOCUMENTS_KEY = ['documents'] as const;

export const documentsQuery = queryOptions({
  queryKey: DOCUMENTS_KEY,
  queryFn: async () => (await api<{ documents: DocumentItem[] }>('GET', '/api/documents')).documents,
  // Files arrive from elsewhere (an admin's upload, another page): ask again on every visit.
  staleTime: 0,
});

export function useDocuments() {
  return useQuery(documentsQuery);
}
