import { STAGE_WAIT_DEFAULTS, type StageWaitRange } from '../../catalogue/timings';
import { EIN_STATUSES, type EinStatus } from '../ein/ein.domain';
import { FORMATION_STATUSES, type FormationStatus } from './formation.domain';

/*
 * The timeline's rules (decision 0016): how long a stage usually lasts, which day of it the customer is on,
 * and when it has run past its usual wait. The server computes the medians (stage_history); the pages
 * and the server share these rules so the dashboard, the EIN desk and the tests read one table.
 */

export const STAGE_KINDS = ['formation', 'ein'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export type StageOf<K extends StageKind> = K extends 'formation' ? FormationStatus : EinStatus;

/** The portal's own median is stated once it rests on this many finished stages... */
export const MEDIAN_MIN_SAMPLES = 10;
/** ...finished within this many days: older ones describe a process that may have changed. */
export const MEDIAN_WINDOW_DAYS = 180;

export function stagesOf(kind: StageKind): readonly string[] {
  return kind === 'formation' ? FORMATION_STATUSES : EIN_STATUSES;
}

/** The stage after this one in product.md#formation-states: order; null for the last. A stage lasts until the next is reached. */
export function nextStageOf(kind: StageKind, stage: string): string | null {
  const stages = stagesOf(kind);
  const i = stages.indexOf(stage);
  return i >= 0 && i < stages.length - 1 ? stages[i + 1] : null;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What this portal's finished stages say: how many there were, their median and 90th percentile in days. */
export interface StageStats {
  samples: number;
  medianDays: number | null;
  p90Days: number | null;
}

/**
 * The expected wait as the page states it. `median`: "half of our customers waited under `days`
 * days", with `upperDays` (the 90th percentile) as the point past which the wait is unusual.
 * `default`: the catalogue's range ("usually 3–8 weeks"). `samples` is how many finished stages the
 * portal had, shown to staff and used by the tests.
 */
export type ExpectedWait =
  | { source: 'median'; days: number; upperDays: number; samples: number }
  | ({ source: 'default'; samples: number } & StageWaitRange);

export function defaultWait(kind: StageKind, stage: string): StageWaitRange | null {
  const table: Record<string, StageWaitRange> = STAGE_WAIT_DEFAULTS[kind];
  return table[stage] ?? null;
}

/**
 * The portal's median once it rests on MEDIAN_MIN_SAMPLES finished stages, otherwise the default
 * range; null for a stage that waits for nothing (the last one). Days round up: "under 23 days" must
 * not understate a median of 22.4.
 */
export function chooseExpectedWait(kind: StageKind, stage: string, stats: StageStats): ExpectedWait | null {
  const fallback = defaultWait(kind, stage);
  if (!fallback) return null;
  if (stats.samples >= MEDIAN_MIN_SAMPLES && stats.medianDays !== null) {
    const days = Math.max(1, Math.ceil(stats.medianDays));
    const upperDays = Math.max(days, Math.ceil(stats.p90Days ?? stats.medianDays));
    return { source: 'median', days, upperDays, samples: stats.samples };
  }
  return { source: 'default', ...fallback, samples: stats.samples };
}

/** The range's upper bound in calendar days (five business days are a week). */
export function rangeUpperDays(range: StageWaitRange): number {
  switch (range.unit) {
    case 'weeks':
      return range.max * 7;
    case 'businessDays':
      return Math.ceil((range.max * 7) / 5);
    default:
      return 1;
  }
}

/** The last day of a usual wait: past it, the stage is overdue. */
export function waitUpperDays(wait: ExpectedWait): number {
  return wait.source === 'median' ? wait.upperDays : rangeUpperDays(wait);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Day 1 is the day (first 24 hours) the stage was reached; a clock running behind never gives day 0. */
export function dayNumber(reachedAt: string | Date, now: Date = new Date()): number {
  const start = typeof reachedAt === 'string' ? new Date(reachedAt) : reachedAt;
  const elapsed = now.getTime() - start.getTime();
  if (Number.isNaN(elapsed) || elapsed < 0) return 1;
  return Math.floor(elapsed / DAY_MS) + 1;
}

/** Overdue from the day after the usual wait's last day. */
export function isOverdue(day: number, wait: ExpectedWait | null): boolean {
  return wait !== null && day > waitUpperDays(wait);
}

/** Who a reached stage is waiting for; null once nothing is awaited. */
export type StageWaitsFor = 'customer' | 'staff' | 'state' | 'irs';

export function stageWaitsFor(
  kind: StageKind,
  stage: string,
  ctx: { selfService?: boolean } = {},
): StageWaitsFor | null {
  if (kind === 'formation') {
    switch (stage as FormationStatus) {
      // A self-service customer files with the state themselves; for the turnkey package staff do.
      case 'preparation':
        return ctx.selfService ? 'customer' : 'state';
      case 'formation_completed':
        return 'customer';
      // Reached when the EIN *application* is sent: the EIN itself is the IRS's to give.
      case 'ein_created':
        return 'irs';
      default:
        return null;
    }
  }
  switch (stage as EinStatus) {
    case 'waiting_for_form':
    case 'ss4_uploaded':
      return 'staff';
    case 'ss4_ready':
      return 'customer';
    case 'submitted_to_irs':
      return 'irs';
    default:
      return null;
  }
}

/** A late stage the customer is waiting on someone else for: the page offers a support ticket. */
export function offersSupport(waitsFor: StageWaitsFor | null, overdue: boolean): boolean {
  return overdue && waitsFor !== null && waitsFor !== 'customer';
}
