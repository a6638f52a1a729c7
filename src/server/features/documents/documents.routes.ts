import { createRoute } from '@hono/zod-openapi';
import { UPLOAD_DOCUMENT_CATEGORIES } from '../../../shared/domain/files';
import { isStaff } from '../../../shared/domain/roles';
import { documentListSchema, documentResultSchema } from '../../../shared/features/documents/documents.contracts';
import { DOCUMENT_UPLOAD_KINDS, documentUploadSchema } from '../../../shared/features/documents/documents.schemas';
import { recordAudit } from '../../platform/audit';
import { ApiError, zodFields } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { storeThenRecord } from '../../platform/storage/put-new-file';
import { readMultipart } from '../../platform/uploads/multipart';
import { toDocument } from './documents.mapper';
import { myDocuments, storeDocumentRow } from './documents.service';

const listMine = createRoute({
  method: 'get',
  path: '/',
  tags: ['documents'],
  summary: "The signed-in user's documents, newest first, each with its download URL",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(documentListSchema, 'The documents'),
    401: errorResponses[401],
  },
});

const upload = createRoute({
  method: 'post',
  path: '/',
  tags: ['documents'],
  summary:
    "Upload a document to the caller's vault (multipart/form-data): `category` (one of the five) and `file` " +
    '(PDF, JPG or PNG by content, at most 5,242,880 bytes). Customers only: admins upload for a user elsewhere.',
  middleware: [requireUser()] as const,
  // Documented only: readMultipart streams the body with its own limits, so no body schema is validated here.
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object' as const,
            properties: {
              category: { type: 'string' as const, enum: [...UPLOAD_DOCUMENT_CATEGORIES] },
              file: { type: 'string' as const, format: 'binary' },
            },
            required: ['category', 'file'],
          },
        },
      },
    },
  },
  responses: {
    201: jsonResponse(documentResultSchema, 'Stored; the new document'),
    400: jsonResponse(errorSchema, 'VALIDATION_FAILED naming `category` or `file`, or BAD_REQUEST (not multipart)'),
    401: errorResponses[401],
    403: jsonResponse(errorSchema, 'FORBIDDEN: admins upload for a user from the admin pages'),
    413: jsonResponse(errorSchema, "FILE_SIZE_LIMIT: 'File size must be less than 5MB'"),
    415: jsonResponse(errorSchema, 'UNSUPPORTED_FILE_TYPE: not a PDF, JPG or PNG by its bytes'),
  },
});

export function documentsRoutes() {
  const router = createRouter();

  router.openapi(listMine, async (c) => {
    return c.json(await myDocuments(c.var.deps.database.db, currentUser(c).id), 200);
  });

  router.openapi(upload, async (c) => {
    const user = currentUser(c);
    // Refused before the body is read: an admin's upload must name its customer, which this route cannot.
    if (isStaff(user.role)) throw new ApiError('FORBIDDEN');
    const { deps } = c.var;
    const { fields, files } = await readMultipart(c.req.raw, {
      fileFields: ['file'],
      accept: DOCUMENT_UPLOAD_KINDS,
      wrongTypeError: 'UNSUPPORTED_FILE_TYPE',
      tooLargeError: 'FILE_SIZE_LIMIT',
    });
    const parsed = documentUploadSchema.safeParse({ category: fields.category });
    const problems: Record<string, string> = parsed.success ? {} : zodFields(parsed.error);
    if (!files.file) problems.file = 'validation.fileRequired';
    if (!parsed.success || !files.file) throw new ApiError('VALIDATION_FAILED', problems);
    const { category } = parsed.data;
    const file = files.file;

    const row = await storeThenRecord(
      deps,
      { folder: category, userId: user.id, kind: file.kind, data: file.data, contentType: file.contentType },
      (key) =>
        deps.database.db.transaction(async (tx) => {
          const inserted = await storeDocumentRow(tx, {
            userId: user.id,
            fileName: file.fileName,
            filePath: key,
            category,
            uploadedBy: 'user',
            contentType: file.contentType,
            fileSize: String(file.size),
            // A file filed as an SS-4 is one: it carries the responsible party's SSN (decision 0066).
            holdsTaxId: category === 'ss4',
          });
          await recordAudit(tx, {
            actorId: user.id,
            actorRole: 'customer',
            action: 'document.uploaded',
            entityType: 'document',
            entityId: inserted.id,
            subjectUserId: user.id,
            after: { category, file: key, fileName: file.fileName, size: file.size },
          });
          return inserted;
        }),
    );
    return c.json({ document: toDocument(row) }, 201);
  });

  return router;
}
