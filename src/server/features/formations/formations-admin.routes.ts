import { z } from '@hono/zod-openapi';
import {
  adminFormationCompanySchema,
  adminFormationExportQuerySchema,
  adminFormationListQuerySchema,
  adminFormationListSchema,
  adminFormationResultSchema,
  adminFormationStatusSchema,
  customerFileResultSchema,
} from '../../../shared/contracts/formations-admin';
import type { Db } from '../../db/client';
import { csvStream } from '../../platform/csv/csv';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { loadCustomerFile } from './customer-file.service';
import { setFormationCompany } from './formation-company.service';
import { dialectOf, exportFileName } from './formations-admin.csv';
import { toAdminFormation, toCustomerFile } from './formations-admin.mapper';
import { exportPages, findFormationRow, listFormations, setFormationStatus } from './formations-admin.service';

const tags = ['admin'];

const list = adminRoute('formations.read', {
  method: 'get',
  path: '/',
  tags,
  summary: 'Formations: paged, filtered by formation_status and payment_status, searched, sorted',
  description:
    'q matches business name, customer email or name and state (Turkish letters folded), or a formation or user id ' +
    'exactly. sort: created or updated date either way, the id breaking ties. total is counted exactly up to ' +
    '10,000 rows; beyond that it is the planner estimate and totalExact is false.',
  request: { query: adminFormationListQuerySchema },
  responses: {
    200: jsonResponse(adminFormationListSchema, 'One page'),
    400: errorResponses[400],
    ...guarded,
  },
});

const exportCsv = adminRoute('formations.export', {
  method: 'get',
  path: '/export.csv',
  tags,
  summary: "The current filter's formations as CSV (all pages), streamed",
  description:
    'Same filters as the list. Columns (product.md#admin-pages): Business Name, Formation Status, State, Payment Status, Created At, ' +
    'Updated At; then (decision 0032) Package and Business Address of the paid order and Payment Flag. format=csv: comma, ISO 8601 dates, English labels. format=excel-tr: UTF-8 BOM, semicolons, ' +
    'dd.MM.yyyy HH:mm (Europe/Istanbul) and Turkish labels. Cells starting with = + - @ or a tab are prefixed with a quote.',
  request: { query: adminFormationExportQuerySchema },
  responses: {
    200: { content: { 'text/csv': { schema: z.string() } }, description: 'The file (attachment, named by date)' },
    400: errorResponses[400],
    ...guarded,
  },
});

const setStatus = adminRoute('formations.edit', {
  method: 'put',
  path: '/{id}/status',
  tags,
  summary: 'Set formation_status to any value (product.md#formation-states); audited as formation.status_changed',
  request: { params: idParams, ...jsonBody(adminFormationStatusSchema) },
  responses: {
    200: jsonResponse(adminFormationResultSchema, 'Saved; the formation as it is now'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: changed by someone else meanwhile'),
    ...guarded,
  },
});

const setCompany = adminRoute('formations.edit', {
  method: 'put',
  path: '/{id}/company',
  tags,
  summary: 'The company as the state approved it: formation date and (optional) state file number; audited',
  description:
    'formedOn: YYYY-MM-DD, a real date from 2000-01-01 to today (UTC). stateFileNumber: letters, digits, spaces and ' +
    'dashes, at most 40; missing, null or blank clears it (PUT replaces both). The status is not changed.',
  request: { params: idParams, ...jsonBody(adminFormationCompanySchema) },
  responses: {
    200: jsonResponse(adminFormationResultSchema, 'Saved; the formation as it is now'),
    400: errorResponses[400],
    404: notFound(),
    ...guarded,
  },
});

const file = adminRoute('formations.read', {
  method: 'get',
  path: '/{id}/file',
  tags,
  summary:
    'The customer file behind a formation: profile, formation, turnkey request, EIN, documents, orders, support, timeline',
  request: { params: idParams },
  responses: { 200: jsonResponse(customerFileResultSchema, 'The file'), 404: notFound(), ...guarded },
});

async function formationView(db: Db, id: string) {
  const row = await findFormationRow(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return toAdminFormation(row);
}

/** The back office's formations screen (product.md#admin-pages "Admin formations"). app.ts mounts it at /api/admin/formations. */
export function formationsAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { rows, total, totalExact } = await listFormations(c.var.deps.database.db, query);
    return c.json(
      { items: rows.map(toAdminFormation), total, totalExact, page: query.page, pageSize: query.pageSize },
      200,
    );
  });

  // Registered before /{id}/… so that no id route ever sees "export.csv".
  router.openapi(exportCsv, (c) => {
    const query = c.req.valid('query');
    const dialect = dialectOf(query.format);
    const stream = csvStream(exportPages(c.var.deps.database.db, query), dialect);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(query.format)}"`);
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    // The typed route expects JSON; a stream body is what this operation documents (text/csv).
    return c.body(stream, 200) as never;
  });

  router.openapi(setStatus, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const { deps } = c.var;
    await setFormationStatus(deps, admin, id, c.req.valid('json').formationStatus);
    return c.json({ formation: await formationView(deps.database.db, id) }, 200);
  });

  router.openapi(setCompany, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    await setFormationCompany(c.var.deps, admin, id, c.req.valid('json'));
    return c.json({ formation: await formationView(c.var.deps.database.db, id) }, 200);
  });

  router.openapi(file, async (c) => {
    const found = await loadCustomerFile(c.var.deps.database.db, c.req.valid('param').id, currentUser(c).role);
    if (!found) throw new ApiError('NOT_FOUND');
    return c.json({ file: toCustomerFile(found) }, 200);
  });

  return router;
}
