import { z } from 'zod';
import { DOCUMENT_CATEGORIES, type FileKind } from '../domain/files';

/** product.md#uploads "Document upload": PDF, JPG or PNG, at most 5 MB, under one of the five categories. */
export const DOCUMENT_UPLOAD_KINDS: readonly FileKind[] = ['pdf', 'jpeg', 'png'];

const CATEGORY_REQUIRED = 'validation.documentCategoryRequired';

/** The text part of the multipart upload (the file travels beside it in the field `file`). */
export const documentUploadSchema = z.object({
  category: z.enum(DOCUMENT_CATEGORIES, { error: CATEGORY_REQUIRED }),
});
