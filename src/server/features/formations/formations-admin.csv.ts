import { calendarDateOfUtc } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import type { AdminFormationExportFormat } from '../../../shared/schemas/formations-admin';
import { type CsvDialect, turkishDate } from '../../platform/csv/csv';
import type { ExportRow } from './formations-admin.service';

/** product.md#admin-pages: the admin CSV's columns, in this order, under these (English) headings. */
export const CSV_HEADER = [
  'Business Name',
  'Formation Status',
  'State',
  'Payment Status',
  'Created At',
  'Updated At',
  // Decision 0032: what the paid order bought, and a paid order staff must resolve.
  'Package',
  'Business Address',
  'Payment Flag',
  // Paid through the local TEST MODE checkout: no money moved, never revenue.
  'Test Mode',
];
/** The same columns for the Turkish Excel file. */
export const CSV_HEADER_TR = [
  'Şirket Adı',
  'Kuruluş Durumu',
  'Eyalet',
  'Ödeme Durumu',
  'Oluşturulma Tarihi',
  'Güncellenme Tarihi',
  'Paket',
  'İş Adresi',
  'Ödeme Uyarısı',
  'Test Modu',
];

/** The paid order's package and address (empty until bought) and the staff flag, in the file's language. */
function purchaseCells(lang: 'tr' | 'en', row: ExportRow): string[] {
  return [
    row.purchasedPackage ? translate(lang, `catalogue.packages.${row.purchasedPackage}.name`) : '',
    row.purchasedAddress ? translate(lang, `catalogue.addressOptions.${row.purchasedAddress}`) : '',
    row.orderFlag ? translate(lang, `catalogue.orderFlags.${row.orderFlag}`) : '',
    row.purchasedTestMode ? 'TEST MODE' : '',
  ];
}

export function dialectOf(format: AdminFormationExportFormat): CsvDialect<ExportRow> {
  if (format === 'excel-tr') {
    return {
      separator: ';',
      preamble: '\uFEFF',
      header: CSV_HEADER_TR,
      line: (row) => [
        row.businessName ?? '',
        translate('tr', `catalogue.formationStatus.${row.formationStatus}`),
        row.stateSelected ?? '',
        translate('tr', `catalogue.paymentStatus.${row.paymentStatus}`),
        turkishDate(row.createdAt),
        turkishDate(row.updatedAt),
        ...purchaseCells('tr', row),
      ],
    };
  }
  return {
    separator: ',',
    preamble: '',
    header: CSV_HEADER,
    line: (row) => [
      row.businessName ?? '',
      translate('en', `catalogue.formationStatus.${row.formationStatus}`),
      row.stateSelected ?? '',
      translate('en', `catalogue.paymentStatus.${row.paymentStatus}`),
      row.createdAt.toISOString(),
      row.updatedAt.toISOString(),
      ...purchaseCells('en', row),
    ],
  };
}

/** formations-2026-11-23.csv (the UTC date of the export); the Excel variant ends -tr.csv. */
export function exportFileName(format: AdminFormationExportFormat, now = new Date()): string {
  const day = calendarDateOfUtc(now);
  return format === 'excel-tr' ? `formations-${day}-tr.csv` : `formations-${day}.csv`;
}
