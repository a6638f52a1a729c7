import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatCount, formatUsd, formatUsdRate } from '../../../../src/shared/catalogue/money';

const LOCALES = [
  ['tr', 'tr-TR'],
  ['en', 'en-US'],
] as const;
// Zero, below and at each grouping step, large amounts, odd cents and negatives.
const CENTS = [0, 5, 99, 100, 999, 1000, 13875, 99999, 100000, 123456, 9999999, 123456789, -1234, -5, -0, 12.5, -12.5];

// The texts are written by hand (decision 0063): they must stay what ICU says for tr-TR and en-US.
describe('amounts and counts as Intl.NumberFormat writes them', () => {
  it('formats dollars from cents in each language', () => {
    expect(formatUsd(13875)).toBe('$138.75');
    expect(formatUsd(13875, 'tr')).toBe('$138,75');
    for (const [lang, locale] of LOCALES) {
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      for (const cents of CENTS) expect(formatUsd(cents, lang), `${cents} ${lang}`).toBe(intl.format(cents / 100));
    }
  });

  it('groups the digits of a count in each language', () => {
    for (const [lang, locale] of LOCALES) {
      for (const n of [0, 7, 999, 1000, 1234, 12345, 123456, 1234567, 1000000, -1234]) {
        expect(formatCount(n, lang), `${n} ${lang}`).toBe(n.toLocaleString(locale));
      }
    }
  });

  it('rounds a fraction as Intl does: half away from zero', () => {
    for (const [lang, locale] of LOCALES) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      for (const n of [-2.5, 2.5, -1.5, 1.5, -1234.5, 1234.5, -0.6, 0.4, 999.5, -999.5, 2.49]) {
        expect(formatCount(n, lang), `${n} ${lang}`).toBe(intl.format(n));
      }
    }
    expect(formatCount(-2.5)).toBe('-3');
    // Intl writes "-0" for a negative that rounds to nothing; a count of nothing is "0".
    expect(formatCount(-0.4)).toBe('0');
  });
});

describe('amounts finer than a cent and rates', () => {
  it('writes them like the amounts, in each language', () => {
    expect(formatUsdRate(0.0002, 'en')).toBe('$0.0002');
    expect(formatUsdRate(0.0002, 'tr')).toBe('$0,0002');
    expect(formatBasisPoints(150, 'en')).toBe('1.5%');
    expect(formatBasisPoints(150, 'tr')).toBe('%1,5');
    expect(formatBasisPoints(1000, 'en')).toBe('10%');
  });
});
