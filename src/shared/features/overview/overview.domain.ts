import { csvDocument } from '../../csv';
import type { Permission } from '../../domain/permissions';
import { addDays, dateParts, daysBetween, daysInMonth, isoFromParts, weekdayOf } from '../../format/calendar-days';

/*
 * The operator's home (/admin, decision 0055): its panels, the permission each needs, the date ranges
 * it offers and the previous period beside each. Dates are UTC days (YYYY-MM-DD), both ends inclusive.
 */

export const OVERVIEW_PANELS = ['growth', 'funnel', 'money', 'irs', 'care', 'deadlines'] as const;
export type OverviewPanel = (typeof OVERVIEW_PANELS)[number];

/**
 * Who sees a panel: the permission of the admin list its figures open (so a figure never links to a
 * list the reader may not open). Money needs orders.read: support and operations do not see it.
 */
export const PANEL_PERMISSIONS: Readonly<Record<OverviewPanel, Permission>> = {
  growth: 'overview.read',
  funnel: 'overview.read',
  money: 'orders.read',
  irs: 'ein.read',
  care: 'support.read',
  deadlines: 'deadlines.read',
};

/** The funnel's steps, in order: each step's rate is of the step before. */
export const FUNNEL_STEPS = ['visits', 'signups', 'onboarding', 'firstPayment', 'einIssued'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const RANGE_PRESETS = ['week', 'month', 'last90', 'year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The longest range a custom choice may span: two years and a day (the seed's whole history). */
export const MAX_RANGE_DAYS = 731;

/** The Monday of the ISO week holding `day`. */
export function weekStart(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export interface DayRange {
  from: string;
  to: string;
}

/** A preset's range ending today (this week from Monday, this month, the last 90 days, this year). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'week':
      return { from: weekStart(today), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** A range asked without its first day starts on the first of the last day's month ("this month"). */
export function DAY_RANGE_DEFAULT(to: string): string {
  return `${to.slice(0, 8)}01`;
}

function shiftMonths(day: string, months: number): string {
  const { year, month, day: d } = dateParts(day);
  const index = year * 12 + month - 1 + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return isoFromParts(y, m, Math.min(d, daysInMonth(y, m)));
}

/**
 * What each figure is compared with. A range that starts a calendar week, month or year and stays
 * within it ("this week", "this month", "this year" so far, or March 1–31) is compared with the same
 * days of the week, month or year before; any other range with the same number of days just before it.
 */
export function previousRange({ from, to }: DayRange): DayRange {
  if (from === weekStart(from) && daysBetween(from, to) < 7) return { from: addDays(from, -7), to: addDays(to, -7) };
  if (from.endsWith('-01') && to.slice(0, 7) === from.slice(0, 7)) {
    return { from: shiftMonths(from, -1), to: shiftMonths(to, -1) };
  }
  if (from.endsWith('-01-01') && to.slice(0, 4) === from.slice(0, 4)) {
    return { from: shiftMonths(from, -12), to: shiftMonths(to, -12) };
  }
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** Every Monday from the week of `from` to the week of `to`: a chart's x axis without gaps. */
export function weeksIn({ from, to }: DayRange): string[] {
  const weeks: string[] = [];
  for (let w = weekStart(from); w <= to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

export function monthsIn({ from, to }: DayRange): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** A step's rate of the step before it, in percent with one decimal; null when the step before is 0. */
export function stepRate(count: number, before: number): number | null {
  if (before <= 0) return null;
  return Math.round((count / before) * 1000) / 10;
}

/** Hours a thread may wait for a first or next staff answer before the home counts it as late. */
export const CARE_WAIT_HOURS = 24;
/** How far ahead the deadlines panel looks, and how far back it counts passed items as overdue. */
export const DEADLINE_WINDOW_DAYS = 30;

/**
 * A panel's table as CSV, in the admin exports' two dialects (English with commas, Turkish with a
 * byte-order mark and semicolons), through the one CSV writer: finance edits the service titles a
 * panel shows, so its cells get the same formula guard as every export. Numbers stay plain digits.
 */
export function panelCsv(
  lang: 'tr' | 'en',
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return csvDocument(lang, header, rows);
}
