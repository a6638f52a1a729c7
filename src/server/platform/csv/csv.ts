import { type CsvSeparator, csvLine } from '../../../shared/csv';

/**
 * CSV files for the admin exports: a stream that reads one page at a time, written by the one CSV
 * writer (src/shared/csv.ts, decision 0075), which the home's panel tables use too.
 */
export { csvCell, csvLine } from '../../../shared/csv';

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
  separator: CsvSeparator;
  /** The first bytes of the file: the UTF-8 byte order mark for Excel, else nothing. */
  preamble: string;
  header: string[];
  line: (row: Row) => string[];
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
