import { createRoute } from '@hono/zod-openapi';
import { SIGNED_FORM_UPLOAD_KINDS } from '../../../shared/domain/files';
import {
  filingDraftSchema,
  filingIdParams,
  filingListSchema,
  filingQuestionSchema,
  filingResultSchema,
} from '../../../shared/features/filings/filings.contracts';
import { translate } from '../../../shared/i18n';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { multipartDoc, notFound, signedInOnly } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import { readMultipart } from '../../platform/uploads/multipart';
import {
  askQuestion,
  listOwnFilings,
  requireOwnFiling,
  saveDraft,
  submitAnswers,
  toFilingView,
  uploadSigned,
} from './filings.service';

const tags = ['filings'];
const conflict = jsonResponse(errorSchema, 'INVALID_TRANSITION: not at a stage that allows it');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'My tracked filings (Form 5472 each year, state reports), newest tax year first, with their stages',
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(filingListSchema, 'The filings'), ...signedInOnly },
});

const getOne = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One of my filings; an open questionnaire comes prefilled from my records until I save a draft',
  middleware: [requireUser()] as const,
  request: { params: filingIdParams },
  responses: { 200: jsonResponse(filingResultSchema, 'The filing'), 404: notFound(), ...signedInOnly },
});

const putDraft = createRoute({
  method: 'put',
  path: '/{id}/answers',
  tags,
  summary: "Save the questionnaire's draft (each field checked for its type and length only)",
  middleware: [requireUser()] as const,
  request: { params: filingIdParams, body: { content: { 'application/json': { schema: filingDraftSchema } } } },
  responses: {
    200: jsonResponse(filingResultSchema, 'Saved'),
    400: errorResponses[400],
    404: notFound(),
    409: conflict,
    ...signedInOnly,
  },
});

const submit = createRoute({
  method: 'post',
  path: '/{id}/answers',
  tags,
  summary:
    'Send the questionnaire: every field checked (VALIDATION_FAILED names each with its message key); "No transactions" must be chosen, never assumed',
  middleware: [requireUser()] as const,
  request: { params: filingIdParams, body: { content: { 'application/json': { schema: filingDraftSchema } } } },
  responses: {
    200: jsonResponse(filingResultSchema, 'Answered'),
    400: errorResponses[400],
    404: notFound(),
    409: conflict,
    ...signedInOnly,
  },
});

const signed = createRoute({
  method: 'post',
  path: '/{id}/signed',
  tags,
  summary: 'Upload the signed forms (multipart `file`: one scanned PDF); they go into my documents',
  middleware: [requireUser()] as const,
  request: { params: filingIdParams, ...multipartDoc({ file: { type: 'string', format: 'binary' } }) },
  responses: {
    200: jsonResponse(filingResultSchema, 'Signed'),
    400: errorResponses[400],
    404: notFound(),
    409: conflict,
    413: jsonResponse(errorSchema, 'FILE_SIZE_LIMIT'),
    415: jsonResponse(errorSchema, 'PDF_REQUIRED'),
    ...signedInOnly,
  },
});

const question = createRoute({
  method: 'post',
  path: '/{id}/question',
  tags,
  summary: 'Ask about this filing: the first question opens a support thread linked to it, later ones reply in it',
  middleware: [requireUser()] as const,
  request: { params: filingIdParams, body: { content: { 'application/json': { schema: filingQuestionSchema } } } },
  responses: {
    200: jsonResponse(filingResultSchema, 'The filing, with its support thread'),
    400: errorResponses[400],
    404: notFound(),
    ...signedInOnly,
  },
});

/** The customer's own filings (decision 0051). app.ts mounts it at /api/filings. */
export function filingsRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const user = currentUser(c);
    return c.json({ filings: await listOwnFilings(c.var.deps.database.db, user.id) }, 200);
  });

  router.openapi(getOne, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const row = await requireOwnFiling(db, user.id, c.req.valid('param').id);
    return c.json({ filing: await toFilingView(db, row) }, 200);
  });

  router.openapi(putDraft, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const row = await saveDraft(c.var.deps, user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ filing: await toFilingView(db, row) }, 200);
  });

  router.openapi(submit, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const row = await submitAnswers(c.var.deps, user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ filing: await toFilingView(db, row) }, 200);
  });

  router.openapi(signed, async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const { deps } = c.var;
    // Refused before the body is read: another's filing, or not at the signing stage.
    await requireOwnFiling(deps.database.db, user.id, id);
    const { files } = await readMultipart(c.req.raw, {
      fileFields: ['file'],
      accept: SIGNED_FORM_UPLOAD_KINDS,
      wrongTypeError: 'PDF_REQUIRED',
      tooLargeError: 'FILE_SIZE_LIMIT',
    });
    if (!files.file) throw new ApiError('VALIDATION_FAILED', { file: 'validation.fileRequired' });
    const row = await uploadSigned(deps, user.id, id, files.file);
    return c.json({ filing: await toFilingView(deps.database.db, row) }, 200);
  });

  router.openapi(question, async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const { deps } = c.var;
    const row = await requireOwnFiling(deps.database.db, user.id, id);
    const subject =
      row.kind === 'form_5472'
        ? translate(c.var.lang, 'filings.questionSubject5472', { year: row.taxYear })
        : translate(c.var.lang, 'filings.questionSubjectState', {
            rule: translate(c.var.lang, `compliance.rules.${row.ruleId}.name`),
            year: row.taxYear,
          });
    const updated = await askQuestion(deps, user.id, id, c.req.valid('json').message, subject);
    return c.json({ filing: await toFilingView(deps.database.db, updated) }, 200);
  });

  return router;
}
