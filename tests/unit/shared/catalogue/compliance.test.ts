import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_RULES,
  type ComplianceRuleId,
  deadlinesFor,
  findComplianceRule,
  isStateTracked,
  REMINDER_OFFSETS_DAYS,
  remindersDue,
  trackedStates,
} from '../../../../src/shared/catalogue/compliance';
import { REGISTERED_AGENT_RENEWAL } from '../../../../src/shared/catalogue/packages';
import { US_STATES } from '../../../../src/shared/catalogue/states';
import { addDays, daysBetween, isIsoDate, sameDayInYear } from '../../../../src/shared/format/calendar-days';

const dueDates = (id: ComplianceRuleId, formation: string, from: string) =>
  findComplianceRule(id)
    .due(formation, from)
    .map((o) => o.dueDate);

describe('date helpers', () => {
  it('rejects dates that do not exist instead of rolling them over', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate(20250101)).toBe(false);
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it('keeps a 29 February or 31st anniversary inside its month', () => {
    expect(sameDayInYear('2024-02-29', 2025)).toBe('2025-02-28');
    expect(sameDayInYear('2024-02-29', 2028)).toBe('2028-02-29');
    expect(sameDayInYear('2025-01-31', 2026)).toBe('2026-01-31');
  });
});

describe('rules', () => {
  it('lists each rule once with its source and check date', () => {
    const ids = COMPLIANCE_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(10);
    for (const rule of COMPLIANCE_RULES) {
      // Every figure but our own price rests on a row of the fact check of 28 November 2026 (decision 0073).
      for (const check of rule.checks) expect(check.checkedOn).toBe('2026-11-28');
      expect(rule.checks.length === 0).toBe(rule.source === 'catalogue');
      expect(rule.source === 'catalogue' || rule.source.startsWith('https://')).toBe(true);
    }
  });

  it('takes its amounts from the catalogue in cents', () => {
    expect(findComplianceRule('wyoming_annual_report').amountCents).toBe(6_000);
    expect(findComplianceRule('delaware_llc_annual_tax').amountCents).toBe(30_000);
    expect(findComplianceRule('florida_annual_report').amountCents).toBe(13_875);
    expect(findComplianceRule('registered_agent_renewal').amountCents).toBe(REGISTERED_AGENT_RENEWAL);
    expect(findComplianceRule('delaware_llc_annual_tax').penalty).toMatchObject({
      amountCents: 20_000,
      monthlyRateBasisPoints: 150,
    });
    expect(findComplianceRule('florida_annual_report').penalty?.amountCents).toBe(40_000);
    expect(findComplianceRule('federal_form_5472').penalty?.amountCents).toBe(2_500_000);
  });

  describe('wyoming_annual_report', () => {
    it('falls on the first of the anniversary month, from the year after formation', () => {
      expect(dueDates('wyoming_annual_report', '2025-06-15', '2025-06-15')).toEqual(['2026-06-01']);
      expect(dueDates('wyoming_annual_report', '2025-06-15', '2026-06-01')).toEqual(['2026-06-01']);
      expect(dueDates('wyoming_annual_report', '2025-06-15', '2026-06-02')).toEqual(['2027-06-01']);
    });

    it('handles a company formed on 29 February', () => {
      expect(dueDates('wyoming_annual_report', '2024-02-29', '2024-02-29')).toEqual(['2025-02-01']);
      expect(dueDates('wyoming_annual_report', '2024-02-29', '2025-02-02')).toEqual(['2026-02-01']);
    });

    it('handles companies formed on 31 January and 31 December', () => {
      expect(dueDates('wyoming_annual_report', '2025-01-31', '2025-01-31')).toEqual(['2026-01-01']);
      expect(dueDates('wyoming_annual_report', '2025-12-31', '2025-12-31')).toEqual(['2026-12-01']);
    });
  });

  describe('delaware_llc_annual_tax', () => {
    it('is due 1 June of each year after the formation year', () => {
      expect(dueDates('delaware_llc_annual_tax', '2025-03-10', '2025-03-10')).toEqual(['2026-06-01']);
      expect(dueDates('delaware_llc_annual_tax', '2025-03-10', '2026-06-02')).toEqual(['2027-06-01']);
    });

    it('is first due the next June for a company formed in December', () => {
      expect(dueDates('delaware_llc_annual_tax', '2025-12-31', '2025-12-31')).toEqual(['2026-06-01']);
      expect(dueDates('delaware_llc_annual_tax', '2024-02-29', '2024-03-01')).toEqual(['2025-06-01']);
    });

    it('does not ask for a return in the formation year, even when formed before June', () => {
      expect(dueDates('delaware_llc_annual_tax', '2025-01-31', '2025-02-01')).toEqual(['2026-06-01']);
    });
  });

  describe('florida_annual_report', () => {
    it('opens on 1 January and is due 1 May of each year after formation', () => {
      const [first] = findComplianceRule('florida_annual_report').due('2025-05-02', '2025-05-02');
      expect(first).toMatchObject({ windowStart: '2026-01-01', dueDate: '2026-05-01' });
    });

    it('stays due while the window is open and moves on after 1 May', () => {
      expect(dueDates('florida_annual_report', '2025-05-02', '2026-03-15')).toEqual(['2026-05-01']);
      expect(dueDates('florida_annual_report', '2025-05-02', '2026-05-01')).toEqual(['2026-05-01']);
      expect(dueDates('florida_annual_report', '2025-05-02', '2026-05-02')).toEqual(['2027-05-01']);
    });

    it('skips the formation year for a company formed in January', () => {
      expect(dueDates('florida_annual_report', '2025-01-31', '2025-01-31')).toEqual(['2026-05-01']);
      expect(dueDates('florida_annual_report', '2024-02-29', '2024-02-29')).toEqual(['2025-05-01']);
    });
  });

  describe('federal_form_5472', () => {
    it('is first due the April after formation, for the formation year', () => {
      const [first] = findComplianceRule('federal_form_5472').due('2025-06-15', '2025-06-15');
      expect(first).toEqual({
        dueDate: '2026-04-15',
        windowStart: null,
        extendedDueDate: '2026-10-15',
        taxYear: 2025,
      });
    });

    it('counts a company formed on 31 December as existing that tax year', () => {
      const [first] = findComplianceRule('federal_form_5472').due('2025-12-31', '2025-12-31');
      expect(first).toMatchObject({ dueDate: '2026-04-15', taxYear: 2025 });
    });

    it('recurs every April 15', () => {
      expect(dueDates('federal_form_5472', '2024-02-29', '2025-04-16')).toEqual(['2026-04-15']);
      expect(findComplianceRule('federal_form_5472').due('2024-02-29', '2025-04-16')[0].taxYear).toBe(2025);
    });
  });

  describe('registered_agent_renewal', () => {
    it('falls on each formation anniversary', () => {
      expect(dueDates('registered_agent_renewal', '2025-01-31', '2025-01-31')).toEqual(['2026-01-31']);
      expect(dueDates('registered_agent_renewal', '2025-12-31', '2026-01-01')).toEqual(['2026-12-31']);
    });

    it('renews on 28 February in common years for a company formed on 29 February', () => {
      expect(dueDates('registered_agent_renewal', '2024-02-29', '2024-02-29')).toEqual(['2025-02-28']);
      expect(dueDates('registered_agent_renewal', '2024-02-29', '2027-03-01')).toEqual(['2028-02-29']);
    });
  });

  it('never makes the FinCEN BOI report due', () => {
    const rule = findComplianceRule('fincen_boi');
    expect(rule.status).toBe('not_required');
    expect(rule.due('2025-06-15', '2025-06-15')).toEqual([]);
    expect(COMPLIANCE_RULES.filter((r) => r.status === 'not_required').map((r) => r.id)).toEqual([
      'texas_franchise_tax_report',
      'new_mexico_annual_report',
      'fincen_boi',
    ]);
  });
});

