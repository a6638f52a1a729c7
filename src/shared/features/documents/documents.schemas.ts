import { z } from 'zod';
import { UPLOAD_DOCUMENT_CATEGORIES } from '../../domain/files';

export { DOCUMENT_UPLOAD_KINDS } from '../../domain/files';

const CATEGORY_REQUIRED = 'validation.documentCategoryRequired';

/** The text part of the multipart upload (the file travels beside it in the field `file`). */
export const documentUploadSchema = z.object({
  category: z.enum(UPLOAD_DOCUMENT_CATEGORIES, { error: CATEGORY_REQUIRED }),
});
