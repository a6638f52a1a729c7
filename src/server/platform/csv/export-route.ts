import type { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { csvDialect } from '../../../shared/csv';
import type { Permission } from '../../../shared/domain/permissions';
import { type ExportFormat, exportLanguage } from '../../../shared/schemas/list-query';
import { serverToday } from '../clock';
import { adminRoute } from '../http/admin-door';
import type { AppEnv } from '../http/context';
import { errorResponses } from '../http/openapi';
import { guarded } from '../http/route-kit';
import { type CsvDialect, csvStream } from './csv';

/** An export's columns: the header and each row's cells, in the file's language. */
export interface CsvColumns<Row> {
  header: string[];
  line: (row: Row) => string[];
}

/** The one dialect of each export format (src/shared/csv.ts): `excel-tr` with a BOM and `;`, `csv` with `,`. */
export function exportDialect<Row>(format: ExportFormat, columns: CsvColumns<Row>): CsvDialect<Row> {
  return { ...csvDialect(exportLanguage(format)), ...columns };
}

/** `<name>-YYYY-MM-DD.csv` by the server's clock; the Turkish Excel file ends `-tr.csv`. */
export function exportFileName(name: string, format: ExportFormat, day: string): string {
  return `${name}-${day}${format === 'excel-tr' ? '-tr' : ''}.csv`;
}

export interface CsvExportRoute<Q extends z.ZodType<{ format: ExportFormat }>, Row> {
  permission: Permission;
  /** Under the router: the list's own path and `/export.csv` (default: the router's root list). */
  path?: `${string}/export.csv`;
  summary: string;
  /** The list's export query (listQuery(...).export): its filters and `format`. */
  query: Q;
  /** The file's name before its date: `orders` gives orders-2026-11-28.csv. */
  name: string;
  /** The filter's rows, a page at a time. */
  pages: (c: Context<AppEnv>, query: z.output<Q>) => AsyncGenerator<Row[]>;
  /** The columns in the format's language (`c` for who reads them). */
  columns: (format: ExportFormat, c: Context<AppEnv>) => CsvColumns<Row>;
}

/**
 * An admin list's CSV export, `GET <list>/export.csv` (decision 0080): one parameter, `format`, and the
 * one CSV writer's dialect for it; the file streamed a page at a time as an attachment that is never
 * cached. Register it before any `/{id}` route of the same router, so that no id route sees "export.csv".
 */
export function csvExportRoute<Q extends z.ZodType<{ format: ExportFormat }>, Row>(
  router: OpenAPIHono<AppEnv>,
  spec: CsvExportRoute<Q, Row>,
) {
  const route = adminRoute(spec.permission, {
    method: 'get',
    path: spec.path ?? '/export.csv',
    tags: ['admin'],
    summary: `${spec.summary}. format=csv: comma, ISO 8601 dates, English labels; format=excel-tr: UTF-8 BOM, semicolons, Turkish dates and labels`,
    request: { query: spec.query as never as z.ZodObject },
    responses: {
      200: {
        description: 'text/csv; charset=utf-8, as an attachment',
        content: { 'text/csv': { schema: { type: 'string' as const } } },
      },
      400: errorResponses[400],
      ...guarded,
    },
  });
  router.openapi(route, (c) => {
    const query = c.req.valid('query') as z.output<Q>;
    const stream = csvStream(spec.pages(c, query), exportDialect(query.format, spec.columns(query.format, c)));
    const file = exportFileName(spec.name, query.format, serverToday(c.var.deps.env));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${file}"`);
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    // The typed route expects JSON; a stream body is what this operation documents (text/csv).
    return c.body(stream, 200) as never;
  });
}
