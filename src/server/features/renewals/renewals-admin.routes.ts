import { and, eq, isNull } from 'drizzle-orm';
import { okSchema } from '../../../shared/contracts/common';
import {
  completeTaskSchema,
  customerSubscriptionsParams,
  type RenewalDeskRow,
  renewalDeskExportQuerySchema,
  renewalDeskListSchema,
  renewalDeskQuerySchema,
  renewalSummarySchema,
  renewalTaskListSchema,
  renewalTaskQuerySchema,
  subscriptionListSchema,
  taskIdParams,
} from '../../../shared/features/renewals/renewals.contracts';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { type ExportFormat, exportLanguage } from '../../../shared/schemas/list-query';
import { renewalTasks } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { turkishDate } from '../../platform/csv/csv';
import { type CsvColumns, csvExportRoute } from '../../platform/csv/export-route';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { subscriptionViews } from './renewals.service';
import { listRenewalDesk, listRenewalTasks, renewalDeskPages, renewalSummary } from './renewals-admin.service';

const tags = ['admin'];

const list = listRoute('renewals.read', {
  summary: 'The renewals desk: subscriptions due in the next N days, in grace, lapsed, or cancelled this month',
  description:
    'Filtered by product; q searches the customer (email, names, Turkish letters folded, or exact id); sorted by period end; paged in SQL.',
  query: renewalDeskQuerySchema,
  page: renewalDeskListSchema,
});

const summary = adminRoute('renewals.read', {
  method: 'get',
  path: '/summary',
  tags,
  summary: "The desk's counts: each view, open tasks, and the cancellation reasons",
  responses: { 200: jsonResponse(renewalSummarySchema, 'The counts'), ...guarded },
});

const tasks = adminRoute('renewals.read', {
  method: 'get',
  path: '/tasks',
  tags,
  summary: 'Operations\' lapsed-agent tasks ("resign as agent / notify the state"): open, or done',
  request: { query: renewalTaskQuerySchema },
  responses: { 200: jsonResponse(renewalTaskListSchema, 'The tasks'), 400: errorResponses[400], ...guarded },
});

const completeTask = adminRoute('renewals.manage', {
  method: 'post',
  path: '/tasks/{id}/done',
  tags,
  summary: 'Marks a lapsed-agent task done, with the day it was done and a note (audited)',
  request: { params: taskIdParams, ...jsonBody(completeTaskSchema) },
  responses: {
    200: jsonResponse(okSchema, 'Done'),
    400: errorResponses[400],
    404: jsonResponse(errorSchema, 'NOT_FOUND: no such open task'),
    ...guarded,
  },
});

const customerSubscriptions = adminRoute('renewals.read', {
  method: 'get',
  path: '/customers/{userId}',
  tags,
  summary: "A customer's subscriptions with their receipts and history, for the customer file",
  request: { params: customerSubscriptionsParams },
  responses: { 200: jsonResponse(subscriptionListSchema, 'The subscriptions'), 400: errorResponses[400], ...guarded },
});

function exportColumns(format: ExportFormat): CsvColumns<RenewalDeskRow> {
  const lang = exportLanguage(format);
  const t = (key: string) => translate(lang, `renewals.${key}`);
  const amount = (cents: number) => {
    const fixed = (cents / 100).toFixed(2);
    return lang === 'tr' ? fixed.replace('.', ',') : fixed;
  };
  return {
    header: [
      'periodEnd',
      'daysLeft',
      'product',
      'status',
      'customer',
      'email',
      'business',
      'price',
      'cancelledAt',
      'reason',
      'id',
    ].map((k) => t(`desk.csv.${k}`)),
    line: (row) => [
      lang === 'tr' ? formatCalendarDateLong(row.periodEnd, 'tr') : row.periodEnd,
      String(row.daysLeft),
      t(`products.${row.product}`),
      t(`status.${row.status}`),
      row.customerName ?? '',
      row.customerEmail,
      row.businessName ?? '',
      amount(row.priceCents),
      row.cancelledAt ? (lang === 'tr' ? turkishDate(new Date(row.cancelledAt)) : row.cancelledAt) : '',
      row.cancelReason ? t(`reasons.${row.cancelReason}`) : '',
      row.id,
    ],
  };
}

/** The renewals desk. app.ts mounts it at /api/admin/renewals. */
export function renewalsAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) =>
    c.json(await listRenewalDesk(c.var.deps.database.db, c.req.valid('query'), serverToday(c.var.deps.env)), 200),
  );

  router.openapi(summary, async (c) =>
    c.json(await renewalSummary(c.var.deps.database.db, serverToday(c.var.deps.env)), 200),
  );

  csvExportRoute(router, {
    permission: 'renewals.export',
    summary: "The view's subscriptions as CSV (all pages), streamed",
    query: renewalDeskExportQuerySchema,
    name: 'renewals',
    pages: (c, query) => renewalDeskPages(c.var.deps.database.db, query, serverToday(c.var.deps.env)),
    columns: exportColumns,
  });

  router.openapi(tasks, async (c) =>
    c.json({ tasks: await listRenewalTasks(c.var.deps.database.db, c.req.valid('query').open === 'true') }, 200),
  );

  router.openapi(completeTask, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const { doneOn, note } = c.req.valid('json');
    await c.var.deps.database.db.transaction(async (tx) => {
      const [done] = await tx
        .update(renewalTasks)
        .set({ doneOn, note, doneBy: admin.id })
        .where(and(eq(renewalTasks.id, id), isNull(renewalTasks.doneOn)))
        .returning();
      if (!done) throw new ApiError('NOT_FOUND');
      await recordAudit(tx, {
        actorId: admin.id,
        actorRole: admin.role,
        action: 'renewal_task.done',
        entityType: 'renewal_task',
        entityId: done.id,
        subjectUserId: done.userId,
        after: { doneOn, note },
      });
    });
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(customerSubscriptions, async (c) => {
    const today = serverToday(c.var.deps.env);
    const subs = await subscriptionViews(c.var.deps.database.db, c.req.valid('param').userId, today);
    return c.json({ today, subscriptions: subs }, 200);
  });

  return router;
}
