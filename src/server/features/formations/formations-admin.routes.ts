import type { z } from '@hono/zod-openapi';
import {
  adminFormationCompanySchema,
  adminFormationExportQuerySchema,
  adminFormationListQuerySchema,
  adminFormationListSchema,
  adminFormationResultSchema,
  adminFormationStatusSchema,
  customerFileResultSchema,
} from '../../../shared/features/formations/formations-admin.contracts';
import type { Db } from '../../db/client';
import { mapPage } from '../../db/paged-list';
import type { AppDeps } from '../../deps';
import { csvExportRoute } from '../../platform/csv/export-route';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { loadCustomerFile } from './customer-file.service';
import { setFormationCompany } from './formation-company.service';
import { formationExportColumns } from './formations-admin.csv';
import { toAdminFormation, toCustomerFile } from './formations-admin.mapper';
import { exportPages, findFormationRow, listFormations, setFormationStatus } from './formations-admin.service';

const tags = ['admin'];

const list = listRoute('formations.read', {
  summary: 'Formations: paged, filtered by formation_status and payment_status, searched, sorted',
  description:
    'q matches business name, customer email or name and state (Turkish letters folded), or a formation or user id ' +
    'exactly. sort: created or updated date either way, the id breaking ties. total is counted exactly up to ' +
    '10,000 rows (totalKind says how it was counted).',
  query: adminFormationListQuerySchema,
  page: adminFormationListSchema,
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

/** The list's page as the route answers it; a desk's first view reads it into the boot data too (decision 0104). */
export async function formationDeskPage(
  deps: Pick<AppDeps, 'database'>,
  query: z.output<typeof adminFormationListQuerySchema>,
) {
  return mapPage(await listFormations(deps.database.db, query), toAdminFormation);
}

/** The back office's formations screen (product.md#admin-pages "Admin formations"). app.ts mounts it at /api/admin/formations. */
export function formationsAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    return c.json(await formationDeskPage(c.var.deps, c.req.valid('query')), 200);
  });

  // Registered before /{id}/… so that no id route ever sees "export.csv".
  csvExportRoute(router, {
    permission: 'formations.export',
    summary:
      "The current filter's formations as CSV (all pages), streamed. Columns (product.md#admin-pages): Business Name, " +
      'Formation Status, State, Payment Status, Created At, Updated At; then (decision 0032) Package and Business ' +
      'Address of the paid order, Payment Flag and Test Mode',
    query: adminFormationExportQuerySchema,
    name: 'formations',
    pages: (c, query) => exportPages(c.var.deps.database.db, query),
    columns: formationExportColumns,
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
