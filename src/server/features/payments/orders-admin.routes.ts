import {
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
} from '../../../shared/contracts/orders-admin';
import { translate } from '../../../shared/i18n';
import { serverToday } from '../../platform/clock';
import { type CsvDialect, csvStream, turkishDate } from '../../platform/csv/csv';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import { type AdminOrderRow, exportOrderPages, listAllOrders } from './orders-admin.service';

const tags = ['admin'];

const list = adminRoute('orders.read', {
  method: 'get',
  path: '/',
  tags,
  summary: 'Every order, newest first: filtered by status, service or package, TEST MODE; searched by customer',
  request: { query: adminOrderListQuerySchema },
  responses: { 200: jsonResponse(adminOrderListSchema, 'One page of orders'), 400: errorResponses[400], ...guarded },
});

const exportCsv = adminRoute('orders.export', {
  method: 'get',
  path: '/export.csv',
  tags,
  summary:
    'The filtered orders as CSV, streamed newest first. format=csv: comma, ISO 8601 dates, English labels; format=excel-tr: UTF-8 BOM, semicolons, Turkish dates, labels and decimal commas',
  request: { query: adminOrderExportQuerySchema },
  responses: {
    200: {
      description: 'text/csv; charset=utf-8, as an attachment',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    400: errorResponses[400],
    ...guarded,
  },
});

export function toAdminOrderListItem(row: AdminOrderRow) {
  return {
    id: row.id,
    userId: row.userId,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    kind: row.kind,
    serviceId: row.serviceId,
    packageId: row.packageId as 'formation_only' | 'formation_with_payment' | null,
    title: row.title,
    titleEn: row.titleEn,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    testMode: row.provider === 'local',
    flag: row.flag,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** What was bought, in the file's language: the package's name, or the service's title at purchase. */
function itemName(row: AdminOrderRow, lang: 'tr' | 'en'): string {
  if (row.packageId) return translate(lang, `catalogue.packages.${row.packageId}.name`);
  return (lang === 'en' ? row.titleEn || row.title : row.title) ?? '';
}

export function orderExportDialect(format: 'csv' | 'excel-tr'): CsvDialect<AdminOrderRow> {
  const lang = format === 'excel-tr' ? 'tr' : 'en';
  const t = (key: string) => translate(lang, `adminOrders.csv.${key}`);
  const date = (d: Date | null) => (d ? (lang === 'tr' ? turkishDate(d) : d.toISOString()) : '');
  const amount = (cents: number) => {
    const fixed = (cents / 100).toFixed(2);
    return lang === 'tr' ? fixed.replace('.', ',') : fixed;
  };
  return {
    separator: lang === 'tr' ? ';' : ',',
    preamble: lang === 'tr' ? '\uFEFF' : '',
    header: [
      'created',
      'email',
      'name',
      'item',
      'amount',
      'currency',
      'status',
      'testMode',
      'flag',
      'paidAt',
      'id',
    ].map((column) => t(`columns.${column}`)),
    line: (row) => [
      date(row.createdAt),
      row.customerEmail,
      row.customerName ?? '',
      itemName(row, lang),
      amount(row.amountCents),
      row.currency.toUpperCase(),
      translate(lang, `payments.status.${row.status}`),
      row.provider === 'local' ? 'TEST MODE' : '',
      row.flag ? translate(lang, `catalogue.orderFlags.${row.flag}`) : '',
      date(row.paidAt),
      row.id,
    ],
  };
}

/** /admin/orders: every order, read-only (decision 0040's proof of the shape). */
export function ordersAdminRoutes() {
  const router = createRouter();
  router.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { rows, total, totalKind } = await listAllOrders(c.var.deps.database.db, query);
    return c.json(
      { items: rows.map(toAdminOrderListItem), total, totalKind, page: query.page, pageSize: query.pageSize },
      200,
    );
  });
  router.openapi(exportCsv, (c) => {
    const query = c.req.valid('query');
    const stream = csvStream(exportOrderPages(c.var.deps.database.db, query), orderExportDialect(query.format));
    const day = serverToday(c.var.deps.env);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="orders-${day}${query.format === 'excel-tr' ? '-tr' : ''}.csv"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.body(stream, 200) as never;
  });
  return router;
}
