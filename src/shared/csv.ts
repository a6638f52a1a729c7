/**
 * The one CSV writer (decision 0075): every export, the server's streamed lists and the home's panel
 * tables alike, writes its cells and records here.
 *
 * A file is opened by a spreadsheet whose separator may not be the file's: Excel set to Turkish splits
 * a comma file on `;`, and one set to English splits a semicolon file on `,`. So a cell is quoted when it
 * holds either separator (or a quote or line break), whatever the file's own, and a formula is guarded
 * not only at the cell's start but after every separator and line break inside it: the piece a
 * spreadsheet might take as a cell of its own never starts one.
 */

export type CsvSeparator = ',' | ';';

/** What Excel, LibreOffice and Google Sheets read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula start right after a separator or line break inside a cell (spaces between count as nothing). */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][ ]*)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[,;"\r\n]/;

/**
 * One cell. Text a spreadsheet would run as a formula gets a `'` in front (shown as text, run as
 * nothing), at the start and after each separator; then RFC 4180 quoting (quotes doubled). A number
 * is written as its digits: it cannot be a formula, and a guarded `-5` would no longer be a number.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF (RFC 4180). */
export function csvLine(cells: readonly (string | number | null | undefined)[], separator: CsvSeparator): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}

/** The admin exports' two dialects: English with commas; Turkish with a byte-order mark and `;` for Excel in Turkey. */
export function csvDialect(lang: 'tr' | 'en'): { separator: CsvSeparator; preamble: string } {
  return lang === 'tr' ? { separator: ';', preamble: '\uFEFF' } : { separator: ',', preamble: '' };
}

/** A whole file held in memory (a panel's table): the dialect's preamble, the header, the rows. */
export function csvDocument(
  lang: 'tr' | 'en',
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const { separator, preamble } = csvDialect(lang);
  return preamble + [header, ...rows].map((r) => csvLine(r, separator)).join('');
}
