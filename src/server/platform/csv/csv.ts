/** CSV files for the admin exports: safe cells, RFC 4180 records, and a stream that reads one page at a time. */

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

export interface CsvDialect<Row> {
  separator: ',' | ';';
  /** The first bytes of the file: the UTF-8 byte order mark for Excel, else nothing. */
  preamble: string;
  header: string[];
  line: (row: Row) => string[];
}

/** One record with its CRLF (RFC 4180). */
export function csvLine(cells: string[], separator: ',' | ';'): string {
  return `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;
}

/**
 * The CSV as a byte stream that asks for the next page only when the consumer has taken the last one
 * (a pull source with the default high-water mark of one chunk), so memory holds about one page
 * whatever the number of rows.
 */
export function csvStream<Row>(pages: AsyncGenerator<Row[]>, dialect: CsvDialect<Row>): ReadableStream<Uint8Array> {
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
