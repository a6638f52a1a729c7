import {
  adminEinAdvanceSchema,
  adminEinListQuerySchema,
  adminEinListSchema,
  adminEinNotesSchema,
  adminEinNumberSchema,
  adminEinResultSchema,
  ssnRevealSchema,
} from '../../../shared/features/ein/ein.contracts';
import type { EinUpload } from '../../../shared/features/ein/ein.domain';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, multipartDoc, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { readMultipart } from '../../platform/uploads/multipart';
import { loadFileNames, toAdminEinApplication } from './ein.mapper';
import { findApplicationById } from './ein.service';
import { advanceApplication, einDeskPage, findAdminRow, saveNotes } from './ein-admin.service';
import { setEinNumber } from './ein-number.service';
import { revealSsn } from './ein-ssn.service';
import { recordEinUpload, uploadRefusal } from './ein-uploads.service';

const tags = ['admin'];

const list = listRoute('ein.read', {
  summary:
    'EIN applications: paged, sorted by created date or waiting longest, filtered by ein_status or overdue, searched',
  description:
    'q matches business name, application email, account email and responsible party name. overdue=1: at submitted_to_irs for EIN_FOLLOW_UP_BUSINESS_DAYS business days or more; `overdue` in the answer counts them.',
  query: adminEinListQuerySchema,
  page: adminEinListSchema,
});

const getOne = adminRoute('ein.read', {
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One EIN application',
  request: { params: idParams },
  responses: { 200: jsonResponse(adminEinResultSchema, 'The application'), 404: notFound(), ...guarded },
});

const reveal = adminRoute('ein.ssn', {
  method: 'post',
  path: '/{id}/ssn',
  tags,
  summary: 'The clear SSN (null when the applicant has none); every call is audited',
  request: { params: idParams },
  responses: {
    200: jsonResponse(ssnRevealSchema, '123-45-6789 or null'),
    404: notFound(),
    ...guarded,
  },
});

function uploadRoute(
  path: string,
  summary: string,
  conflict: string,
  extraFields: Parameters<typeof multipartDoc>[0] = {},
) {
  return adminRoute('ein.process', {
    method: 'post',
    path,
    tags,
    summary,
    request: {
      params: idParams,
      ...multipartDoc({ file: { type: 'string', format: 'binary' }, ...extraFields }, ['file']),
    },
    responses: {
      200: jsonResponse(adminEinResultSchema, 'Stored; the application as it is now'),
      400: jsonResponse(errorSchema, 'VALIDATION_FAILED: no file, or BAD_REQUEST'),
      404: notFound(),
      409: jsonResponse(errorSchema, conflict),
      413: jsonResponse(errorSchema, 'FILE_SIZE_LIMIT'),
      415: jsonResponse(errorSchema, 'PDF_REQUIRED'),
      ...guarded,
    },
  });
}

const uploadSs4 = uploadRoute(
  '/{id}/ss4',
  'Upload the prepared SS-4 (PDF, field `file`); sets ss4_ready and mails the customer',
  'INVALID_TRANSITION: the customer has already signed it',
);
const uploadEinDocument = uploadRoute(
  '/{id}/ein-document',
  'Upload the EIN confirmation (PDF, field `file`) with the EIN (field `ein`, NN-NNNNNNN); sets ein_issued, completes the formation, mails',
  'INVALID_TRANSITION: only at submitted_to_irs',
  { ein: { type: 'string', description: 'The issued EIN, 12-3456789 or 123456789; required unless already stored' } },
);

