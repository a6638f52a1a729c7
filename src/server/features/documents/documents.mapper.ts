import type { DocumentView } from '../../../shared/features/documents/documents.contracts';
import type { documents } from '../../db/schema';
import { fileUrl } from '../../platform/storage/file-url';

type DocumentRow = typeof documents.$inferSelect;

export function toDocument(row: DocumentRow): DocumentView {
  const size = row.fileSize === null ? null : Number(row.fileSize);
  return {
    id: row.id,
    fileName: row.fileName,
    category: row.category,
    uploadedBy: row.uploadedBy,
    contentType: row.contentType,
    holdsTaxId: row.holdsTaxId,
    fileSize: size !== null && Number.isSafeInteger(size) ? size : null,
    url: fileUrl(row.filePath),
    createdAt: row.createdAt.toISOString(),
  };
}
