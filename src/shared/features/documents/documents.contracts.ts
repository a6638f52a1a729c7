import { z } from '@hono/zod-openapi';
import { DOCUMENT_CATEGORIES } from '../../domain/files';

/**
 * The document vault's contract (the customer's own documents; staff read and add them through the
 * admin users API): the upload's fields (src/shared/features/documents/documents.schemas.ts, re-exported) and the
 * response shapes. The web imports the types only (`import type`).
 */

export { DOCUMENT_UPLOAD_KINDS, documentUploadSchema } from './documents.schemas';

export const documentSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    category: z.enum(DOCUMENT_CATEGORIES),
    uploadedBy: z.enum(['user', 'admin']),
    contentType: z.string().nullable(),
    fileSize: z.number().int().nullable(),
    /**
     * It prints an SSN or ITIN (decision 0066), marked when it was written: staff open it with ein.ssn
     * and a fresh second factor.
     */
    holdsTaxId: z.boolean(),
    /** GET it: /api/files/…, for the owner and staff only. */
    url: z.string(),
    createdAt: z.string(),
  })
  .openapi('Document');

export const documentListSchema = z.object({ documents: z.array(documentSchema) });
export const documentResultSchema = z.object({ document: documentSchema });

export type DocumentView = z.output<typeof documentSchema>;
export type DocumentList = z.output<typeof documentListSchema>;
export type DocumentResult = z.output<typeof documentResultSchema>;
