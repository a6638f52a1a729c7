import { translate } from '../../../shared/i18n';
import type { AdminFormationExportFormat } from '../../../shared/schemas/admin-formations';
import type { ExportRow } from './admin-formations.service';

/** SPEC §9: the admin CSV's columns, in this order, under these (English) headings. */
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

/** What Excel, LibreOffice and Google Sheets read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a value a spreadsheet would run as a formula gets a leading `'` (shown as text, run as
 * nothing), then RFC 4180 quoting when it holds the separator, a quote, CR or LF (quotes doubled).
 */
export function csvCell(value: string | null | undefined, separator: ',' | ';' = ','): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (text.includes(separator) || /["\r\n]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

const TR_DATE = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd.MM.yyyy HH:mm in Turkey's time, as Excel set to Turkish reads a date. */
export function turkishDate(date: Date): string {
  const parts = Object.fromEntries(TR_DATE.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The paid order's package and address (empty until bought) and the staff flag, in the file's language. */
function purchaseCells(lang: 'tr' | 'en', row: ExportRow): string[] {
  return [
    row.purchasedPackage ? translate(lang, `catalogue.packages.${row.purchasedPackage}.name`) : '',
    row.purchasedAddress ? translate(lang, `catalogue.addressOptions.${row.purchasedAddress}`) : '',
    row.orderFlag ? translate(lang, `catalogue.orderFlags.${row.orderFlag}`) : '',
    row.purchasedTestMode ? 'TEST MODE' : '',
  ];
}

export interface CsvDialect<Row = ExportRow> {
  separator: ',' | ';';
  /** The first bytes of the file: the UTF-8 byte order mark for Excel, else nothing. */
  preamble: string;
  header: string[];
  line: (row: Row) => string[];
}

export function dialectOf(format: AdminFormationExportFormat): CsvDialect {
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

/** One record with its CRLF (RFC 4180). */
export function csvLine(cells: string[], separator: ',' | ';'): string {
  return `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;
}

/** formations-2026-11-23.csv (the UTC date of the export); the Excel variant ends -tr.csv. */
export function exportFileName(format: AdminFormationExportFormat, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return format === 'excel-tr' ? `formations-${day}-tr.csv` : `formations-${day}.csv`;
}

/**
 * The CSV as a byte stream that asks for the next page only when the consumer has taken the last one
 * (a pull source with the default high-water mark of one chunk), so memory holds about one page
 * whatever the number of rows.
 */
export function csvStream<Row = ExportRow>(
  pages: AsyncGenerator<Row[]>,
  dialect: CsvDialect<Row>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(dialect.preamble + csvLine(dialect.header, dialect.separator)));
        return;
      }
      try {
        const next = await pages.next();
        if (next.done) {
          controller.close();
          return;
        }
        let chunk = '';
        for (const row of next.value) chunk += csvLine(dialect.line(row), dialect.separator);
        controller.enqueue(encoder.encode(chunk));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      // The client went away: stop reading pages.
      await pages.return(undefined);
    },
  });
}
