import { z } from 'zod';
import type { DocumentCategory } from '../../shared/domain/files';
import { documentUploadSchema } from '../../shared/features/documents/documents.schemas';

/*
 * The upload forms' values (decision 0038 and its amendment 0081). No shared schema holds a multipart
 * body's file, so the forms check here that one was chosen (its kind and size are checked by FileField
 * at once, its bytes by the server); the text fields are the API's own schemas. The pages that keep
 * zod off their first paint load this module through lib/lazyResolver: import only types from it.
 */

/** A file the user chose (the form holds null until then). */
export const chosenFile = z.custom<File>((value) => value instanceof File, { error: 'validation.fileRequired' });

/** A vault upload, by the customer (/documents) or by staff for a customer: a category and a file. */
export type DocumentUploadFormValues = { category: DocumentCategory | ''; file: File | null };
export type DocumentUploadFormOutput = { category: DocumentCategory; file: File };
export const documentUploadFormSchema: z.ZodType<DocumentUploadFormOutput, DocumentUploadFormValues> =
  documentUploadSchema.extend({ file: chosenFile });

/** A form whose only field is the file (the signed SS-4). */
export type FileFormValues = { file: File | null };
export type FileFormOutput = { file: File };
export const fileFormSchema: z.ZodType<FileFormOutput, FileFormValues> = z.object({ file: chosenFile });
