import { describe, expect, it } from 'vitest';
import { STAGE_WAIT_DEFAULTS } from '../../../../src/shared/catalogue/timings';
import { EIN_STATUSES } from '../../../../src/shared/features/ein/ein.domain';
import { FORMATION_STATUSES } from '../../../../src/shared/features/formations/formation.domain';
import {
  chooseExpectedWait,
  dayNumber,
  isOverdue,
  MEDIAN_MIN_SAMPLES,
  median,
  nextStageOf,
  offersSupport,
  rangeUpperDays,
  stageWaitsFor,
} from '../../../../src/shared/features/formations/stage-waits.domain';

const stats = (samples: number[]) => ({
  samples: samples.length,
  medianDays: median(samples),
  p90Days: samples.length ? Math.max(...samples) : null,
});

describe('expected wait of a stage', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 10, 2])).toBe(3);
    expect(median([30, 10, 20, 40, 50, 60])).toBe(35);
  });

  it('keeps the catalogue range with fewer than 10 finished stages, states the median from 10 on', () => {
    expect(MEDIAN_MIN_SAMPLES).toBe(10);
    const nine = Array.from({ length: 9 }, (_, i) => 20 + i);
    expect(chooseExpectedWait('ein', 'submitted_to_irs', stats(nine))).toEqual({
      source: 'default',
      min: 3,
      max: 8,
      unit: 'weeks',
      samples: 9,
    });
    // Ten durations 20..29 days: median 24.5 rounds up to "under 25 days"; the slowest is the upper bound.
    const ten = [...nine, 29];
    expect(chooseExpectedWait('ein', 'submitted_to_irs', stats(ten))).toEqual({
      source: 'median',
      days: 25,
      upperDays: 29,
      samples: 10,
    });
    // Eleven (odd): the middle one exactly.
    expect(chooseExpectedWait('ein', 'submitted_to_irs', stats([...ten, 3]))).toMatchObject({ days: 24 });
  });

  it('has a default for every stage but the last of each chain, and none for the last', () => {
    for (const s of FORMATION_STATUSES.slice(0, -1)) expect(STAGE_WAIT_DEFAULTS.formation).toHaveProperty(s);
    for (const s of EIN_STATUSES.slice(0, -1)) expect(STAGE_WAIT_DEFAULTS.ein).toHaveProperty(s);
    expect(chooseExpectedWait('formation', 'process_completed', stats([1, 2, 3]))).toBeNull();
    expect(chooseExpectedWait('ein', 'ein_issued', stats([]))).toBeNull();
    expect(nextStageOf('ein', 'submitted_to_irs')).toBe('ein_issued');
    expect(nextStageOf('ein', 'ein_issued')).toBeNull();
  });
});

describe('day counter and overdue', () => {
  const reached = new Date(Date.UTC(2026, 2, 1, 10, 0));
  const at = (days: number, minutes = 0) => new Date(reached.getTime() + days * 86_400_000 + minutes * 60_000);

  it('counts the day the stage was reached as day 1', () => {
    expect(dayNumber(reached, reached)).toBe(1);
    expect(dayNumber(reached, at(0, 1439))).toBe(1);
    expect(dayNumber(reached, at(1))).toBe(2);
    expect(dayNumber(reached.toISOString(), at(55))).toBe(56);
    // A client clock behind the server's never shows day 0.
    expect(dayNumber(reached, at(0, -30))).toBe(1);
  });

  it('is overdue from the day after the usual wait', () => {
    const weeks = chooseExpectedWait('ein', 'submitted_to_irs', stats([]));
    expect(rangeUpperDays({ min: 4, max: 8, unit: 'weeks' })).toBe(56);
    expect(isOverdue(56, weeks)).toBe(false);
    expect(isOverdue(57, weeks)).toBe(true);
    // Two business days are three calendar days at most (a weekend in between).
    const days = chooseExpectedWait('ein', 'waiting_for_form', stats([]));
    expect(isOverdue(3, days)).toBe(false);
    expect(isOverdue(4, days)).toBe(true);
    const own = chooseExpectedWait('ein', 'submitted_to_irs', stats([10, 12, 14, 16, 18, 20, 22, 24, 26, 40]));
    expect(own).toMatchObject({ source: 'median', days: 19, upperDays: 40 });
    expect(isOverdue(40, own)).toBe(false);
    expect(isOverdue(41, own)).toBe(true);
    expect(isOverdue(1000, null)).toBe(false);
  });

  it('offers a ticket only when the late stage waits on someone else', () => {
    expect(stageWaitsFor('formation', 'ein_created')).toBe('irs');
    expect(stageWaitsFor('formation', 'preparation', { selfService: true })).toBe('customer');
    expect(stageWaitsFor('formation', 'preparation', { selfService: false })).toBe('state');
    expect(stageWaitsFor('ein', 'ss4_ready')).toBe('customer');
    expect(stageWaitsFor('ein', 'ein_issued')).toBeNull();
    expect(offersSupport('irs', true)).toBe(true);
    expect(offersSupport('irs', false)).toBe(false);
    expect(offersSupport('customer', true)).toBe(false);
  });
});