const advance = adminRoute('ein.process', {
  method: 'post',
  path: '/{id}/advance',
  tags,
  summary: 'Move ein_status one step along the chain; to ein_issued needs `ein` unless already stored',
  request: { params: idParams, ...jsonBody(adminEinAdvanceSchema) },
  responses: {
    200: jsonResponse(adminEinResultSchema, 'Moved'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: not the next step, or changed meanwhile'),
    ...guarded,
  },
});

const einNumber = adminRoute('ein.process', {
  method: 'put',
  path: '/{id}/ein',
  tags,
  summary: 'Set or correct the EIN of an issued application (12-3456789 or 123456789); audited',
  request: { params: idParams, ...jsonBody(adminEinNumberSchema) },
  responses: {
    200: jsonResponse(adminEinResultSchema, 'Saved'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'EIN_NOT_ISSUED: the number is entered when the EIN is marked issued'),
    ...guarded,
  },
});

const notes = adminRoute('ein.process', {
  method: 'put',
  path: '/{id}/notes',
  tags,
  summary: "Save the admin's notes (null or blank clears them)",
  request: { params: idParams, ...jsonBody(adminEinNotesSchema) },
  responses: {
    200: jsonResponse(adminEinResultSchema, 'Saved'),
    400: errorResponses[400],
    404: notFound(),
    ...guarded,
  },
});

async function adminView(db: Db, id: string) {
  const row = await findAdminRow(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return toAdminEinApplication(row, await loadFileNames(db, [row.app]));
}

async function handleUpload(deps: AppDeps, adminId: string, id: string, request: Request, upload: EinUpload) {
  const { db } = deps.database;
  const row = await findApplicationById(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  // Refused before the body is read.
  const refusal = uploadRefusal(upload, row);
  if (refusal) throw new ApiError(refusal);
  const { files, fields } = await readMultipart(request, {
    fileFields: ['file'],
    accept: ['pdf'],
    wrongTypeError: 'PDF_REQUIRED',
    tooLargeError: 'FILE_SIZE_LIMIT',
  });
  if (!files.file) throw new ApiError('VALIDATION_FAILED', { file: 'validation.fileRequired' });
  const updated = await recordEinUpload(deps, { id: adminId, role: 'admin' }, row, upload, files.file, fields.ein);
  return adminView(db, updated.id);
}

/**
 * The back office's EIN screen (product.md#admin-pages Admin EIN applications), behind the admin door; each operation
 * checks its own permission too, should it ever be mounted elsewhere.
 */
export function einAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    return c.json(await einDeskPage(c.var.deps, c.req.valid('query')), 200);
  });

  router.openapi(getOne, async (c) => {
    return c.json({ application: await adminView(c.var.deps.database.db, c.req.valid('param').id) }, 200);
  });

  router.openapi(reveal, async (c) => {
    const admin = currentUser(c);
    const ssn = await revealSsn(c.var.deps, { id: admin.id, role: 'admin' }, c.req.valid('param').id);
    return c.json({ ssn }, 200);
  });

  router.openapi(uploadSs4, async (c) => {
    const admin = currentUser(c);
    const application = await handleUpload(c.var.deps, admin.id, c.req.valid('param').id, c.req.raw, 'preparedSs4');
    return c.json({ application }, 200);
  });

  router.openapi(uploadEinDocument, async (c) => {
    const admin = currentUser(c);
    const application = await handleUpload(c.var.deps, admin.id, c.req.valid('param').id, c.req.raw, 'einDocument');
    return c.json({ application }, 200);
  });

  router.openapi(advance, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    await advanceApplication(c.var.deps, { id: admin.id, role: 'admin' }, id, body.to, body.ein);
    return c.json({ application: await adminView(c.var.deps.database.db, id) }, 200);
  });

  router.openapi(einNumber, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    await setEinNumber(c.var.deps, { id: admin.id, role: 'admin' }, id, c.req.valid('json').ein);
    return c.json({ application: await adminView(c.var.deps.database.db, id) }, 200);
  });

  router.openapi(notes, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const { db } = c.var.deps.database;
    await saveNotes(db, { id: admin.id, role: 'admin' }, id, c.req.valid('json').adminNotes);
    return c.json({ application: await adminView(db, id) }, 200);
  });

  return router;
}
