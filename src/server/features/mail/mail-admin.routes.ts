import { z } from '@hono/zod-openapi';
import { adminEinNumberSchema } from '../../../shared/features/formations/company.schemas';
import {
  assignLetterSchema,
  companySearchQuerySchema,
  type DeskLetter,
  deskLetterResultSchema,
  letterForwardedSchema,
  letterIdParams,
  letterShreddedSchema,
  logLetterSchema,
  mailCompanyListSchema,
  mailDeskExportQuerySchema,
  mailDeskListSchema,
  mailDeskQuerySchema,
  mailSummarySchema,
  scanAllowancesSchema,
  scanAllowancesViewSchema,
} from '../../../shared/features/mail/mail.contracts';
import { overviewRangeQuerySchema } from '../../../shared/features/overview/overview.contracts';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import type { ExportFormat } from '../../../shared/schemas/list-query';
import { exportLanguage } from '../../../shared/schemas/list-query';
import { serverToday } from '../../platform/clock';
import { type CsvColumns, csvExportRoute } from '../../platform/csv/export-route';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError, zodFields } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, multipartDoc, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { readMultipart } from '../../platform/uploads/multipart';
import { resolveRange } from '../overview';
import { envelopeResponse } from './mail.routes';
import {
  assignLetter,
  logLetter,
  markForwarded,
  markShredded,
  scanLetter,
  searchCompanies,
  takeEinFromLetter,
} from './mail-admin.service';
import { deskPages, listDesk } from './mail-desk.service';
import { saveScanAllowances, scanAllowances } from './mail-scans.service';
import { mailSummary } from './mail-summary.service';

const tags = ['admin'];
const fileRefusals = {
  413: jsonResponse(errorSchema, 'FILE_SIZE_LIMIT'),
  415: jsonResponse(errorSchema, 'FILE_TYPE_NOT_ALLOWED (an envelope that is not a photo) or PDF_REQUIRED (a scan)'),
} as const;

const list = adminRoute('mail.read', {
  method: 'get',
  path: '/letters',
  tags,
  summary: 'The mail desk: every letter, or a queue (unmatched, to scan, waiting for the customer), paged',
  description: 'q searches the name on the envelope and the company name, Turkish letters folded.',
  request: { query: mailDeskQuerySchema },
  responses: { 200: jsonResponse(mailDeskListSchema, 'One page'), 400: errorResponses[400], ...guarded },
});

const summary = adminRoute('mail.read', {
  method: 'get',
  path: '/summary',
  tags,
  summary:
    "The operator home's mail panel: letters logged and time to scan (median, 90th percentile) in the period; open decisions now",
  request: { query: overviewRangeQuerySchema },
  responses: { 200: jsonResponse(mailSummarySchema, 'The figures'), 400: errorResponses[400], ...guarded },
});

// The scans each address plan includes a month (decision 0099): the catalogue's, so finance's permission.
const allowances = adminRoute('services.manage', {
  method: 'get',
  path: '/scan-allowances',
  tags,
  summary: 'The scans included a month with each address plan (null: not counted), for the services back office',
  responses: { 200: jsonResponse(scanAllowancesViewSchema, 'Per plan'), ...guarded },
});

const saveAllowances = adminRoute('services.manage', {
  method: 'put',
  path: '/scan-allowances',
  tags,
  summary: 'Set the scans included a month with each address plan (0 to 1000, or null: not counted); audited',
  request: jsonBody(scanAllowancesSchema),
  responses: { 200: jsonResponse(scanAllowancesViewSchema, 'Saved'), 400: errorResponses[400], ...guarded },
});

const companies = adminRoute('mail.read', {
  method: 'get',
  path: '/companies',
  tags,
  summary: 'Companies for the name on an envelope: business or customer name (Turkish letters folded) or email',
  request: { query: companySearchQuerySchema },
  responses: { 200: jsonResponse(mailCompanyListSchema, 'Up to 10'), 400: errorResponses[400], ...guarded },
});

