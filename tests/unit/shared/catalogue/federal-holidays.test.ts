import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_RULES,
  deadlinesFor,
  EVENT_RULE_IDS,
  findComplianceRule,
  form8822bDueDate,
  texasDueDate,
} from '../../../../src/shared/catalogue/compliance';
import { ruleTextVars } from '../../../../src/shared/catalogue/compliance-format';
import {
  businessDaysBack,
  businessDaysBetween,
  federalDueDate,
  federalHolidaysOf,
  isFederalBusinessDay,
  isFederalHoliday,
} from '../../../../src/shared/catalogue/federal-holidays';
import { isEinOverdue, overdueSubmittedBefore } from '../../../../src/shared/features/ein/ein-follow-ups.domain';
import { addDays } from '../../../../src/shared/format/calendar-days';

const observedOf = (year: number) => Object.fromEntries(federalHolidaysOf(year).map((h) => [h.id, h.observed]));

describe('federal holidays', () => {
  it("keeps DC's Inauguration Day every fourth year: a Saturday one moves nothing, a Sunday one the Monday", () => {
    // D.C. Code § 28-2701 (fact check 8a): its Saturday-to-Friday rule excepts the inauguration.
    expect(federalHolidaysOf(2029).find((h) => h.id === 'inauguration_day')).toEqual({
      id: 'inauguration_day',
      date: '2029-01-20',
      observed: '2029-01-20',
    });
    expect(isFederalHoliday('2029-01-20')).toBe(true);
    expect(isFederalBusinessDay('2029-01-19')).toBe(true);
    // Thursday 20 January 2033 is a legal holiday in DC, so not a business day.
    expect(isFederalHoliday('2033-01-20')).toBe(true);
    expect(isFederalBusinessDay('2033-01-20')).toBe(false);
    expect(federalDueDate('2033-01-20')).toBe('2033-01-21');
    // Sunday 20 January 2041: the Monday after is the holiday (Martin Luther King Day too, as always then).
    expect(isFederalHoliday('2041-01-21')).toBe(true);
    // Only every fourth year.
    expect(federalHolidaysOf(2030).some((h) => h.id === 'inauguration_day')).toBe(false);
    expect(isFederalHoliday('2032-01-20')).toBe(false);
  });

  it('computes 2023 as OPM lists it (nth weekdays, Juneteenth, a Sunday New Year observed Monday)', () => {
    expect(observedOf(2023)).toEqual({
      new_years_day: '2023-01-02',
      martin_luther_king_day: '2023-01-16',
      washingtons_birthday: '2023-02-20',
      dc_emancipation_day: '2023-04-17',
      memorial_day: '2023-05-29',
      juneteenth: '2023-06-19',
      independence_day: '2023-07-04',
      labor_day: '2023-09-04',
      columbus_day: '2023-10-09',
      veterans_day: '2023-11-10',
      thanksgiving_day: '2023-11-23',
      christmas_day: '2023-12-25',
    });
  });

  it('observes a Saturday holiday on the Friday before, even in the year before (New Year 2022)', () => {
    expect(isFederalHoliday('2021-12-31')).toBe(true);
    expect(isFederalHoliday('2022-04-15')).toBe(true); // Emancipation Day, Saturday 16 April 2022
    expect(isFederalHoliday('2027-07-05')).toBe(true); // Independence Day on a Sunday
    expect(isFederalHoliday('2020-06-19')).toBe(false); // Juneteenth is a holiday from 2021
    expect(isFederalBusinessDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isFederalBusinessDay('2026-11-27')).toBe(true);
  });
});

