import type { Language } from '../i18n/languages';

/*
 * Every date the portal shows, on the web and in mails, in one module with two kinds kept apart
 * (decision 0076):
 * - an instant (a Date or an ISO date-time such as "2026-11-23T14:05:00.000Z"): a moment, shown in the
 *   reader's time zone (formatDate, formatDateTime);
 * - a calendar date (CalendarDate, "2027-03-01"): a day on the US or Turkish calendar (a due date, a
 *   period end, an answer date), the same day in every time zone (formatCalendarDate and friends).
 * Read as an instant, "2027-03-01" is UTC midnight, which a reader west of Greenwich sees as Feb 28; so
 * formatDate refuses a date-only value instead of guessing, and formatCalendarDate never goes through a
 * time zone: it writes the Y/M/D parts it was given.
 *
 * Written out by hand rather than by Intl.DateTimeFormat: a page's first date formatter cost about 85 ms
 * of main thread on Lighthouse's phone (ICU building its date patterns), decision 0063. The texts are
 * ICU's for tr-TR and en-US; tests/unit/format.test.ts compares them with Intl for every month, in a time
 * zone west and one east of UTC (vitest.config.ts: unit-tz-west, unit-tz-east).
 */

/** A day on the calendar, 'YYYY-MM-DD'. Made only by toCalendarDate/isCalendarDate. */
export type CalendarDate = string & { readonly __calendarDate: true };

/** A moment: a Date or an ISO date-time string; never a CalendarDate (the type refuses one). */
export type Instant = Date | (string & { readonly __calendarDate?: never });

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

function calendarParts(value: string): { year: number; month: number; day: number } | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls Feb 30 over into March; a real day survives the round trip.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && calendarParts(value) !== null;
}

/** The parser that makes a CalendarDate; a RangeError for anything else (an instant, "2027-02-30"). */
export function toCalendarDate(value: string): CalendarDate {
  if (!isCalendarDate(value)) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${value}`);
  return value;
}

/** An instant's calendar date in UTC (the server's days, decision 0076). */
export function calendarDateOfUtc(instant: Date): CalendarDate {
  return instant.toISOString().slice(0, 10) as CalendarDate;
}

/**
 * Today's calendar date in UTC by this machine's clock: the browser's (a form's default, a hint) and the
 * shared checks'. The server's "today" is serverToday (src/server/platform/clock.ts), which a test can
 * move; server code never calls this without an instant (decision 0083, tests/unit/one-vocabulary.test.ts).
 */
export function todayUtc(now: Date = new Date()): CalendarDate {
  return calendarDateOfUtc(now);
}

const SHORT_MONTHS: Record<Language, readonly string[]> = {
  tr: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

const LONG_MONTHS: Record<Language, readonly string[]> = {
  tr: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "4 Mar" in Turkish, "Mar 4" in English. */
function dayAndMonth(day: number, month: number, lang: Language): string {
  const name = SHORT_MONTHS[lang][month];
  return lang === 'tr' ? `${day} ${name}` : `${name} ${day}`;
}

function withYear(dayMonth: string, year: number, lang: Language): string {
  return `${dayMonth}${lang === 'tr' ? ' ' : ', '}${year}`;
}

function asInstant(value: Instant): Date | null {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    // The class of bug this module exists for: a due date read as local midnight shows the day before
    // west of UTC. Fail loudly, in tests and in development, rather than show a wrong day.
    throw new TypeError(`a calendar date is not an instant; use formatCalendarDate: ${value}`);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant's day and time on the reader's clock (month 0–11). */
export interface ClockReading {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

const thisMachine = (date: Date): ClockReading => ({
  year: date.getFullYear(),
  month: date.getMonth(),
  day: date.getDate(),
  hours: date.getHours(),
  minutes: date.getMinutes(),
});

let readClock: (date: Date) => ClockReading = thisMachine;

/**
 * For a renderer writing for a reader in another time zone: the server's first view of a signed-in page
 * (decision 0095) reads instants on the zone the browser told it, so both sides write the same text.
 * Null goes back to this machine's clock.
 */
export function setReaderClock(read: ((date: Date) => ClockReading) | null): void {
  readClock = read ?? thisMachine;
}

/** An instant as 'MMM d, yyyy' in the reader's time zone (product.md#display-formats): "Mar 4, 2025", "4 Mar 2025". */
export function formatDate(value: Instant, lang: Language): string {
  const date = asInstant(value);
  if (!date) return '';
  const { year, month, day } = readClock(date);
  return withYear(dayAndMonth(day, month, lang), year, lang);
}

/** An instant as 'MMM d, HH:mm' on a 24-hour clock: "Mar 4, 15:05", "4 Mar 15:05". */
export function formatDateTime(value: Instant, lang: Language): string {
  const date = asInstant(value);
  if (!date) return '';
  const { month, day, hours, minutes } = readClock(date);
  const time = `${twoDigits(hours)}:${twoDigits(minutes)}`;
  return `${dayAndMonth(day, month, lang)}${lang === 'tr' ? ' ' : ', '}${time}`;
}

function partsOrThrow(value: CalendarDate | string) {
  const parts = calendarParts(value);
  // An instant handed in here would lose its time zone silently; refuse it like a wrong type.
  if (!parts) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${value}`);
  return parts;
}

/**
 * A calendar date as 'MMM d, yyyy' ("Mar 1, 2027", "1 Mar 2027"), the same day in every time zone.
 * Takes only 'YYYY-MM-DD' (a RangeError otherwise). The `string` in the type is for the contracts'
 * fields, which calendarDate() checks where they cross the API.
 */
export function formatCalendarDate(value: CalendarDate | string, lang: Language): string {
  const { year, month, day } = partsOrThrow(value);
  return withYear(dayAndMonth(day, month - 1, lang), year, lang);
}

/** A calendar date in words, for sentences and mails: "1 Mart 2027", "March 1, 2027". */
export function formatCalendarDateLong(value: CalendarDate | string, lang: Language): string {
  const { year, month, day } = partsOrThrow(value);
  const name = LONG_MONTHS[lang][month - 1];
  return lang === 'tr' ? `${day} ${name} ${year}` : `${name} ${day}, ${year}`;
}

/** A calendar date without its year, for a short list: "23 Kas", "Nov 23". */
export function formatDayMonth(value: CalendarDate | string, lang: Language): string {
  const { month, day } = partsOrThrow(value);
  return dayAndMonth(day, month - 1, lang);
}

/** A calendar month 'YYYY-MM' in words: "Kasım 2026", "November 2026". */
export function formatMonthYear(value: string, lang: Language): string {
  const match = MONTH.exec(value);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new RangeError(`not a month (YYYY-MM): ${value}`);
  return `${LONG_MONTHS[lang][month - 1]} ${match[1]}`;
}

/**
 * An instant for a mail or a document, which has no reader's zone: the UTC day in words and a 24-hour
 * clock, marked UTC ("1 Mart 2027 15:05 UTC", "March 1, 2027, 15:05 UTC").
 */
export function formatInstantUtc(value: Instant, lang: Language): string {
  const date = asInstant(value);
  if (!date) return '';
  const time = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
  return `${formatCalendarDateLong(calendarDateOfUtc(date), lang)}${lang === 'tr' ? ' ' : ', '}${time}`;
}