const log = adminRoute('mail.handle', {
  method: 'post',
  path: '/letters',
  tags,
  summary:
    'Log a letter (multipart: envelopeName, userId?, sender, senderName?, kind, letterDate?, receivedOn, pages, confirmDuplicate?, envelope? photo, scan? PDF)',
  description:
    'No userId: the unmatched tray. Lawsuit papers (service_of_process) need the scan at once and are flagged urgent; the customer is mailed in the same transaction. A likely duplicate answers 409 LETTER_DUPLICATE until confirmDuplicate=true.',
  request: {
    ...multipartDoc(
      {
        envelopeName: { type: 'string' },
        userId: { type: 'string' },
        sender: { type: 'string' },
        senderName: { type: 'string' },
        kind: { type: 'string' },
        letterDate: { type: 'string', description: 'YYYY-MM-DD' },
        receivedOn: { type: 'string', description: 'YYYY-MM-DD' },
        pages: { type: 'string' },
        confirmDuplicate: { type: 'string', enum: ['true', 'false'] },
        envelope: { type: 'string', format: 'binary' },
        scan: { type: 'string', format: 'binary' },
      },
      ['envelopeName', 'sender', 'kind', 'receivedOn', 'pages'],
    ),
  },
  responses: {
    200: jsonResponse(deskLetterResultSchema, 'Logged'),
    400: errorResponses[400],
    409: jsonResponse(errorSchema, 'LETTER_DUPLICATE'),
    ...fileRefusals,
    ...guarded,
  },
});

const assign = adminRoute('mail.handle', {
  method: 'post',
  path: '/letters/{id}/assign',
  tags,
  summary: "Give a letter its company (from the unmatched tray, or another company's: audited)",
  request: { params: letterIdParams, ...jsonBody(assignLetterSchema) },
  responses: {
    200: jsonResponse(deskLetterResultSchema, 'Assigned'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: already scanned into a vault'),
    ...guarded,
  },
});

const scan = adminRoute('mail.handle', {
  method: 'post',
  path: '/letters/{id}/scan',
  tags,
  summary: "Upload a letter's scan (multipart: file, a PDF) into the customer's vault under Mail; the customer is told",
  request: { params: letterIdParams, ...multipartDoc({ file: { type: 'string', format: 'binary' } }) },
  responses: {
    200: jsonResponse(deskLetterResultSchema, 'Scanned'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: no company yet, or not waiting for a scan'),
    ...fileRefusals,
    ...guarded,
  },
});

const envelope = adminRoute('mail.read', {
  method: 'get',
  path: '/letters/{id}/envelope',
  tags,
  summary: "A letter's envelope photo",
  request: { params: letterIdParams },
  responses: {
    200: { description: 'The photo', content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } } },
    400: errorResponses[400],
    404: notFound(),
    ...guarded,
  },
});

