import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canRenew,
  canResume,
  currentPeriod,
  dailyStep,
  inGrace,
  noticeOwed,
  periodEndFrom,
  renewalPrice,
  renewedPeriod,
  resumedStatus,
  showsRenewalCard,
} from '../../../shared/domain/renewals';

describe('renewal periods', () => {
  it('runs a year, and 29 February ends on 28 February', () => {
    expect(periodEndFrom('2025-03-10')).toBe('2026-03-10');
    expect(periodEndFrom('2024-02-29')).toBe('2025-02-28');
  });

  it('migrates to the period of the yearly cycle that holds today', () => {
    expect(currentPeriod('2023-05-01', '2026-11-26')).toEqual({ start: '2026-05-01', end: '2027-05-01' });
    expect(currentPeriod('2026-11-26', '2026-11-26')).toEqual({ start: '2026-11-26', end: '2027-11-26' });
    expect(currentPeriod('2025-11-26', '2026-11-26')).toEqual({ start: '2026-11-26', end: '2027-11-26' });
  });

  it('extends an early renewal from the current end, not from today', () => {
    expect(renewedPeriod('2026-12-03')).toEqual({ start: '2026-12-03', end: '2027-12-03' });
  });

  it('prices from the catalogue: $125 the agent, $100 the address', () => {
    expect(renewalPrice('registered_agent', 'Wyoming')).toBe(12_500);
    expect(renewalPrice('private_address', 'Wyoming')).toBe(10_000);
    expect(renewalPrice('private_address', null)).toBe(10_000);
  });
});

describe('notices and the daily steps', () => {
  it('owes the 30-day notice from a month out and the 7-day one from a week out', () => {
    expect(noticeOwed('2026-12-31', '2026-11-26')).toBeNull();
    expect(noticeOwed('2026-12-26', '2026-11-26')).toBe(30);
    expect(noticeOwed('2026-12-03', '2026-11-26')).toBe(7);
    expect(noticeOwed('2026-11-27', '2026-11-26')).toBe(7);
    expect(noticeOwed('2026-11-26', '2026-11-26')).toBeNull();
  });

  it('walks active → due → grace → lapsed, and cancelled → ended', () => {
    expect(dailyStep('active', '2027-01-30', '2026-11-26')).toBeNull();
    expect(dailyStep('active', '2026-12-20', '2026-11-26')).toBe('due');
    expect(dailyStep('renewal_due', '2026-12-20', '2026-11-26')).toBeNull();
    expect(dailyStep('renewal_due', '2026-11-26', '2026-11-26')).toBe('grace');
    expect(dailyStep('renewal_due', '2026-11-12', '2026-11-26')).toBe('grace');
    expect(dailyStep('renewal_due', '2026-11-11', '2026-11-26')).toBe('lapse');
    expect(dailyStep('active', '2026-11-01', '2026-11-26')).toBe('lapse');
    expect(dailyStep('cancelled', '2026-11-27', '2026-11-26')).toBeNull();
    expect(dailyStep('cancelled', '2026-11-26', '2026-11-26')).toBe('end');
    expect(dailyStep('lapsed', '2026-01-01', '2026-11-26')).toBeNull();
    expect(dailyStep('ended', '2026-01-01', '2026-11-26')).toBeNull();
  });

  it('shows the card while a notice is owed or in grace', () => {
    expect(showsRenewalCard('active', '2026-12-03', '2026-11-26')).toBe(true);
    expect(showsRenewalCard('active', '2027-06-03', '2026-11-26')).toBe(false);
    expect(showsRenewalCard('cancelled', '2026-12-03', '2026-11-26')).toBe(false);
    expect(inGrace('renewal_due', '2026-11-20', '2026-11-26')).toBe(true);
  });
});

describe('status transitions', () => {
  it('renews while running or in grace, not when cancelled, lapsed or ended', () => {
    expect(canRenew('active', '2027-01-01', '2026-11-26')).toBe(true);
    expect(canRenew('renewal_due', '2026-11-12', '2026-11-26')).toBe(true);
    expect(canRenew('renewal_due', '2026-11-11', '2026-11-26')).toBe(false);
    expect(canRenew('cancelled', '2027-01-01', '2026-11-26')).toBe(false);
    expect(canRenew('lapsed', '2027-01-01', '2026-11-26')).toBe(false);
  });

  it('cancels and undoes only before the end', () => {
    expect(canCancel('renewal_due', '2026-12-01', '2026-11-26')).toBe(true);
    expect(canCancel('renewal_due', '2026-11-26', '2026-11-26')).toBe(false);
    expect(canResume('cancelled', '2026-12-01', '2026-11-26')).toBe(true);
    expect(canResume('cancelled', '2026-11-26', '2026-11-26')).toBe(false);
    expect(canResume('active', '2026-12-01', '2026-11-26')).toBe(false);
    expect(resumedStatus('2026-12-01', '2026-11-26')).toBe('renewal_due');
    expect(resumedStatus('2027-12-01', '2026-11-26')).toBe('active');
  });
});
