import type { Role } from '../../../shared/domain/roles';
import {
  auditActorsSchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListSchema,
} from '../../../shared/features/audit/audit.contracts';
import { isAuditAction } from '../../../shared/features/audit/audit.domain';
import { auditRowFor } from '../../../shared/features/audit/audit-readers.domain';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import { type ExportFormat, exportLanguage } from '../../../shared/schemas/list-query';
import { turkishDate } from '../../platform/csv/csv';
import { type CsvColumns, csvExportRoute } from '../../platform/csv/export-route';
import { adminRoute } from '../../platform/http/admin-door';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { type AuditEventRow, auditActors, auditTrailPage, exportAuditPages } from './audit-admin.service';

const tags = ['admin'];

const list = listRoute('audit.read', {
  summary:
    'The audit trail, newest (or oldest) first: filtered by actor, action, customer (id or search) and date range, paged',
  query: auditListQuerySchema,
  page: auditListSchema,
});

const actors = adminRoute('audit.read', {
  method: 'get',
  path: '/actors',
  tags,
  summary: 'Everyone who is or was staff, for the actor filter',
  responses: { 200: jsonResponse(auditActorsSchema, 'The actors'), ...guarded },
});

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

export function auditExportColumns(format: ExportFormat, reader: Role): CsvColumns<AuditEventRow> {
  const lang = exportLanguage(format);
  const t = (key: string) => translate(lang, `adminAudit.csv.${key}`);
  return {
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
    return c.json(await auditTrailPage(c.var.deps.database.db, c.req.valid('query'), currentUser(c).role), 200);
  });
  router.openapi(actors, async (c) => c.json({ actors: await auditActors(c.var.deps.database.db) }, 200));
  csvExportRoute(router, {
    permission: 'audit.export',
    summary: 'The filtered trail as CSV, streamed, each row cut to what the reader may see',
    query: auditExportQuerySchema,
    name: 'audit',
    pages: (c, query) => exportAuditPages(c.var.deps.database.db, query),
    columns: (format, c) => auditExportColumns(format, currentUser(c).role),
  });
  return router;
}
