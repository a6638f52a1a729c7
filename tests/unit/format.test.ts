import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CalendarDate,
  formatCalendarDate,
  formatCalendarDateLong,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatInstantUtc,
  formatMonthYear,
  isCalendarDate,
  setReaderClock,
  toCalendarDate,
} from '../../src/shared/format/dates';

/*
 * vitest.config.ts runs this file three times: in the machine's zone (unit), in America/New_York
 * (unit-tz-west) and in Asia/Tokyo (unit-tz-east), so a calendar date read as an instant shows up as the
 * day before (west) or stays hidden (east) — decision 0076.
 */
const expectedZone = process.env.EXPECT_TZ;

// A fixed local time, so the assertions do not depend on the machine's time zone.
const MARCH_4_AFTERNOON = new Date(2025, 2, 4, 15, 5);

describe('the time zone this run was asked for', () => {
  it('is the one the worker formats in, and the suite keeps a run west and east of UTC', () => {
    if (expectedZone) {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(expectedZone);
      expect(new Date(2027, 2, 1).getTimezoneOffset()).not.toBe(0);
    } else {
      // The machine's own run: the two other runs must still be configured, or this file would pass
      // in UTC only and a date read as local midnight would go unseen again.
      const config = readFileSync(path.resolve('vitest.config.ts'), 'utf8');
      expect(config).toContain("['unit-tz-west', 'America/New_York']");
      expect(config).toContain("['unit-tz-east', 'Asia/Tokyo']");
      expect(readFileSync(path.resolve('scripts/test.mjs'), 'utf8')).toMatch(/unit-tz-west[\s\S]*unit-tz-east/);
    }
  });
});

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

describe('calendar dates never shift by a day (decision 0076)', () => {
  // What ICU says for the day itself: the Y/M/D parts as a UTC instant, formatted in UTC.
  const intlDay = (iso: string, locale: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

  it('shows the day the value names, in every month and both languages, whatever the zone', () => {
    for (const [lang, locale] of [
      ['tr', 'tr-TR'],
      ['en', 'en-US'],
    ] as const) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [1, 9, 28]) {
          const iso = `2027-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const short = { month: 'short', day: 'numeric', year: 'numeric' } as const;
          expect(formatCalendarDate(iso, lang), iso).toBe(intlDay(iso, locale, short));
          expect(formatCalendarDateLong(iso, lang), iso).toBe(
            intlDay(iso, locale, { month: 'long', day: 'numeric', year: 'numeric' }),
          );
          expect(formatDayMonth(iso, lang), iso).toBe(intlDay(iso, locale, { month: 'short', day: 'numeric' }));
          expect(formatMonthYear(iso.slice(0, 7), lang), iso).toBe(
            intlDay(iso, locale, { month: 'long', year: 'numeric' }),
          );
        }
      }
    }
  });

  it('shows a filing due on 1 March 2027 as 1 March, not 28 February', () => {
    expect(formatCalendarDate('2027-03-01', 'en')).toBe('Mar 1, 2027');
    expect(formatCalendarDate('2027-03-01', 'tr')).toBe('1 Mar 2027');
    expect(formatCalendarDateLong('2027-01-01', 'en')).toBe('January 1, 2027');
    expect(formatDayMonth('2026-11-23', 'tr')).toBe('23 Kas');
    expect(formatDayMonth('2026-11-23', 'en')).toBe('Nov 23');
    expect(formatMonthYear('2026-11', 'tr')).toBe('Kasım 2026');
    expect(formatMonthYear('2026-11', 'en')).toBe('November 2026');
  });

  it('refuses a date-only value where an instant is expected, instead of guessing its zone', () => {
    expect(() => formatDate('2027-03-01', 'en')).toThrow(TypeError);
    expect(() => formatDateTime('2027-03-01', 'tr')).toThrow(TypeError);
    // @ts-expect-error: a CalendarDate is not an Instant, so the compiler refuses it too.
    expect(() => formatDate(toCalendarDate('2027-03-01'), 'en')).toThrow(TypeError);
  });

  it('refuses an instant or an impossible day where a calendar date is expected', () => {
    expect(() => formatCalendarDate('2027-03-01T00:00:00.000Z', 'en')).toThrow(RangeError);
    expect(() => formatCalendarDate('2027-02-30', 'en')).toThrow(RangeError);
    expect(() => formatDayMonth('11-23', 'en')).toThrow(RangeError);
    expect(() => formatMonthYear('2026-13', 'en')).toThrow(RangeError);
    expect(() => toCalendarDate('2027-3-1')).toThrow(RangeError);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    const day: CalendarDate = toCalendarDate('2027-03-01');
    expect(day).toBe('2027-03-01');
  });
});

describe('dates in mails (decision 0076): one style per language, in UTC whatever the server’s zone', () => {
  it('writes a moment as its UTC day in words and a 24-hour UTC clock', () => {
    const paid = new Date('2027-03-01T02:05:00Z');
    expect(formatInstantUtc(paid, 'tr')).toBe('1 Mart 2027 02:05 UTC');
    expect(formatInstantUtc(paid, 'en')).toBe('March 1, 2027, 02:05 UTC');
    expect(formatInstantUtc('2026-12-31T23:59:00.000Z', 'en')).toBe('December 31, 2026, 23:59 UTC');
    expect(() => formatInstantUtc('2027-03-01', 'en')).toThrow(TypeError);
  });
});

describe("instants written for a reader in another zone (decision 0095, the server's first view)", () => {
  it('read the clock the renderer sets, and this machine’s again once it is unset', () => {
    const instant = new Date(Date.UTC(2026, 2, 31, 23, 30));
    // A reader in UTC+3 is already on April 1st.
    setReaderClock((date) => {
      const shifted = new Date(date.getTime() + 3 * 3600_000);
      return {
        year: shifted.getUTCFullYear(),
        month: shifted.getUTCMonth(),
        day: shifted.getUTCDate(),
        hours: shifted.getUTCHours(),
        minutes: shifted.getUTCMinutes(),
      };
    });
    try {
      expect(formatDate(instant, 'en')).toBe('Apr 1, 2026');
      expect(formatDateTime(instant, 'tr')).toBe('1 Nis 02:30');
    } finally {
      setReaderClock(null);
    }
    const local = new Date(2025, 2, 4, 15, 5);
    expect(formatDateTime(local, 'en')).toBe('Mar 4, 15:05');
  });
});
