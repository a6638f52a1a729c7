import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../src/shared/domain/permissions';
import {
  monthsIn,
  PANEL_PERMISSIONS,
  panelCsv,
  presetRange,
  previousRange,
  stepRate,
  weekStart,
  weeksIn,
} from '../../src/shared/features/overview/overview.domain';

/** The home's ranges, buckets, rates and CSV (decision 0055). */
describe('the home ranges', () => {
  it('presets end today: this week from Monday, this month, the last 90 days, this year', () => {
    const today = '2026-11-26'; // a Thursday
    expect(presetRange('week', today)).toEqual({ from: '2026-11-23', to: today });
    expect(presetRange('month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetRange('last90', today)).toEqual({ from: '2026-08-29', to: today });
    expect(presetRange('year', today)).toEqual({ from: '2026-01-01', to: today });
  });

  it('compares a week, month or year so far with the same days before it, any other range with the days just before', () => {
    expect(previousRange({ from: '2026-11-23', to: '2026-11-26' })).toEqual({ from: '2026-11-16', to: '2026-11-19' });
    expect(previousRange({ from: '2025-03-01', to: '2025-03-31' })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(previousRange({ from: '2024-03-01', to: '2024-03-30' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousRange({ from: '2026-01-01', to: '2026-11-26' })).toEqual({ from: '2025-01-01', to: '2025-11-26' });
    expect(previousRange({ from: '2026-08-29', to: '2026-11-26' })).toEqual({ from: '2026-05-31', to: '2026-08-28' });
    expect(previousRange({ from: '2024-02-29', to: '2024-03-02' })).toEqual({ from: '2024-02-26', to: '2024-02-28' });
  });

  it('buckets weeks from Monday and months across a year end, without gaps', () => {
    expect(weekStart('2025-03-02')).toBe('2025-02-24');
    expect(weekStart('2025-03-03')).toBe('2025-03-03');
    expect(weeksIn({ from: '2025-03-01', to: '2025-03-17' })).toEqual([
      '2025-02-24',
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
    ]);
    expect(monthsIn({ from: '2024-11-15', to: '2025-02-01' })).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
  });

  it('states a step rate to one decimal, none after an empty step', () => {
    expect(stepRate(2, 3)).toBe(66.7);
    expect(stepRate(1, 0)).toBeNull();
  });

  it('writes the CSV in both dialects', () => {
    expect(panelCsv('en', ['Month', 'Amount'], [['2025-03', '$1,000.00']])).toBe(
      'Month,Amount\r\n2025-03,"$1,000.00"\r\n',
    );
    expect(panelCsv('tr', ['Ay', 'Tutar'], [['2025-03', null]])).toBe('\uFEFFAy;Tutar\r\n2025-03;\r\n');
  });

  it('hides money from support and operations, shows it to owner and finance', () => {
    expect(['owner', 'finance'].every((r) => hasPermission(r as 'owner', PANEL_PERMISSIONS.money))).toBe(true);
    expect(['support', 'operations'].some((r) => hasPermission(r as 'owner', PANEL_PERMISSIONS.money))).toBe(false);
    expect(hasPermission('support', PANEL_PERMISSIONS.care)).toBe(true);
  });
});
