import { z } from '@hono/zod-openapi';
import { adminEinResultSchema, ss4GenerateStatusSchema } from '../../../shared/features/ein/ein.contracts';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { serverToday } from '../../platform/clock';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { findAdminRow, findApplicationById, loadFileNames, toAdminEinApplication } from '../ein';
import { contentDisposition } from '../files';
import { SS4_FORM_REVISION } from './ss4.mapper';
import { dataSheetAnswers, generatedSs4File, generateSs4, templateStatus, useGeneratedSs4 } from './ss4-admin.service';
import { renderSs4DataSheet } from './ss4-data-sheet.service';

const tags = ['admin'];
const pdfResponse = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
});

const status = adminRoute('ein.read', {
  method: 'get',
  path: '/{id}/ss4-template-status',
  tags,
  summary: 'Whether an SS-4 can be generated (the template and why not), and the generated draft if any',
  request: { params: idParams },
  responses: { 200: jsonResponse(ss4GenerateStatusSchema, 'The state'), 404: notFound(), ...guarded },
});

const generate = adminRoute('ein.ssn', {
  method: 'post',
  path: '/{id}/ss4-generate',
  tags,
  summary: 'Fill the SS-4 template from the application; stores it as a draft for review (status unchanged)',
  request: { params: idParams },
  responses: {
    200: jsonResponse(adminEinResultSchema, 'Stored as the generated draft'),
    404: notFound(),
    409: jsonResponse(
      errorSchema,
      'SS4_TEMPLATE_UNAVAILABLE (fields.template says why), SS4_ANSWER_TOO_LONG, or INVALID_TRANSITION once signed',
    ),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
    ...guarded,
  },
});

const useGenerated = adminRoute('ein.process', {
  method: 'post',
  path: '/{id}/ss4-generated/use',
  tags,
  summary: 'Make the generated draft the prepared SS-4: sets ss4_ready and mails the customer, like an upload',
  request: { params: idParams },
  responses: {
    200: jsonResponse(adminEinResultSchema, 'The application as it is now'),
    404: notFound(),
    409: jsonResponse(errorSchema, 'SS4_GENERATED_NOT_AVAILABLE, or INVALID_TRANSITION once signed'),
    ...guarded,
  },
});

const downloadGenerated = adminRoute('ein.ssn', {
  method: 'get',
  path: '/{id}/ss4-generated',
  tags,
  summary: 'The generated draft (PDF) for review; it is not in the customer’s documents until it is used',
  request: { params: idParams },
  responses: {
    200: pdfResponse('The draft, as an attachment'),
    404: notFound(),
    409: jsonResponse(errorSchema, 'SS4_GENERATED_NOT_AVAILABLE'),
    ...guarded,
  },
});

// The SSN is masked on it: the desk's own permission, with no step-up (decisions 0042, 0068).
const dataSheet = adminRoute('ein.process', {
  method: 'get',
  path: '/{id}/ss4-data-sheet',
  tags,
  summary: 'A one-page PDF with every SS-4 line and its answer (SSN masked), generated on the fly, not stored',
  request: { params: idParams },
  responses: {
    200: pdfResponse('The data sheet, as an attachment'),
    404: notFound(),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
    ...guarded,
  },
});

async function adminView(db: Db, id: string) {
  const row = await findAdminRow(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return toAdminEinApplication(row, await loadFileNames(db, [row.app]));
}

/** Building a PDF costs CPU: a loop of them from one account is refused. */
async function limit(deps: AppDeps, adminId: string) {
  if (!(await deps.rateLimiter.hit('ss4PdfPerAdmin', adminId))) throw new ApiError('TOO_MANY_REQUESTS');
}

function pdf(bytes: Uint8Array, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': contentDisposition(fileName),
      // The form carries an SSN: it must not linger in browser or proxy caches.
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

const generatedUrl = (id: string) => `/api/admin/ein-applications/${id}/ss4-generated`;

/**
 * The EIN desk's prefilled SS-4 (decision 0017). Mounted beside the EIN admin routes, under their path;
 * its own guard keeps it admin-only wherever it is mounted.
 */
export function ss4AdminRoutes() {
  const router = createRouter();

  router.openapi(status, async (c) => {
    const { id } = c.req.valid('param');
    const row = await findApplicationById(c.var.deps.database.db, id);
    if (!row) throw new ApiError('NOT_FOUND');
    const template = await templateStatus(c.var.deps);
    return c.json(
      {
        template: { ...template, revision: SS4_FORM_REVISION.label, source: SS4_FORM_REVISION.source },
        generated: row.generatedSs4Key ? { url: generatedUrl(row.id), fileName: `SS-4 ${row.businessName}.pdf` } : null,
      },
      200,
    );
  });

  router.openapi(generate, async (c) => {
    const admin = currentUser(c);
    await limit(c.var.deps, admin.id);
    const { id } = c.req.valid('param');
    await generateSs4(c.var.deps, { id: admin.id, role: 'admin' }, id);
    return c.json({ application: await adminView(c.var.deps.database.db, id) }, 200);
  });

  router.openapi(useGenerated, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    await useGeneratedSs4(c.var.deps, { id: admin.id, role: 'admin' }, id);
    return c.json({ application: await adminView(c.var.deps.database.db, id) }, 200);
  });

  router.openapi(downloadGenerated, async (c) => {
    const file = await generatedSs4File(c.var.deps, c.req.valid('param').id);
    return pdf(file.data, file.fileName);
  });

  router.openapi(dataSheet, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const today = serverToday(c.var.deps.env);
    const { row, answers } = await dataSheetAnswers(c.var.deps, id, today);
    await limit(c.var.deps, admin.id);
    const bytes = await renderSs4DataSheet({ lang: c.var.lang, businessName: row.businessName, answers, today });
    return pdf(bytes, `SS-4 data sheet ${row.businessName}.pdf`);
  });

  return router;
}
