import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldTurkish, TURKISH_FROM, TURKISH_TO } from '../../src/shared/domain/search';
import { searchText } from '../support/search-text';

describe('foldTurkish', () => {
  it.each([
    ['İSTANBUL', 'istanbul'],
    ['ISTANBUL', 'istanbul'],
    ['İstanbul', 'istanbul'],
    ['ıstanbul', 'istanbul'],
    ['Şirket', 'sirket'],
    ['ŞİRKET', 'sirket'],
    ['Iğdır', 'igdir'],
    ['ĞÜŞİÖÇ ğüşıöç', 'gusioc gusioc'],
    ['Anadolu Yazılım LLC', 'anadolu yazilim llc'],
    ['ABC xyz 123', 'abc xyz 123'],
  ])('folds %j to %j', (input, folded) => {
    expect(foldTurkish(input)).toBe(folded);
  });

  it('folds decomposed letters and an İ lower-cased by non-Turkish rules like the composed letters', () => {
    expect(foldTurkish('ŞİRKET ÇAĞ ÖĞÜŞ'.normalize('NFD'))).toBe('sirket cag ogus');
    expect(foldTurkish('İSTANBUL'.toLowerCase())).toBe('istanbul');
  });

  it('trims and collapses whitespace, the no-break space included', () => {
    expect(foldTurkish('  Ege \t Şirketler\n\u00a0Grubu  ')).toBe('ege sirketler grubu');
    expect(foldTurkish(' \t\n ')).toBe('');
  });

  it('leaves LIKE wildcards and the escape character alone (escaping them is the query builder’s job)', () => {
    expect(foldTurkish('%100_a\\b')).toBe('%100_a\\b');
  });

  it('ignores case under Turkish and under English rules alike, and Unicode decomposition', () => {
    fc.assert(
      fc.property(searchText(), (s) => {
        const folded = foldTurkish(s);
        expect(foldTurkish(s.toLocaleUpperCase('tr'))).toBe(folded);
        expect(foldTurkish(s.toLocaleLowerCase('tr'))).toBe(folded);
        expect(foldTurkish(s.toUpperCase())).toBe(folded);
        expect(foldTurkish(s.toLowerCase())).toBe(folded);
        expect(foldTurkish(s.normalize('NFD'))).toBe(folded);
      }),
    );
  });

  it('is idempotent and leaves no Turkish letter, upper-case letter or untidy whitespace', () => {
    fc.assert(
      fc.property(searchText(), (s) => {
        const folded = foldTurkish(s);
        expect(foldTurkish(folded)).toBe(folded);
        expect(folded).not.toMatch(/[İIıŞşĞğÜüÖöÇçA-Z\t\n\r\u00a0]|^ | $| {2}/);
        expect(folded).not.toMatch(/\u0307|\u0327|\u0306|\u0308/);
      }),
    );
  });

  it('uses the same letter map as the SQL function fold_tr', () => {
    // The full equality of the two folds is a property test against the database (src/server/db/search.test.ts).
    // Letters first, one to one; the combining marks after them have no counterpart and are deleted.
    expect([...TURKISH_FROM].slice(TURKISH_TO.length)).toEqual(['\u0307', '\u0327', '\u0306', '\u0308']);
    const migration = readFileSync('src/server/db/migrations/0004_turkish_search.sql', 'utf8');
    // The SQL spells the invisible combining marks as \uXXXX escapes of an E'' string.
    const escaped = TURKISH_FROM.replace(
      /[\u0300-\u036f]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(migration).toContain(`translate($1, E'${escaped}', '${TURKISH_TO}')`);
  });
});
