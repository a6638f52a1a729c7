import { describe, expect, it } from 'vitest';
import {
  agentRenewalLine,
  canCancel,
  canRenew,
  canResume,
  correctedAgentPeriod,
  currentPeriod,
  dailyStep,
  inGrace,
  noticeOwed,
  periodEndFrom,
  renewalPrice,
  renewedPeriod,
  resumedStatus,
  showsRenewalCard,
} from '../../../shared/features/renewals/renewals.domain';

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

describe('a corrected formation date (decision 0057)', () => {
  const first = { start: '2026-03-10', end: '2027-03-10', status: 'active' as const, renewed: false };

  it('moves an unrenewed period to the corrected day in the same cycle year', () => {
    expect(correctedAgentPeriod(first, '2026-03-10', '2026-02-20')).toEqual({ start: '2026-02-20', end: '2027-02-20' });
    // A migrated customer's period two cycles on keeps its cycle year.
    const third = { ...first, start: '2025-06-01', end: '2026-06-01' };
    expect(correctedAgentPeriod(third, '2023-06-01', '2023-06-15')).toEqual({ start: '2025-06-15', end: '2026-06-15' });
    expect(correctedAgentPeriod(first, '2026-03-10', '2024-02-29')).toEqual({ start: '2024-02-29', end: '2025-02-28' });
    expect(correctedAgentPeriod({ ...first, status: 'cancelled' }, '2026-03-10', '2026-03-01')).toEqual({
      start: '2026-03-01',
      end: '2027-03-01',
    });
  });

  it('keeps a renewed, lapsed or ended period, and an unchanged one', () => {
    expect(correctedAgentPeriod({ ...first, renewed: true }, '2026-03-10', '2026-02-20')).toBeNull();
    expect(correctedAgentPeriod({ ...first, status: 'lapsed' }, '2026-03-10', '2026-02-20')).toBeNull();
    expect(correctedAgentPeriod({ ...first, status: 'ended' }, '2026-03-10', '2026-02-20')).toBeNull();
    expect(correctedAgentPeriod(first, '2026-03-10', '2026-03-10')).toBeNull();
  });
});

describe("the agent renewal's line (calendar and deadlines desk)", () => {
  it('says renewed until, cancelled, lapsed or due', () => {
    const base = { periodEnd: '2027-03-10', renewed: false };
    expect(agentRenewalLine({ ...base, status: 'active', renewed: true })).toBe('renewedUntil');
    expect(agentRenewalLine({ ...base, status: 'renewal_due' })).toBe('due');
    expect(agentRenewalLine({ ...base, status: 'cancelled', renewed: true })).toBe('cancelled');
    expect(agentRenewalLine({ ...base, status: 'lapsed' })).toBe('lapsed');
    expect(agentRenewalLine({ ...base, status: 'ended' })).toBe('lapsed');
  });
});
