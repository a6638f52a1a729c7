import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentCategory } from '../../../../shared/domain/files';
import type { DocumentList, DocumentResult } from '../../../../shared/features/documents/documents.contracts';
import { api } from '../../../lib/api';
import { bootSeed } from '../../../lib/bootQuery';
import { type UploadOptions, upload } from '../../../lib/upload';
import type { DocumentItem } from '../lib/group';

export const DOCUMENTS_KEY = ['documents'] as const;

export const documentsQuery = queryOptions({
  queryKey: DOCUMENTS_KEY,
  queryFn: async () => (await api<DocumentList>('GET', '/api/documents')).documents,
  // Files arrive from elsewhere (an admin's upload, another page): ask again on every visit.
  ...bootSeed('/api/documents', { select: (answer: DocumentList) => answer.documents, staleTime: 0 }),
});

export function useDocuments() {
  return useQuery(documentsQuery);
}

/** product.md#uploads "Document upload": multipart `category` and `file`; answers the stored document. */
export async function uploadDocument(
  category: DocumentCategory,
  file: File,
  options: UploadOptions = {},
): Promise<DocumentItem> {
  const body = new FormData();
  // The category first, so that the server has it before the (large) file part.
  body.append('category', category);
  body.append('file', file, file.name);
  return (await upload<DocumentResult>('POST', '/api/documents', body, options)).document;
}
