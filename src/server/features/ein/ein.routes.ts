import { createRoute } from '@hono/zod-openapi';
import { BUSINESS_ACTIVITIES } from '../../../shared/catalogue/packages';
import { SIGNED_FORM_UPLOAD_KINDS } from '../../../shared/domain/files';
import { isStaff } from '../../../shared/domain/roles';
import {
  customerEinResultSchema,
  EIN_APPLICATION_FILES,
  einApplicationSchema,
} from '../../../shared/features/ein/ein.contracts';
import { ApiError, zodFields } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { multipartDoc } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import { readMultipart, type UploadedFile } from '../../platform/uploads/multipart';
import { findFormationByUser } from '../formations';
import { loadFileNames, toCustomerEinApplication } from './ein.mapper';
import { findApplicationByUser } from './ein.service';
import { submitApplication } from './ein-submission.service';
import { recordEinUpload, uploadRefusal } from './ein-uploads.service';

const tags = ['ein'];
const text = { type: 'string' } as const;
const binary = { type: 'string', format: 'binary' } as const;

const submit = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: "The EIN wizard's submit: the application with its two documents (multipart/form-data)",
  description:
    'Files: PDF, JPG or PNG (recognised by their bytes), at most 5 MB each. `noSsn` and `terms` are the ' +
    "strings 'true'/'false'. Checked in this order: signed in, not an admin, no application yet, formation " +
    'at formation_completed, then the body.',
  middleware: [requireUser()] as const,
  request: multipartDoc(
    {
      businessName: text,
      email: text,
      state: text,
      businessActivity: { type: 'string', enum: [...BUSINESS_ACTIVITIES] },
      otherActivity: { type: 'string', description: "Required when businessActivity is 'Other'" },
      responsiblePartyName: text,
      responsiblePartyPhone: text,
      responsiblePartySsn: { type: 'string', description: "Nine digits; required unless noSsn is 'true'" },
      noSsn: { type: 'string', enum: ['true', 'false'] },
      terms: { type: 'string', enum: ['true'] },
      articlesOfOrganization: binary,
      registeredAgentInvoice: binary,
    },
    [
      'businessName',
      'email',
      'state',
      'businessActivity',
      'responsiblePartyName',
      'responsiblePartyPhone',
      'terms',
      'articlesOfOrganization',
      'registeredAgentInvoice',
    ],
  ),
  responses: {
    201: jsonResponse(
      customerEinResultSchema,
      'Submitted: pending / waiting_for_form; the formation is now ein_created',
    ),
    400: jsonResponse(errorSchema, 'VALIDATION_FAILED (fields), DOCUMENTS_REQUIRED (fields) or BAD_REQUEST'),
    401: errorResponses[401],
    403: jsonResponse(errorSchema, 'FORBIDDEN: admins do not apply for an EIN'),
    409: jsonResponse(errorSchema, 'EIN_APPLICATION_EXISTS or FORMATION_NOT_COMPLETED'),
    413: jsonResponse(errorSchema, 'FILE_TOO_LARGE'),
    415: jsonResponse(errorSchema, 'UNSUPPORTED_FILE_TYPE'),
  },
});

const getMine = createRoute({
  method: 'get',
  path: '/me',
  tags,
  summary: "The signed-in user's EIN application",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(customerEinResultSchema, 'The application'),
    401: errorResponses[401],
    404: jsonResponse(errorSchema, 'EIN_APPLICATION_REQUIRED'),
  },
});

const signedSs4 = createRoute({
  method: 'post',
  path: '/me/signed-ss4',
  tags,
  summary: 'Upload the signed SS-4 (PDF, at most 5 MB) in the multipart field `file`; sets ss4_uploaded',
  middleware: [requireUser()] as const,
  request: multipartDoc({ file: binary }),
  responses: {
    200: jsonResponse(customerEinResultSchema, 'Stored; the application as it is now'),
    400: jsonResponse(errorSchema, 'VALIDATION_FAILED: no file, or BAD_REQUEST'),
    401: errorResponses[401],
    404: jsonResponse(errorSchema, 'EIN_APPLICATION_REQUIRED'),
    409: jsonResponse(errorSchema, 'SS4_NOT_AVAILABLE, or INVALID_TRANSITION once sent to the IRS'),
    413: jsonResponse(errorSchema, 'FILE_SIZE_LIMIT'),
    415: jsonResponse(errorSchema, 'PDF_REQUIRED'),
  },
});

/** Multipart sends every value as text; the shared schema wants real booleans for the two boxes. */
function toBoolean(value: string | undefined): boolean | string | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

export function einRoutes() {
  const router = createRouter();

  router.openapi(submit, async (c) => {
    const user = currentUser(c);
    if (isStaff(user.role)) throw new ApiError('FORBIDDEN');
    const { deps } = c.var;
    const { db } = deps.database;
    // Cheap refusals first, so a refused request never has its (up to 10 MB) body read.
    if (await findApplicationByUser(db, user.id)) throw new ApiError('EIN_APPLICATION_EXISTS');
    const formation = await findFormationByUser(db, user.id);
    if (formation?.formationStatus !== 'formation_completed') throw new ApiError('FORMATION_NOT_COMPLETED');

    const { fields, files } = await readMultipart(c.req.raw, {
      fileFields: EIN_APPLICATION_FILES,
      accept: ['pdf', 'png', 'jpeg'],
      wrongTypeError: 'UNSUPPORTED_FILE_TYPE',
    });
    const parsed = einApplicationSchema.safeParse({
      ...fields,
      noSsn: toBoolean(fields.noSsn),
      terms: toBoolean(fields.terms),
    });
    if (!parsed.success) throw new ApiError('VALIDATION_FAILED', zodFields(parsed.error));
    const missing: Record<string, string> = {};
    for (const field of EIN_APPLICATION_FILES) {
      if (!files[field]) missing[field] = 'validation.documentsRequired';
    }
    if (Object.keys(missing).length) throw new ApiError('DOCUMENTS_REQUIRED', missing);

    const row = await submitApplication(deps, user, formation.id, parsed.data, {
      articlesOfOrganization: files.articlesOfOrganization as UploadedFile,
      registeredAgentInvoice: files.registeredAgentInvoice as UploadedFile,
    });
    return c.json({ application: toCustomerEinApplication(row, await loadFileNames(db, [row])) }, 201);
  });

  router.openapi(getMine, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    const row = await findApplicationByUser(db, user.id);
    if (!row) throw new ApiError('EIN_APPLICATION_REQUIRED');
    return c.json({ application: toCustomerEinApplication(row, await loadFileNames(db, [row])) }, 200);
  });

  router.openapi(signedSs4, async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    const { db } = deps.database;
    const row = await findApplicationByUser(db, user.id);
    if (!row) throw new ApiError('EIN_APPLICATION_REQUIRED');
    const refusal = uploadRefusal('signedSs4', row);
    if (refusal) throw new ApiError(refusal);

    const { files } = await readMultipart(c.req.raw, {
      fileFields: ['file'],
      accept: SIGNED_FORM_UPLOAD_KINDS,
      wrongTypeError: 'PDF_REQUIRED',
      tooLargeError: 'FILE_SIZE_LIMIT',
    });
    if (!files.file) throw new ApiError('VALIDATION_FAILED', { file: 'validation.fileRequired' });
    const updated = await recordEinUpload(deps, { id: user.id, role: 'customer' }, row, 'signedSs4', files.file);
    return c.json({ application: toCustomerEinApplication(updated, await loadFileNames(db, [updated])) }, 200);
  });

  return router;
}
