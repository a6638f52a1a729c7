import type { z } from '@hono/zod-openapi';
import { DOCUMENT_UPLOAD_KINDS } from '../../../shared/features/documents/documents.contracts';
import {
  adminFilingExportQuerySchema,
  adminFilingListQuerySchema,
  adminFilingListSchema,
  adminFilingResultSchema,
  filingExtensionSchema,
  filingIdParams,
  filingSubmittedSchema,
  stateFiledSchema,
} from '../../../shared/features/filings/filings.contracts';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { type ExportFormat, exportLanguage } from '../../../shared/schemas/list-query';
import { mapPage } from '../../db/paged-list';
import type { AppDeps } from '../../deps';
import { turkishDate } from '../../platform/csv/csv';
import { type CsvColumns, csvExportRoute } from '../../platform/csv/export-route';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError, zodFields } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { guarded, multipartDoc, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { readMultipart, type UploadedFile } from '../../platform/uploads/multipart';
import {
  type AdminFilingListRow,
  adminFilingView,
  exportFilingPages,
  listFilings,
  markDoneFiling,
  markStateFiled,
  markSubmitted,
  prepareFiling,
  recordExtension,
  requireFiling,
} from './filings-admin.service';

const tags = ['admin'];
const conflict = (what = 'INVALID_TRANSITION: not at a stage that allows it') => jsonResponse(errorSchema, what);

const list = listRoute('filings.read', {
  summary: 'Every tracked filing: year, kind (5472, 7004, state report), status, waiting since, customer',
  description:
    'Filtered by year, kind and status, searched by customer email or name (Turkish letters folded), sorted by ' +
    'waiting longest (default), newest or due soonest, paged in SQL. The total is counted up to 10,000.',
  query: adminFilingListQuerySchema,
  page: adminFilingListSchema,
});

const getOne = adminRoute('filings.read', {
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One filing with its answers, stages, files, and whether the templates are usable',
  request: { params: filingIdParams },
  responses: { 200: jsonResponse(adminFilingResultSchema, 'The filing'), 404: notFound(), ...guarded },
});

const prepare = adminRoute('filings.prepare', {
  method: 'post',
  path: '/{id}/prepare',
  tags,
  summary:
    'Prepare the Form 5472 and pro forma 1120 from the answers: filled templates when both are set, else the data sheet; into the customer’s documents, customer mailed',
  request: { params: filingIdParams },
  responses: {
    200: jsonResponse(adminFilingResultSchema, 'Prepared'),
    404: notFound(),
    409: conflict('INVALID_TRANSITION (not answered yet, or signed), or FILING_TEMPLATE_UNAVAILABLE (fields.template)'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
    ...guarded,
  },
});

const submitted = adminRoute('filings.prepare', {
  method: 'post',
  path: '/{id}/submitted',
  tags,
  summary:
    'Record the signed forms faxed or mailed (multipart: method fax|mail, filedOn, confirmationNumber?, file = the confirmation)',
  request: {
    params: filingIdParams,
    ...multipartDoc(
      {
        method: { type: 'string', enum: ['fax', 'mail'] },
        filedOn: { type: 'string', description: 'YYYY-MM-DD' },
        confirmationNumber: { type: 'string' },
        file: { type: 'string', format: 'binary' },
      },
      ['method', 'filedOn', 'file'],
    ),
  },
  responses: {
    200: jsonResponse(adminFilingResultSchema, 'Submitted'),
    400: errorResponses[400],
    404: notFound(),
    409: conflict(),
    413: jsonResponse(errorSchema, 'FILE_SIZE_LIMIT'),
    415: jsonResponse(errorSchema, 'FILE_TYPE_NOT_ALLOWED'),
    ...guarded,
  },
});

const done = adminRoute('filings.prepare', {
  method: 'post',
  path: '/{id}/done',
  tags,
  summary: 'Close a submitted Form 5472 filing: nothing more to send',
  request: { params: filingIdParams },
  responses: { 200: jsonResponse(adminFilingResultSchema, 'Done'), 404: notFound(), 409: conflict(), ...guarded },
});

const extension = adminRoute('filings.prepare', {
  method: 'post',
  path: '/{id}/extension',
  tags,
  summary: 'Record Form 7004 filed on a day: the due date moves to the extended one (15 October); once only',
  request: {
    params: filingIdParams,
    body: { content: { 'application/json': { schema: filingExtensionSchema } } },
  },
  responses: {
    200: jsonResponse(adminFilingResultSchema, 'Extended'),
    400: errorResponses[400],
    404: notFound(),
    409: conflict('INVALID_TRANSITION: already extended, or already sent'),
    ...guarded,
  },
});

const stateFiled = adminRoute('filings.prepare', {
  method: 'post',
  path: '/state-reports',
  tags,
  summary:
    "Mark a customer's state item (annual report, Delaware tax) filed: multipart userId, itemKey, filedOn, confirmationNumber, file = the receipt (into their documents)",
  request: {
    ...multipartDoc({
      userId: { type: 'string' },
      itemKey: { type: 'string' },
      filedOn: { type: 'string', description: 'YYYY-MM-DD' },
      confirmationNumber: { type: 'string' },
      file: { type: 'string', format: 'binary' },
    }),
  },
  responses: {
    200: jsonResponse(adminFilingResultSchema, 'Filed'),
    400: errorResponses[400],
    404: notFound("NOT_FOUND: not one of the customer's items"),
    409: conflict('INVALID_TRANSITION: already filed'),
    413: jsonResponse(errorSchema, 'FILE_SIZE_LIMIT'),
    415: jsonResponse(errorSchema, 'FILE_TYPE_NOT_ALLOWED'),
    ...guarded,
  },
});

function exportColumns(format: ExportFormat): CsvColumns<AdminFilingListRow> {
  const lang = exportLanguage(format);
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `adminFilings.${key}`, vars);
  return {
    header: ['year', 'kind', 'status', 'waitingSince', 'dueDate', 'customer', 'email', 'id'].map((k) => t(`csv.${k}`)),
    line: (row) => [
      String(row.taxYear),
      row.kind === 'state_report'
        ? translate(lang, `compliance.rules.${row.ruleId}.name`)
        : t(row.extendedOn ? 'kinds.form_5472_extended' : 'kinds.form_5472'),
      t(`statuses.${row.status}`),
      lang === 'tr' ? turkishDate(row.statusSince) : row.statusSince.toISOString(),
      lang === 'tr' ? formatCalendarDateLong(row.dueDate, 'tr') : row.dueDate,
      row.name ?? '',
      row.email,
      row.id,
    ],
  };
}

const toRow = (row: AdminFilingListRow) => ({
  id: row.id,
  kind: row.kind,
  extended: row.extendedOn !== null,
  ruleId: row.ruleId,
  taxYear: row.taxYear,
  status: row.status,
  statusSince: row.statusSince.toISOString(),
  dueDate: row.dueDate,
  customer: { id: row.userId, email: row.email, name: row.name },
});

/** The list's page as the route answers it; a desk's first view reads it into the boot data too (decision 0104). */
export async function filingDeskPage(
  deps: Pick<AppDeps, 'database'>,
  query: z.output<typeof adminFilingListQuerySchema>,
) {
  return mapPage(await listFilings(deps.database.db, query), toRow);
}

async function readUpload(request: Request) {
  return readMultipart(request, {
    fileFields: ['file'],
    accept: DOCUMENT_UPLOAD_KINDS,
    wrongTypeError: 'FILE_TYPE_NOT_ALLOWED',
    tooLargeError: 'FILE_SIZE_LIMIT',
  });
}

function parsed<T extends z.ZodType>(
  schema: T,
  fields: unknown,
  file: UploadedFile | undefined,
): { data: z.output<T>; file: UploadedFile } {
  const result = schema.safeParse(fields);
  const problems: Record<string, string> = result.success ? {} : zodFields(result.error);
  if (!file) problems.file = 'validation.fileRequired';
  if (!result.success || !file) throw new ApiError('VALIDATION_FAILED', problems);
  return { data: result.data, file };
}

/** Building PDFs costs CPU: a loop of them from one account is refused, like the SS-4's. */
async function limit(deps: AppDeps, adminId: string) {
  if (!(await deps.rateLimiter.hit('ss4PdfPerAdmin', adminId))) throw new ApiError('TOO_MANY_REQUESTS');
}

/** The filings desk (decisions 0051, 0052). app.ts mounts it at /api/admin/filings. */
export function filingsAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    return c.json(await filingDeskPage(c.var.deps, c.req.valid('query')), 200);
  });

  csvExportRoute(router, {
    permission: 'filings.export',
    summary: "The current filter's filings as CSV (all pages), streamed",
    query: adminFilingExportQuerySchema,
    name: 'filings',
    pages: (c, query) => exportFilingPages(c.var.deps.database.db, query),
    columns: exportColumns,
  });

  router.openapi(getOne, async (c) => {
    const row = await requireFiling(c.var.deps.database.db, c.req.valid('param').id);
    return c.json({ filing: await adminFilingView(c.var.deps, row) }, 200);
  });

  router.openapi(prepare, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    await requireFiling(c.var.deps.database.db, id);
    await limit(c.var.deps, admin.id);
    const row = await prepareFiling(c.var.deps, admin.id, id);
    return c.json({ filing: await adminFilingView(c.var.deps, row) }, 200);
  });

  router.openapi(submitted, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const { deps } = c.var;
    await requireFiling(deps.database.db, id);
    const { fields, files } = await readUpload(c.req.raw);
    const { data, file } = parsed(filingSubmittedSchema, fields, files.file);
    const row = await markSubmitted(deps, admin.id, id, data, file);
    return c.json({ filing: await adminFilingView(deps, row) }, 200);
  });

  router.openapi(done, async (c) => {
    const admin = currentUser(c);
    const row = await markDoneFiling(c.var.deps, admin.id, c.req.valid('param').id);
    return c.json({ filing: await adminFilingView(c.var.deps, row) }, 200);
  });

  router.openapi(extension, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    await requireFiling(c.var.deps.database.db, id);
    const row = await recordExtension(c.var.deps, admin.id, id, c.req.valid('json').filedOn);
    return c.json({ filing: await adminFilingView(c.var.deps, row) }, 200);
  });

  router.openapi(stateFiled, async (c) => {
    const admin = currentUser(c);
    const { deps } = c.var;
    const { fields, files } = await readUpload(c.req.raw);
    const { data, file } = parsed(stateFiledSchema, fields, files.file);
    const row = await markStateFiled(deps, admin.id, data, file);
    return c.json({ filing: await adminFilingView(deps, row) }, 200);
  });

  return router;
}
