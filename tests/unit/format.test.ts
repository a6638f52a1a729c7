import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/web/lib/dates';

// A fixed local time, so the assertions do not depend on the machine's time zone.
const MARCH_4_AFTERNOON = new Date(2025, 2, 4, 15, 5);

describe('dates as product.md#display-formats shows them', () => {
  it("formats 'MMM d, yyyy' in each language", () => {
    expect(formatDate(MARCH_4_AFTERNOON, 'en')).toBe('Mar 4, 2025');
    expect(formatDate(MARCH_4_AFTERNOON, 'tr')).toBe('4 Mar 2025');
  });

  it("formats 'MMM d, HH:mm' on a 24-hour clock in each language", () => {
    expect(formatDateTime(MARCH_4_AFTERNOON, 'en')).toBe('Mar 4, 15:05');
    expect(formatDateTime(MARCH_4_AFTERNOON, 'tr')).toBe('4 Mar 15:05');
    expect(formatDateTime(new Date(2025, 0, 9, 0, 7), 'en')).toBe('Jan 9, 00:07');
  });

  // The texts are written by hand (decision 0063): they must stay what ICU says for tr-TR and en-US.
  it('says what Intl.DateTimeFormat says, for every month, a one- and two-digit day and both ends of the clock', () => {
    const intlDate = (lang: string) =>
      new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', year: 'numeric' });
    const intlDateTime = (lang: string) =>
      new Intl.DateTimeFormat(lang, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    for (const [lang, locale] of [
      ['tr', 'tr-TR'],
      ['en', 'en-US'],
    ] as const) {
      for (let month = 0; month < 12; month++) {
        for (const [day, hour, minute] of [
          [1, 0, 0],
          [9, 9, 5],
          [28, 23, 59],
        ]) {
          const date = new Date(2026, month, day, hour, minute);
          expect(formatDate(date, lang)).toBe(intlDate(locale).format(date));
          expect(formatDateTime(date, lang)).toBe(intlDateTime(locale).format(date));
          expect(formatDate(date.toISOString(), lang)).toBe(intlDate(locale).format(date));
        }
      }
    }
  });

  it('gives an empty text for a value that is not a date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime('not a date', 'tr')).toBe('');
  });
});