describe('the due-date rule', () => {
  it.each([
    // 2022: 15 April was Emancipation Day observed (16th a Saturday) → Monday the 18th.
    ['2022-04-15', '2022-04-18'],
    // 2023: Saturday the 15th, Sunday, then Emancipation Day observed on Monday the 17th → the 18th.
    ['2023-04-15', '2023-04-18'],
    ['2024-04-15', '2024-04-15'],
    ['2025-04-15', '2025-04-15'],
    // 2028: Saturday the 15th; Sunday the 16th is Emancipation Day, observed Monday the 17th → the 18th.
    ['2028-04-15', '2028-04-18'],
    // 2029: Sunday the 15th; Monday the 16th is Emancipation Day → Tuesday the 17th.
    ['2029-04-15', '2029-04-17'],
    // 2034 repeats 2028.
    ['2034-04-15', '2034-04-18'],
    // 15 October: 2022 a Saturday → Monday 17th; 2023 a Sunday → Monday 16th.
    ['2022-10-15', '2022-10-17'],
    ['2023-10-15', '2023-10-16'],
    // A Sunday before Columbus Day: 2028-10-08 Sunday, 9th Columbus Day → 10th.
    ['2028-10-08', '2028-10-10'],
  ])('moves %s to %s', (date, due) => {
    expect(federalDueDate(date)).toBe(due);
  });

  it('puts every federal date of the calendar on a business day, 2020-2045', () => {
    // Form 8822-B falls due after a change, not yearly (decision 0092): its date is checked below.
    const federal = COMPLIANCE_RULES.filter(
      (r) => r.appliesTo === 'federal' && r.status === 'required' && !EVENT_RULE_IDS.includes(r.id),
    );
    expect(federal.length).toBeGreaterThan(0);
    for (const rule of federal) {
      for (let year = 2020; year <= 2045; year++) {
        const [occurrence] = rule.due('2019-06-01', `${year}-01-01`);
        expect(isFederalBusinessDay(occurrence.dueDate), `${rule.id} ${occurrence.dueDate}`).toBe(true);
        if (occurrence.extendedDueDate) expect(isFederalBusinessDay(occurrence.extendedDueDate)).toBe(true);
      }
    }
  });

  it('puts Form 8822-B 60 days after the change, moved off a weekend or a holiday (decision 0092)', () => {
    expect(form8822bDueDate('2026-11-28')).toBe('2027-01-27');
    // 60 days after 2027-03-08 is Friday 7 May; after 2027-03-09 Saturday 8 May, moved to Monday; after
    // 2027-04-01 Memorial Day (31 May), moved to Tuesday.
    expect(form8822bDueDate('2027-03-08')).toBe('2027-05-07');
    expect(form8822bDueDate('2027-03-09')).toBe('2027-05-10');
    expect(form8822bDueDate('2027-04-01')).toBe('2027-06-01');
    for (let day = 0; day < 400; day++) {
      const changed = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
      expect(isFederalBusinessDay(form8822bDueDate(changed)), changed).toBe(true);
    }
  });

  it('gives Form 5472 its moved dates in the calendar', () => {
    const rule = findComplianceRule('federal_form_5472');
    expect(rule.due('2026-03-01', '2027-06-01')[0]).toMatchObject({
      dueDate: '2028-04-18',
      extendedDueDate: '2028-10-16',
      taxYear: 2027,
    });
    // The day after the statutory date still finds the moved date, not the next year's.
    expect(rule.due('2022-02-01', '2023-04-16')[0].dueDate).toBe('2023-04-18');
  });

  it("schedules an under-threshold Texas LLC's Public Information Report only, moved off a weekend", () => {
    // Fact check 5c/5d: no franchise tax report at or below the threshold since the 2024 reports; 15 May
    // 2027 is a Saturday, so the report is due Monday 17 May.
    const items = deadlinesFor({ state: 'Texas', formationDate: '2024-03-01', today: '2026-01-01', horizonDays: 600 });
    expect(items.filter((i) => i.ruleId.startsWith('texas_')).map((i) => [i.ruleId, i.dueDate])).toEqual([
      ['texas_public_information_report', '2026-05-15'],
      ['texas_public_information_report', '2027-05-17'],
    ]);
    expect(texasDueDate(2027)).toBe('2027-05-17');
    // 15 May 2032 is a Saturday too, 2033 a Sunday (to the Monday), 2028 a Monday (kept).
    expect([texasDueDate(2032), texasDueDate(2033), texasDueDate(2028)]).toEqual([
      '2032-05-17',
      '2033-05-16',
      '2028-05-15',
    ]);
    expect(findComplianceRule('texas_franchise_tax_report').status).toBe('not_required');
  });

  it('leaves the other state dates on their statutory day', () => {
    // 1 May 2027 is a Saturday: Florida's own date is kept.
    const items = deadlinesFor({ state: 'Florida', formationDate: '2025-03-01', today: '2027-01-01' });
    expect(items.find((i) => i.ruleId === 'florida_annual_report')?.dueDate).toBe('2027-05-01');
  });
});

