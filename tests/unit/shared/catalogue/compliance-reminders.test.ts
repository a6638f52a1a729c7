import { describe, expect, it } from 'vitest';
import { remindersDue, reminderToSend } from '../../../../src/shared/catalogue/compliance';

describe('reminderToSend', () => {
  const item = { dueDate: '2027-03-01' };

  it('agrees with remindersDue on the exact days', () => {
    expect(reminderToSend(item, '2026-12-31')).toBe(60);
    expect(remindersDue(item, '2026-12-31')).toEqual([60]);
    expect(reminderToSend(item, '2027-01-30')).toBe(30);
    expect(reminderToSend(item, '2027-02-22')).toBe(7);
  });

  it('owes the most recent missed reminder while the deadline is ahead, and nothing before 60 days or after it', () => {
    expect(reminderToSend(item, '2026-12-30')).toBeNull();
    expect(reminderToSend(item, '2027-02-05')).toBe(30);
    expect(reminderToSend(item, '2027-03-01')).toBe(7);
    expect(reminderToSend(item, '2027-03-02')).toBeNull();
  });
});
