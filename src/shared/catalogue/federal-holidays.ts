/**
 * The federal due-date rule (decision 0050): a federal due date that falls on a Saturday, a Sunday or a
 * legal holiday moves to the next business day (26 U.S.C. 7503). The legal holidays are the federal ones
 * of 5 U.S.C. 6103 plus the District of Columbia's own: Emancipation Day (16 April), which the IRS observes
 * (it moved the 2022 deadline from Friday 15 April to Monday 18 April), and Inauguration Day (20 January
 * every fourth year, D.C. Code § 28-2701; fact check 8a). Computed from their rules, so no year runs
 * out. Pure and time-zone free: dates are 'YYYY-MM-DD'. The same list counts the business days of the EIN
 * desk's overdue rule. The EIN follow-ups migration repeats it in SQL (federal_holiday, federal_due_date); the
 * compliance schedule test compares both.
 */

import {
  addDays,
  daysBetween,
  daysInMonth,
  type IsoDate,
  isoFromParts,
  weekdayOf,
  yearOf,
} from '../format/calendar-days';

export const FEDERAL_HOLIDAY_SOURCES = [
  { url: 'https://www.opm.gov/policy-data-oversight/pay-leave/federal-holidays/', checked: '2026-11-26' },
  { url: 'https://www.law.cornell.edu/uscode/text/5/6103', checked: '2026-11-26' },
  { url: 'https://www.law.cornell.edu/uscode/text/26/7503', checked: '2026-11-26' },
  { url: 'https://www.irs.gov/newsroom/tax-day-for-individuals-extended-to-april-18', checked: '2026-11-26' },
  { url: 'https://code.dccouncil.gov/us/dc/council/code/sections/28-2701', checked: '2026-11-28' },
] as const;

export type FederalHolidayId =
  | 'new_years_day'
  | 'inauguration_day'
  | 'martin_luther_king_day'
  | 'washingtons_birthday'
  | 'dc_emancipation_day'
  | 'memorial_day'
  | 'juneteenth'
  | 'independence_day'
  | 'labor_day'
  | 'columbus_day'
  | 'veterans_day'
  | 'thanksgiving_day'
  | 'christmas_day';

type HolidayRule =
  | {
      id: FederalHolidayId;
      kind: 'fixed';
      month: number;
      day: number;
      since?: number;
      /** Only in years `since` + 4n. */
      everyFourYears?: boolean;
      /** A Saturday one is not moved to the Friday (only a Sunday one to the Monday). */
      saturdayStays?: boolean;
    }
  /** The nth (1-4) weekday of the month, or the last one (n = -1); weekday 0 = Sunday. */
  | { id: FederalHolidayId; kind: 'nth_weekday'; month: number; weekday: number; n: number };

export const FEDERAL_HOLIDAY_RULES: readonly HolidayRule[] = [
  { id: 'new_years_day', kind: 'fixed', month: 1, day: 1 },
  // A District of Columbia legal holiday every fourth year (D.C. Code § 28-2701, as 5 U.S.C. 6103(c)
  // counts it from 1965). § 28-2701 moves a Saturday holiday to the Friday "other than the day of the
  // inauguration", and a Sunday one to the Monday: Saturday 20 January 2029 moves nothing.
  { id: 'inauguration_day', kind: 'fixed', month: 1, day: 20, since: 1965, everyFourYears: true, saturdayStays: true },
  { id: 'martin_luther_king_day', kind: 'nth_weekday', month: 1, weekday: 1, n: 3 },
  { id: 'washingtons_birthday', kind: 'nth_weekday', month: 2, weekday: 1, n: 3 },
  // A District of Columbia holiday; the IRS keeps it because its deadlines follow DC's legal holidays.
  { id: 'dc_emancipation_day', kind: 'fixed', month: 4, day: 16, since: 2005 },
  { id: 'memorial_day', kind: 'nth_weekday', month: 5, weekday: 1, n: -1 },
  { id: 'juneteenth', kind: 'fixed', month: 6, day: 19, since: 2021 },
  { id: 'independence_day', kind: 'fixed', month: 7, day: 4 },
  { id: 'labor_day', kind: 'nth_weekday', month: 9, weekday: 1, n: 1 },
  { id: 'columbus_day', kind: 'nth_weekday', month: 10, weekday: 1, n: 2 },
  { id: 'veterans_day', kind: 'fixed', month: 11, day: 11 },
  { id: 'thanksgiving_day', kind: 'nth_weekday', month: 11, weekday: 4, n: 4 },
  { id: 'christmas_day', kind: 'fixed', month: 12, day: 25 },
];