describe('Texas and New Mexico', () => {
  it('tells the franchise tax no-tax-due threshold of the report year', () => {
    const vars = (dueDate: string) =>
      ruleTextVars({ ruleId: 'texas_franchise_tax_report', dueDate, amountCents: null, penalty: null }, 'en').threshold;
    expect(vars('2025-05-15')).toBe('$2,470,000.00');
    expect(vars('2026-05-15')).toBe('$2,650,000.00');
  });

  it('keeps only the registered agent for New Mexico', () => {
    const items = deadlinesFor({ state: 'New Mexico', formationDate: '2025-06-15', today: '2025-11-23' });
    expect(items.map((i) => i.ruleId)).toEqual(['federal_form_5472', 'registered_agent_renewal']);
    expect(findComplianceRule('new_mexico_annual_report').status).toBe('not_required');
  });
});

describe('business days (the EIN overdue rule)', () => {
  it('counts back over weekends and holidays', () => {
    // Thursday 26 November 2026 is Thanksgiving: the first business day back is Wednesday the 25th.
    expect(businessDaysBack('2026-11-26', 1)).toBe('2026-11-25');
    expect(businessDaysBack('2026-11-25', 1)).toBe('2026-11-25');
    // 20 business days back from Friday 4 December 2026 skips two weekends... and Thanksgiving.
    expect(businessDaysBetween(businessDaysBack('2026-12-04', 20), '2026-12-04')).toBe(19);
    expect(() => businessDaysBack('2026-12-04', 0)).toThrow(RangeError);
  });

  it('makes an application overdue after exactly N business days', () => {
    const today = '2026-12-04';
    const cutoff = overdueSubmittedBefore(today, 20);
    const dayBefore = businessDaysBack(cutoff, 2);
    expect(isEinOverdue({ einStatus: 'submitted_to_irs', submittedOn: cutoff }, today, 20)).toBe(false);
    expect(businessDaysBetween(cutoff, today)).toBe(19);
    expect(isEinOverdue({ einStatus: 'submitted_to_irs', submittedOn: dayBefore }, today, 20)).toBe(true);
    expect(businessDaysBetween(dayBefore, today)).toBe(20);
    expect(isEinOverdue({ einStatus: 'ein_issued', submittedOn: dayBefore }, today, 20)).toBe(false);
  });

  it('counts the business days between two dates as a walk day by day would, over any range', () => {
    // The count is worked out by weeks and the years' holidays (the mail desk's pages count two years
    // per letter); the walk is the rule as written.
    const walk = (from: string, to: string) => {
      let count = 0;
      for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isFederalBusinessDay(day)) count++;
      return count;
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9000 }), fc.integer({ min: -40, max: 1200 }), (start, length) => {
        const from = addDays('2001-01-01', start);
        const to = addDays(from, length);
        expect(businessDaysBetween(from, to)).toBe(walk(from, to));
      }),
      { numRuns: 500 },
    );
    // Around an observed New Year's Day on 31 December (1 January 2022 was a Saturday).
    expect(businessDaysBetween('2021-12-30', '2022-01-03')).toBe(1);
  });
});
