import {
  auditActorsSchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListSchema,
} from '../../../shared/contracts/audit';
import { isAuditAction } from '../../../shared/domain/audit';
import { auditRowFor } from '../../../shared/domain/audit-readers';
import type { Role } from '../../../shared/domain/roles';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import { serverToday } from '../../platform/clock';
import { type CsvDialect, csvStream, turkishDate } from '../../platform/csv/csv';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { type AuditEventRow, auditActors, exportAuditPages, listAuditEvents } from './audit-admin.service';

const tags = ['admin'];

const list = adminRoute('audit.read', {
  method: 'get',
  path: '/',
  tags,
  summary:
    'The audit trail, newest (or oldest) first: filtered by actor, action, customer (id or search) and date range, paged',
  request: { query: auditListQuerySchema },
  responses: { 200: jsonResponse(auditListSchema, 'One page of audit rows'), 400: errorResponses[400], ...guarded },
});

const actors = adminRoute('audit.read', {
  method: 'get',
  path: '/actors',
  tags,
  summary: 'Everyone who is or was staff, for the actor filter',
  responses: { 200: jsonResponse(auditActorsSchema, 'The actors'), ...guarded },
});

const exportCsv = adminRoute('audit.export', {
  method: 'get',
  path: '/export.csv',
  tags,
  summary:
    'The filtered trail as CSV, streamed. lang=en: comma, ISO 8601 dates, English labels; lang=tr: UTF-8 BOM, semicolons, Turkish dates and labels',
  request: { query: auditExportQuerySchema },
  responses: {
    200: {
      description: 'text/csv; charset=utf-8, as an attachment',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    400: errorResponses[400],
    ...guarded,
  },
});

export function toAuditRow(row: AuditEventRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    actorRole: row.actorRole,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    customer: row.subjectId ? { id: row.subjectId, name: row.subjectName, email: row.subjectEmail } : null,
    before: row.before ?? null,
    after: row.after ?? null,
    network: row.network,
  };
}

/** An action's label in `lang`; a name the catalogue does not know yet shows as itself. */
export function actionLabel(lang: Language, action: string): string {
  return isAuditAction(action) ? translate(lang, `adminAudit.actions.${action}`) : action;
}

function person(name: string | null, email: string | null, id: string | null): string {
  if (!id) return '';
  if (name && email) return `${name} <${email}>`;
  return email ?? name ?? id;
}

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

export function auditExportDialect(lang: Language, reader: Role): CsvDialect<AuditEventRow> {
  const t = (key: string) => translate(lang, `adminAudit.csv.${key}`);
  return {
    separator: lang === 'tr' ? ';' : ',',
    preamble: lang === 'tr' ? '\uFEFF' : '',
    header: ['time', 'actor', 'actorRole', 'action', 'customer', 'entity', 'from', 'to', 'network', 'id'].map((c) =>
      t(`columns.${c}`),
    ),
    line: (stored) => {
      const row = auditRowFor(stored, reader);
      return [
        lang === 'tr' ? turkishDate(row.createdAt) : row.createdAt.toISOString(),
        row.actorId ? person(row.actorName, row.actorEmail, row.actorId) : t('system'),
        row.actorRole ?? '',
        actionLabel(lang, row.action),
        person(row.subjectName, row.subjectEmail, row.subjectId),
        `${row.entityType}:${row.entityId}`,
        json(row.before),
        json(row.after),
        row.network ?? '',
        row.id,
      ];
    },
  };
}

/**
 * /admin/audit: the owner reads the trail (decision 0043). Its rows go through the readers' table like
 * every other view of the trail (decision 0069); audit.read is the widest reader there, so they are whole.
 */
export function auditAdminRoutes() {
  const router = createRouter();
  router.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { rows, total, totalKind } = await listAuditEvents(c.var.deps.database.db, query);
    const reader = currentUser(c).role;
    const items = rows.map((row) => toAuditRow(auditRowFor(row, reader)));
    return c.json({ items, total, totalKind, page: query.page, pageSize: query.pageSize }, 200);
  });
  router.openapi(actors, async (c) => c.json({ actors: await auditActors(c.var.deps.database.db) }, 200));
  router.openapi(exportCsv, (c) => {
    const query = c.req.valid('query');
    const stream = csvStream(
      exportAuditPages(c.var.deps.database.db, query),
      auditExportDialect(query.lang, currentUser(c).role),
    );
    const day = serverToday(c.var.deps.env);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="audit-${day}${query.lang === 'tr' ? '-tr' : ''}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(stream, 200) as never;
  });
  return router;
}
