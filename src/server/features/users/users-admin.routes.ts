import type { z } from '@hono/zod-openapi';
import { UPLOAD_DOCUMENT_CATEGORIES } from '../../../shared/domain/files';
import {
  DOCUMENT_UPLOAD_KINDS,
  documentResultSchema,
  documentUploadSchema,
} from '../../../shared/features/documents/documents.contracts';
import {
  type AdminUser,
  type AdminUserDetail,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserResultSchema,
  adminUserUpdateSchema,
} from '../../../shared/features/users/users-admin.contracts';
import type { Db } from '../../db/client';
import { mapPage } from '../../db/paged-list';
import type { AppDeps } from '../../deps';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError, zodFields } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, multipartDoc, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { readMultipart } from '../../platform/uploads/multipart';
import { toDocument } from '../documents';
import {
  type AdminUserDetailRow,
  type AdminUserRow,
  addUserDocument,
  findUserDetail,
  listUsers,
  updateDisplayName,
  userExists,
} from './users-admin.service';

const tags = ['admin'];

const list = listRoute('users.read', {
  summary: 'All accounts (customers and admins), paged, by joined date, searched',
  description: 'q matches email, name or display name (Turkish letters folded), or an exact user id.',
  query: adminUserListQuerySchema,
  page: adminUserListSchema,
});

const getOne = adminRoute('users.read', {
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One account with its formation, UTM source and documents',
  request: { params: idParams },
  responses: { 200: jsonResponse(adminUserResultSchema, 'The user'), 404: notFound(), ...guarded },
});

const update = adminRoute('users.edit', {
  method: 'patch',
  path: '/{id}',
  tags,
  summary: "Change the user's display name (the email cannot be changed here); audited",
  request: { params: idParams, ...jsonBody(adminUserUpdateSchema) },
  responses: {
    200: jsonResponse(adminUserResultSchema, 'Saved; the user as it is now'),
    400: errorResponses[400],
    404: notFound(),
    ...guarded,
  },
});

const upload = adminRoute('documents.upload', {
  method: 'post',
  path: '/{id}/documents',
  tags,
  summary: "Upload a document into the user's vault (multipart: `category`, `file`), marked uploaded by admin",
  // Documented only: readMultipart streams the body with its own limits, so no body schema is validated.
  request: {
    params: idParams,
    ...multipartDoc({
      category: { type: 'string', enum: [...UPLOAD_DOCUMENT_CATEGORIES] },
      file: { type: 'string', format: 'binary' },
    }),
  },
  responses: {
    201: jsonResponse(documentResultSchema, 'Stored; the new document'),
    400: jsonResponse(errorSchema, 'VALIDATION_FAILED naming `category` or `file`, or BAD_REQUEST'),
    404: notFound(),
    413: jsonResponse(errorSchema, "FILE_SIZE_LIMIT: 'File size must be less than 5MB' (5,242,880 bytes)"),
    415: jsonResponse(errorSchema, "FILE_TYPE_NOT_ALLOWED: 'Only PDF, JPG, and PNG files are allowed' (by bytes)"),
    ...guarded,
  },
});

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

function toAdminUserDetail(row: AdminUserDetailRow): AdminUserDetail {
  return {
    ...toAdminUser(row),
    formationPreference: row.formationPreference,
    formationStatus: row.formationStatus,
    paymentStatus: row.paymentStatus,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    documents: row.documents.map(toDocument),
  };
}

async function detail(db: Db, id: string) {
  const row = await findUserDetail(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return toAdminUserDetail(row);
}

/** The list's page as the route answers it; a desk's first view reads it into the boot data too (decision 0104). */
export async function userDeskPage(deps: Pick<AppDeps, 'database'>, query: z.output<typeof adminUserListQuerySchema>) {
  return mapPage(await listUsers(deps.database.db, query), toAdminUser);
}

/** The back office's users screen (product.md#admin-pages "Admin users"). app.ts mounts it at /api/admin/users. */
export function usersAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => c.json(await userDeskPage(c.var.deps, c.req.valid('query')), 200));

  router.openapi(getOne, async (c) => {
    return c.json({ user: await detail(c.var.deps.database.db, c.req.valid('param').id) }, 200);
  });

  router.openapi(update, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const { db } = c.var.deps.database;
    await updateDisplayName(db, admin, id, c.req.valid('json').displayName);
    return c.json({ user: await detail(db, id) }, 200);
  });

  router.openapi(upload, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const { deps } = c.var;
    // Refused before the body is read.
    if (!(await userExists(deps.database.db, id))) throw new ApiError('NOT_FOUND');
    const { fields, files } = await readMultipart(c.req.raw, {
      fileFields: ['file'],
      accept: DOCUMENT_UPLOAD_KINDS,
      wrongTypeError: 'FILE_TYPE_NOT_ALLOWED',
      tooLargeError: 'FILE_SIZE_LIMIT',
    });
    const parsed = documentUploadSchema.safeParse({ category: fields.category });
    const problems: Record<string, string> = parsed.success ? {} : zodFields(parsed.error);
    if (!files.file) problems.file = 'validation.fileRequired';
    if (!parsed.success || !files.file) throw new ApiError('VALIDATION_FAILED', problems);
    const row = await addUserDocument(deps, admin, id, parsed.data.category, files.file);
    return c.json({ document: toDocument(row) }, 201);
  });

  return router;
}
