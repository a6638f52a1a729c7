import {
  adminDeadlineExportQuerySchema,
  adminDeadlineListQuerySchema,
  adminDeadlineListSchema,
  customerItemParams,
  markResultSchema,
} from '../../../shared/features/compliance/compliance.contracts';
import { agentRenewalLine } from '../../../shared/features/renewals/renewals.domain';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { type ExportFormat, exportLanguage } from '../../../shared/schemas/list-query';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { type CsvColumns, csvExportRoute } from '../../platform/csv/export-route';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { markDone, requireRealItem, unmarkDone } from './compliance.service';
import { type DeadlineRow, deadlineDeskPage, deadlinePages } from './deadlines.service';

const tags = ['admin'];

const list = listRoute('deadlines.read', {
  path: '/deadlines',
  summary: 'Upcoming deadlines: every customer with a compliance item due in the next `days` (30/60/90/180)',
  description:
    "Due dates are computed in SQL from each company's formation date, soonest first. Filters: state, rule; q searches " +
    'customer email or name and business name (Turkish letters folded). The total is counted up to 10,000.',
  query: adminDeadlineListQuerySchema,
  page: adminDeadlineListSchema,
});

const markRoute = (method: 'put' | 'delete') =>
  adminRoute('deadlines.mark', {
    method,
    path: '/customers/{userId}/items/{itemKey}/done',
    tags,
    summary:
      method === 'put'
        ? "Mark a customer's deadline item done (audited as compliance.marked_done)"
        : "Undo a customer's done mark (audited as compliance.unmarked)",
    request: { params: customerItemParams },
    responses: {
      200: jsonResponse(markResultSchema, 'The item as it is now'),
      404: jsonResponse(errorSchema, "NOT_FOUND: not one of the customer's items"),
      ...guarded,
    },
  });

function exportColumns(format: ExportFormat): CsvColumns<DeadlineRow> {
  const lang = exportLanguage(format);
  const t = (key: string) => translate(lang, `compliance.admin.${key}`);
  const yesNo = (done: boolean) => t(done ? 'csv.yes' : 'csv.no');
  return {
    header: ['dueDate', 'daysLeft', 'rule', 'renewal', 'customer', 'email', 'business', 'state', 'done'].map((k) =>
      t(`csv.${k}`),
    ),
    line: (row) => [
      lang === 'tr' ? formatCalendarDateLong(row.dueDate, 'tr') : row.dueDate,
      String(row.daysLeft),
      translate(lang, `compliance.rules.${row.ruleId}.name`),
      row.renewal
        ? translate(lang, `renewals.calendar.${agentRenewalLine(row.renewal)}`, {
            date: lang === 'tr' ? formatCalendarDateLong(row.renewal.periodEnd, 'tr') : row.renewal.periodEnd,
          })
        : '',
      row.customerName ?? '',
      row.customerEmail,
      row.businessName ?? '',
      row.state ?? '',
      yesNo(row.done),
    ],
  };
}

/** The back office's compliance desk. app.ts mounts it at /api/admin/compliance. */
export function complianceAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    return c.json(await deadlineDeskPage(c.var.deps, c.req.valid('query')), 200);
  });

  csvExportRoute(router, {
    permission: 'deadlines.export',
    path: '/deadlines/export.csv',
    summary: "The current filter's deadlines as CSV (all pages), streamed",
    query: adminDeadlineExportQuerySchema,
    name: 'deadlines',
    pages: (c, query) => deadlinePages(c.var.deps.database.db, query, serverToday(c.var.deps.env)),
    columns: exportColumns,
  });

  router.openapi(markRoute('put'), async (c) => {
    const admin = currentUser(c);
    const { userId, itemKey } = c.req.valid('param');
    const { db } = c.var.deps.database;
    await requireRealItem(db, userId, itemKey, serverToday(c.var.deps.env));
    await db.transaction(async (tx) => {
      if (await markDone(tx, userId, itemKey, { id: admin.id, role: 'admin' })) {
        await recordAudit(tx, {
          actorId: admin.id,
          actorRole: 'admin',
          action: 'compliance.marked_done',
          entityType: 'compliance_item',
          entityId: itemKey,
          subjectUserId: userId,
          before: { done: false },
          after: { done: true },
        });
      }
    });
    return c.json({ key: itemKey, done: true }, 200);
  });

  router.openapi(markRoute('delete'), async (c) => {
    const admin = currentUser(c);
    const { userId, itemKey } = c.req.valid('param');
    await c.var.deps.database.db.transaction(async (tx) => {
      if (!(await unmarkDone(tx, userId, itemKey))) throw new ApiError('NOT_FOUND');
      await recordAudit(tx, {
        actorId: admin.id,
        actorRole: 'admin',
        action: 'compliance.unmarked',
        entityType: 'compliance_item',
        entityId: itemKey,
        subjectUserId: userId,
        before: { done: true },
        after: { done: false },
      });
    });
    return c.json({ key: itemKey, done: false }, 200);
  });

  return router;
}
