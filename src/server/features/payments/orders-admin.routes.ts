import {
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
} from '../../../shared/features/payments/orders-admin.contracts';
import { translate } from '../../../shared/i18n';
import { type ExportFormat, exportLanguage } from '../../../shared/schemas/list-query';
import { mapPage } from '../../db/paged-list';
import { turkishDate } from '../../platform/csv/csv';
import { type CsvColumns, csvExportRoute } from '../../platform/csv/export-route';
import { listRoute } from '../../platform/http/list-route';
import { createRouter } from '../../platform/http/openapi';
import { type AdminOrderRow, exportOrderPages, listAllOrders } from './orders-admin.service';

const _tags = ['admin'];

const list = listRoute('orders.read', {
  summary: 'Every order, newest first: filtered by status, service or package, TEST MODE; searched by customer',
  query: adminOrderListQuerySchema,
  page: adminOrderListSchema,
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

export function orderExportColumns(format: ExportFormat): CsvColumns<AdminOrderRow> {
  const lang = exportLanguage(format);
  const t = (key: string) => translate(lang, `adminOrders.csv.${key}`);
  const date = (d: Date | null) => (d ? (lang === 'tr' ? turkishDate(d) : d.toISOString()) : '');
  const amount = (cents: number) => {
    const fixed = (cents / 100).toFixed(2);
    return lang === 'tr' ? fixed.replace('.', ',') : fixed;
  };
  return {
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
    return c.json(mapPage(await listAllOrders(c.var.deps.database.db, query), toAdminOrderListItem), 200);
  });
  csvExportRoute(router, {
    permission: 'orders.export',
    summary: 'The filtered orders as CSV, streamed newest first (Turkish amounts with decimal commas)',
    query: adminOrderExportQuerySchema,
    name: 'orders',
    pages: (c, query) => exportOrderPages(c.var.deps.database.db, query),
    columns: orderExportColumns,
  });
  return router;
}
