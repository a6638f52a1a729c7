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

  it('gives an empty text for a value that is not a date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime('not a date', 'tr')).toBe('');
  });
});
