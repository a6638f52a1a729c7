/*
 * Arithmetic on calendar dates ('YYYY-MM-DD'), the one place that adds, counts and compares days
 * (decision 0083). Pure and time-zone free: a date is its year, month and day, computed on UTC midnights
 * so no local clock or daylight-saving change moves a day. Which day is "today" is not decided here: the
 * server's is serverToday (src/server/platform/clock.ts), an instant's day is calendarDateOfUtc
 * (./dates.ts). tests/unit/one-vocabulary.test.ts fails on a second addDays or daysBetween.
 */

/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Its year, month (1-12) and day; a RangeError for anything that is not a real day. */
export function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Round-tripping rejects 2025-02-29 or 2025-13-01 instead of letting Date.UTC roll them over.
  if (isoFromParts(year, month, day) !== toIsoDate(Date.UTC(year, month - 1, day))) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return { year, month, day };
}

export function isoFromParts(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toIsoDate(utcMs: number): IsoDate {
  const d = new Date(utcMs);
  return isoFromParts(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function dayNumber(date: IsoDate): number {
  const { year, month, day } = dateParts(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    dateParts(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return toIsoDate((dayNumber(date) + days) * DAY_MS);
}

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The same month and day in `year`, pulled back to the month's last day when it does not exist there,
 * so a company formed on 29 February has its anniversary on 28 February in common years rather than
 * spilling into March.
 */
export function sameDayInYear(date: IsoDate, year: number): IsoDate {
  const { month, day } = dateParts(date);
  return isoFromParts(year, month, Math.min(day, daysInMonth(year, month)));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function yearOf(date: IsoDate): number {
  return dateParts(date).year;
}
