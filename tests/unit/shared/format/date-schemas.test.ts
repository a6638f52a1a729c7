import { describe, expect, it } from 'vitest';
import { calendarDate, calendarMonth, instant } from '../../../../src/shared/schemas/dates';

// Where dates cross the API, a contract names their kind (decision 0076).
describe('the contracts’ two kinds of date', () => {
  it('takes a calendar date only as a real YYYY-MM-DD day', () => {
    expect(calendarDate().safeParse('2027-03-01').success).toBe(true);
    expect(calendarDate().safeParse('2028-02-29').success).toBe(true);
    for (const wrong of ['2027-03-01T00:00:00.000Z', '2027-02-30', '2027-3-1', '03/01/2027', '']) {
      expect(calendarDate().safeParse(wrong).success, wrong).toBe(false);
    }
  });

  it('takes an instant only as a date-time with its zone, never a bare day', () => {
    expect(instant().safeParse('2026-11-28T03:15:00.000Z').success).toBe(true);
    expect(instant().safeParse('2026-11-28T06:15:00+03:00').success).toBe(true);
    for (const wrong of ['2026-11-28', '2026-11-28T03:15:00', 'yesterday']) {
      expect(instant().safeParse(wrong).success, wrong).toBe(false);
    }
  });

  it('takes a month as YYYY-MM', () => {
    expect(calendarMonth().safeParse('2026-11').success).toBe(true);
    expect(calendarMonth().safeParse('2026-13').success).toBe(false);
    expect(calendarMonth().safeParse('11-23').success).toBe(false);
  });
});