function nthWeekday(year: number, month: number, weekday: number, n: number): IsoDate {
  if (n > 0) {
    const first = weekdayOf(isoFromParts(year, month, 1));
    return isoFromParts(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = daysInMonth(year, month);
  const last = weekdayOf(isoFromParts(year, month, lastDay));
  return isoFromParts(year, month, lastDay - ((last - weekday + 7) % 7));
}

/**
 * A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after
 * (5 U.S.C. 6103(b), and DC's own rule for Emancipation Day). New Year's Day on a Saturday is thus
 * observed on 31 December of the year before.
 */
function observed(date: IsoDate, saturdayStays = false): IsoDate {
  const weekday = weekdayOf(date);
  if (weekday === 6) return saturdayStays ? date : addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

export interface FederalHoliday {
  id: FederalHolidayId;
  /** The holiday itself. */
  date: IsoDate;
  /** The weekday it is kept on (the same day unless it falls on a weekend). */
  observed: IsoDate;
}

/** The holidays of `year` by their own date, in calendar order. */
export function federalHolidaysOf(year: number): FederalHoliday[] {
  return FEDERAL_HOLIDAY_RULES.flatMap((rule) => {
    if (rule.kind === 'fixed') {
      if (rule.since !== undefined && year < rule.since) return [];
      if (rule.everyFourYears && (year - (rule.since ?? 0)) % 4 !== 0) return [];
      const date = isoFromParts(year, rule.month, rule.day);
      return [{ id: rule.id, date, observed: observed(date, rule.saturdayStays) }];
    }
    const date = nthWeekday(year, rule.month, rule.weekday, rule.n);
    return [{ id: rule.id, date, observed: date }];
  });
}

/**
 * Each year's holiday dates, own and observed, worked out once: a count of business days over a letter's
 * two years asked for every day's year again (the mail desk's "waiting" page took 90 ms for its twenty
 * rows at a million customers). A year's rules never change while the process runs.
 */
const holidayDatesByYear = new Map<number, ReadonlySet<string>>();

function holidayDatesOf(year: number): ReadonlySet<string> {
  let dates = holidayDatesByYear.get(year);
  if (!dates) {
    dates = new Set(federalHolidaysOf(year).flatMap((h) => [h.date, h.observed]));
    holidayDatesByYear.set(year, dates);
  }
  return dates;
}

/** Whether `date` is a legal holiday: a holiday's own date or the weekday it is observed on. */
export function isFederalHoliday(date: IsoDate): boolean {
  const year = Number(date.slice(0, 4));
  // 31 December can be the observed New Year's Day of the next year.
  return holidayDatesOf(year).has(date) || holidayDatesOf(year + 1).has(date);
}

export function isFederalBusinessDay(date: IsoDate): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !isFederalHoliday(date);
}

/** The due-date rule: `date` itself when it is a business day, else the next business day. */
export function federalDueDate(date: IsoDate): IsoDate {
  let day = date;
  while (!isFederalBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The business day `count` business days before `today`, counting `today` itself when it is one
 * (count 1 on a business day is today). Something that started before this day has been waiting at
 * least `count` business days (the EIN desk's overdue rule).
 */
export function businessDaysBack(today: IsoDate, count: number): IsoDate {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Bad business day count: ${count}`);
  let day = today;
  let seen = 0;
  for (;;) {
    if (isFederalBusinessDay(day)) {
      seen++;
      if (seen === count) return day;
    }
    day = addDays(day, -1);
  }
}

/** Business days after `from` up to and including `to` (0 when `to` is not later). */
export function businessDaysBetween(from: IsoDate, to: IsoDate): number {
  const days = daysBetween(from, to);
  if (days <= 0) return 0;
  // The weekdays among the days after `from` (whole weeks at five each, then the days left one by one),
  // less the holidays that fall on one of them: a day-by-day walk over a letter's two years took 1-2
  // microseconds a day, milliseconds a row on the mail desk.
  let weekdays = Math.floor(days / 7) * 5;
  const start = weekdayOf(from);
  for (let i = 1; i <= days % 7; i++) {
    const weekday = (start + i) % 7;
    if (weekday !== 0 && weekday !== 6) weekdays++;
  }
  const holidays = new Set<string>();
  for (let year = yearOf(from); year <= yearOf(to) + 1; year++) {
    for (const day of holidayDatesOf(year)) {
      if (day > from && day <= to && weekdayOf(day) !== 0 && weekdayOf(day) !== 6) holidays.add(day);
    }
  }
  return weekdays - holidays.size;
}
