import { z } from '@hono/zod-openapi';
import { watchNotesOn } from '../../../shared/catalogue/fact-checks';
import {
  adminDeadlineExportQuerySchema,
  adminDeadlineListQuerySchema,
  adminDeadlineListSchema,
  customerItemParams,
  markResultSchema,
} from '../../../shared/contracts/compliance';
import { agentRenewalLine } from '../../../shared/domain/renewals';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { type CsvDialect, csvStream } from '../../platform/csv/csv';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { markDone, requireRealItem, unmarkDone } from './compliance.service';
import { type DeadlineRow, deadlinePages, listDeadlines } from './deadlines.service';

const tags = ['admin'];

const list = adminRoute('deadlines.read', {
  method: 'get',
  path: '/deadlines',
  tags,
  summary: 'Upcoming deadlines: every customer with a compliance item due in the next `days` (30/60/90/180)',
  description:
    "Due dates are computed in SQL from each company's formation date, soonest first. Filters: state, rule; q searches " +
    'customer email or name and business name (Turkish letters folded). The total is counted up to 10,000.',
  request: { query: adminDeadlineListQuerySchema },
  responses: {
    200: jsonResponse(adminDeadlineListSchema, 'One page'),
    400: errorResponses[400],
    ...guarded,
  },
});

const exportCsv = adminRoute('deadlines.export', {
  method: 'get',
  path: '/deadlines/export.csv',
  tags,
  summary: "The current filter's deadlines as CSV (all pages), streamed",
  description: 'format=csv: comma, ISO dates, English; format=excel-tr: BOM, semicolons, Turkish.',
  request: { query: adminDeadlineExportQuerySchema },
  responses: {
    200: { content: { 'text/csv': { schema: z.string() } }, description: 'The file (attachment, named by date)' },
    400: errorResponses[400],
    ...guarded,
  },
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

function dialect(format: 'csv' | 'excel-tr'): CsvDialect<DeadlineRow> {
  const lang = format === 'excel-tr' ? 'tr' : 'en';
  const t = (key: string) => translate(lang, `compliance.admin.${key}`);
  const yesNo = (done: boolean) => t(done ? 'csv.yes' : 'csv.no');
  return {
    separator: format === 'excel-tr' ? ';' : ',',
    preamble: format === 'excel-tr' ? '\uFEFF' : '',
    header: ['dueDate', 'daysLeft', 'rule', 'renewal', 'customer', 'email', 'business', 'state', 'done'].map((k) =>
      t(`csv.${k}`),
    ),
    line: (row) => [
      format === 'excel-tr' ? formatCalendarDateLong(row.dueDate, 'tr') : row.dueDate,
      String(row.daysLeft),
      translate(lang, `compliance.rules.${row.ruleId}.name`),
      row.renewal
        ? translate(lang, `renewals.calendar.${agentRenewalLine(row.renewal)}`, {
            date: format === 'excel-tr' ? formatCalendarDateLong(row.renewal.periodEnd, 'tr') : row.renewal.periodEnd,
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

const toView = (row: DeadlineRow) => ({ ...row, itemKey: `${row.ruleId}:${row.dueDate}` });

/** The back office's compliance desk. app.ts mounts it at /api/admin/compliance. */
export function complianceAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const today = serverToday(c.var.deps.env);
    const { rows, total, totalKind } = await listDeadlines(c.var.deps.database.db, query, today);
    // The facts staff must check at their source (decision 0073), on every page of the desk.
    const watchNotes = watchNotesOn(today);
    return c.json(
      { items: rows.map(toView), total, totalKind, page: query.page, pageSize: query.pageSize, watchNotes },
      200,
    );
  });

  router.openapi(exportCsv, (c) => {
    const query = c.req.valid('query');
    const stream = csvStream(
      deadlinePages(c.var.deps.database.db, query, serverToday(c.var.deps.env)),
      dialect(query.format),
    );
    const day = serverToday(c.var.deps.env);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="deadlines-${day}${query.format === 'excel-tr' ? '-tr' : ''}.csv"`,
    );
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(stream, 200) as never;
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
