import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { DOCUMENT_CATEGORIES } from '../../../shared/domain/files';
import { documents } from '../../db/schema';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { fileUrl } from '../files/file-url';

export const documentSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    category: z.enum(DOCUMENT_CATEGORIES),
    uploadedBy: z.enum(['user', 'admin']),
    contentType: z.string().nullable(),
    fileSize: z.number().int().nullable(),
    url: z.string(),
    createdAt: z.string(),
  })
  .openapi('Document');

const listMine = createRoute({
  method: 'get',
  path: '/',
  tags: ['documents'],
  summary: "The signed-in user's documents, newest first, each with its download URL",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(z.object({ documents: z.array(documentSchema) }), 'The documents'),
    401: errorResponses[401],
  },
});

type DocumentRow = typeof documents.$inferSelect;

export function toDocument(row: DocumentRow): z.infer<typeof documentSchema> {
  const size = row.fileSize === null ? null : Number(row.fileSize);
  return {
    id: row.id,
    fileName: row.fileName,
    category: row.category,
    uploadedBy: row.uploadedBy,
    contentType: row.contentType,
    fileSize: size !== null && Number.isSafeInteger(size) ? size : null,
    url: fileUrl(row.filePath),
    createdAt: row.createdAt.toISOString(),
  };
}

export function documentsRoutes() {
  const router = createRouter();

  router.openapi(listMine, async (c) => {
    const user = currentUser(c);
    const rows = await c.var.deps.database.db
      .select()
      .from(documents)
      .where(eq(documents.userId, user.id))
      .orderBy(desc(documents.createdAt), desc(documents.id));
    return c.json({ documents: rows.map(toDocument) }, 200);
  });

  return router;
}