const forwarded = adminRoute('mail.handle', {
  method: 'post',
  path: '/letters/{id}/forwarded',
  tags,
  summary: 'A paid forwarding was posted: its tracking number and the day (decision 0089); the customer sees both',
  request: { params: letterIdParams, ...jsonBody(letterForwardedSchema) },
  responses: {
    200: jsonResponse(deskLetterResultSchema, 'Forwarded'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: not paid for forwarding (to_forward)'),
    ...guarded,
  },
});

const ein = adminRoute('ein.process', {
  method: 'post',
  path: '/letters/{id}/ein',
  tags,
  summary:
    "The EIN desk takes the number from a scanned CP 575 (or a 147C where the EIN was missing): the application moves to EIN issued through the EIN desk's own service (decision 0089)",
  request: { params: letterIdParams, ...jsonBody(adminEinNumberSchema) },
  responses: {
    200: jsonResponse(deskLetterResultSchema, 'Taken'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(
      errorSchema,
      'INVALID_TRANSITION: not an EIN letter, or its application does not wait for the number',
    ),
    ...guarded,
  },
});

const shredded = adminRoute('mail.handle', {
  method: 'post',
  path: '/letters/{id}/shredded',
  tags,
  summary: 'A letter its customer asked to shred was shredded: the day (decision 0089); the customer sees it',
  request: { params: letterIdParams, ...jsonBody(letterShreddedSchema) },
  responses: {
    200: jsonResponse(deskLetterResultSchema, 'Shredded'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: the customer did not ask to shred it'),
    ...guarded,
  },
});

/** The desk's columns in the file's language (decision 0080's one CSV writer). */
function exportColumns(format: ExportFormat): CsvColumns<DeskLetter> {
  const lang = exportLanguage(format);
  const t = (key: string) => translate(lang, `mailroom.${key}`);
  const day = (d: string | null) => (d === null ? '' : lang === 'tr' ? formatCalendarDateLong(d, 'tr') : d);
  return {
    header: [
      'receivedOn',
      'business',
      'email',
      'envelopeName',
      'sender',
      'kind',
      'letterDate',
      'pages',
      'status',
      'urgent',
      'trackingNumber',
      'forwardedOn',
      'shreddedOn',
    ].map((k) => t(`desk.csv.${k}`)),
    line: (row) => [
      day(row.receivedOn),
      row.businessName ?? '',
      row.customerEmail ?? '',
      row.envelopeName,
      row.senderName ?? t(`senders.${row.sender}`),
      t(`kinds.${row.kind}.name`),
      day(row.letterDate),
      String(row.pages),
      t(`status.${row.status}`),
      t(row.urgent ? 'desk.csv.yes' : 'desk.csv.no'),
      row.trackingNumber ?? '',
      day(row.forwardedOn),
      day(row.shreddedOn),
    ],
  };
}

async function readLetterUpload(request: Request, fileFields: string[]) {
  return readMultipart(request, {
    fileFields,
    accept: ['pdf', 'jpeg', 'png'],
    wrongTypeError: 'FILE_TYPE_NOT_ALLOWED',
    tooLargeError: 'FILE_SIZE_LIMIT',
  });
}

/** The mail desk (decision 0086). app.ts mounts it at /api/admin/mail. */
export function mailAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { rows, total, totalKind } = await listDesk(c.var.deps.database.db, query, serverToday(c.var.deps.env));
    return c.json({ items: rows, total, totalKind, page: query.page, pageSize: query.pageSize }, 200);
  });

  // Before the id routes (csvExportRoute's rule).
  csvExportRoute(router, {
    permission: 'mail.export',
    path: '/letters/export.csv',
    summary: "The desk's current queue and search as CSV (all pages), streamed",
    query: mailDeskExportQuerySchema,
    name: 'letters',
    pages: (c, query) => deskPages(c.var.deps.database.db, query, serverToday(c.var.deps.env)),
    columns: exportColumns,
  });

  router.openapi(summary, async (c) => {
    const range = resolveRange(c.req.valid('query'), serverToday(c.var.deps.env));
    return c.json(await mailSummary(c.var.deps.database.db, range), 200);
  });

  router.openapi(companies, async (c) =>
    c.json({ companies: await searchCompanies(c.var.deps.database.db, c.req.valid('query').q) }, 200),
  );

  router.openapi(log, async (c) => {
    const staff = currentUser(c);
    const { fields, files } = await readLetterUpload(c.req.raw, ['envelope', 'scan']);
    const parsed = logLetterSchema.safeParse(fields);
    if (!parsed.success) throw new ApiError('VALIDATION_FAILED', zodFields(parsed.error));
    const letter = await logLetter(c.var.deps, staff, parsed.data, { envelope: files.envelope, scan: files.scan });
    return c.json({ letter }, 200);
  });

  router.openapi(assign, async (c) => {
    const staff = currentUser(c);
    const letter = await assignLetter(c.var.deps, staff, c.req.valid('param').id, c.req.valid('json').userId);
    return c.json({ letter }, 200);
  });

  router.openapi(scan, async (c) => {
    const staff = currentUser(c);
    const { id } = c.req.valid('param');
    const { files } = await readLetterUpload(c.req.raw, ['file']);
    if (!files.file) throw new ApiError('VALIDATION_FAILED', { file: 'validation.fileRequired' });
    const letter = await scanLetter(c.var.deps, staff, id, files.file);
    return c.json({ letter }, 200);
  });

  router.openapi(allowances, async (c) => c.json(await scanAllowances(c.var.deps.database.db), 200));

  router.openapi(saveAllowances, async (c) =>
    c.json(await saveScanAllowances(c.var.deps, currentUser(c), c.req.valid('json')), 200),
  );

  router.openapi(forwarded, async (c) =>
    c.json(
      { letter: await markForwarded(c.var.deps, currentUser(c), c.req.valid('param').id, c.req.valid('json')) },
      200,
    ),
  );

  router.openapi(ein, async (c) =>
    c.json(
      {
        letter: await takeEinFromLetter(c.var.deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').ein),
      },
      200,
    ),
  );

  router.openapi(shredded, async (c) =>
    c.json(
      { letter: await markShredded(c.var.deps, currentUser(c), c.req.valid('param').id, c.req.valid('json')) },
      200,
    ),
  );

  router.openapi(envelope, async (c) => (await envelopeResponse(c.var.deps, null, c.req.valid('param').id)) as never);

  return router;
}