describe('tracked states', () => {
  it('tracks Wyoming, Delaware, Florida, Texas and New Mexico only', () => {
    expect([...trackedStates].sort()).toEqual(['Delaware', 'Florida', 'New Mexico', 'Texas', 'Wyoming']);
    expect(US_STATES.filter(isStateTracked)).toHaveLength(5);
    expect(isStateTracked('Nevada')).toBe(false);
    expect(isStateTracked('wyoming')).toBe(false);
  });

  it('has a state rule for every tracked state', () => {
    for (const state of trackedStates) expect(COMPLIANCE_RULES.some((r) => r.appliesTo === state)).toBe(true);
  });
});

describe('deadlinesFor', () => {
  it('lists a Wyoming company’s year, soonest first, with days left', () => {
    const items = deadlinesFor({ state: 'Wyoming', formationDate: '2025-06-15', today: '2025-11-23' });
    expect(items.map((i) => [i.ruleId, i.dueDate, i.daysLeft])).toEqual([
      ['federal_form_5472', '2026-04-15', 143],
      ['wyoming_annual_report', '2026-06-01', 190],
      ['registered_agent_renewal', '2026-06-15', 204],
    ]);
    expect(items[1]).toMatchObject({
      amountCents: 6_000,
      source: 'https://sos.wyo.gov/Business/AnnualReports.aspx',
      windowStart: null,
    });
  });

  it('includes a second occurrence of a rule when the horizon reaches it', () => {
    const items = deadlinesFor({ state: 'Wyoming', formationDate: '2024-02-29', today: '2025-02-01' });
    expect(items.filter((i) => i.ruleId === 'wyoming_annual_report').map((i) => i.dueDate)).toEqual([
      '2025-02-01',
      '2026-02-01',
    ]);
    expect(items[0]).toMatchObject({ ruleId: 'wyoming_annual_report', daysLeft: 0 });
    expect(items.map((i) => i.dueDate)).toEqual(items.map((i) => i.dueDate).sort());
  });

  it('includes the horizon’s last day and nothing after it', () => {
    const base = { state: 'Delaware', formationDate: '2025-03-10', today: '2025-06-01' };
    expect(deadlinesFor({ ...base, horizonDays: 365 }).map((i) => i.dueDate)).toContain('2026-06-01');
    expect(deadlinesFor({ ...base, horizonDays: 364 }).map((i) => i.dueDate)).not.toContain('2026-06-01');
    expect(deadlinesFor({ ...base, horizonDays: 0 })).toEqual([]);
    expect(() => deadlinesFor({ ...base, horizonDays: -1 })).toThrow(RangeError);
  });

  it('shows a December Delaware company its tax, its 5472 and its renewal in order', () => {
    const items = deadlinesFor({ state: 'Delaware', formationDate: '2025-12-31', today: '2025-12-31' });
    expect(items.map((i) => [i.ruleId, i.dueDate])).toEqual([
      ['federal_form_5472', '2026-04-15'],
      ['delaware_llc_annual_tax', '2026-06-01'],
      ['registered_agent_renewal', '2026-12-31'],
    ]);
    expect(items[1].penalty?.monthlyRateBasisPoints).toBe(150);
  });

  it('gives Florida’s window start of 1 January', () => {
    const items = deadlinesFor({ state: 'Florida', formationDate: '2025-05-02', today: '2025-12-01' });
    const report = items.find((i) => i.ruleId === 'florida_annual_report');
    expect(report).toMatchObject({ windowStart: '2026-01-01', dueDate: '2026-05-01', daysLeft: 151 });
  });

  it('orders items on the same day by catalogue order', () => {
    // A Wyoming company formed on 1 June has its report and its renewal on the same day.
    const items = deadlinesFor({ state: 'Wyoming', formationDate: '2025-06-01', today: '2026-01-01' });
    expect(items.filter((i) => i.dueDate === '2026-06-01').map((i) => i.ruleId)).toEqual([
      'wyoming_annual_report',
      'registered_agent_renewal',
    ]);
  });

  it('gives an untracked state no state deadlines, only federal ones and our renewal', () => {
    const items = deadlinesFor({ state: 'Nevada', formationDate: '2025-06-15', today: '2025-11-23' });
    expect(items.map((i) => i.ruleId)).toEqual(['federal_form_5472', 'registered_agent_renewal']);
    expect(items.every((i) => i.appliesTo === 'federal' || i.appliesTo === 'any_state')).toBe(true);
  });

  it('lists nothing before the company exists in a year', () => {
    const items = deadlinesFor({ state: 'Wyoming', formationDate: '2026-01-05', today: '2026-01-05', horizonDays: 90 });
    expect(items).toEqual([]);
  });
});

describe('remindersDue', () => {
  const item = { dueDate: '2026-06-01' };

  it('fires at exactly 60, 30 and 7 days before', () => {
    expect(remindersDue(item, addDays('2026-06-01', -60))).toEqual([60]);
    expect(remindersDue(item, addDays('2026-06-01', -30))).toEqual([30]);
    expect(remindersDue(item, addDays('2026-06-01', -7))).toEqual([7]);
    expect(REMINDER_OFFSETS_DAYS).toEqual([60, 30, 7]);
  });

  it('stays quiet on every other day', () => {
    const loud: number[] = [];
    for (let before = -5; before <= 90; before++) {
      if (remindersDue(item, addDays('2026-06-01', -before)).length > 0) loud.push(before);
    }
    expect(loud).toEqual([7, 30, 60]);
  });

  it('counts days from today, not from a stale daysLeft', () => {
    const stale = { dueDate: '2026-06-01', daysLeft: 100 };
    expect(remindersDue(stale, '2026-05-02')).toEqual([30]);
  });
});
