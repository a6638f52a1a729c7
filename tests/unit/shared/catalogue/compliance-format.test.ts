import { describe, expect, it } from 'vitest';
import { findComplianceRule } from '../../../../src/shared/catalogue/compliance';
import { formatCalendarDate, ruleTextVars } from '../../../../src/shared/catalogue/compliance-format';

describe('compliance texts', () => {
  it('reads a calendar date the same in every time zone', () => {
    expect(formatCalendarDate('2027-03-01', 'en')).toBe('March 1, 2027');
    expect(formatCalendarDate('2027-03-01', 'tr')).toBe('1 Mart 2027');
  });

  it("fills the rules' amounts, penalties and rates from the rule, per language", () => {
    const delaware = findComplianceRule('delaware_llc_annual_tax');
    expect(ruleTextVars(delaware, 'en')).toEqual({
      amount: '$300.00',
      penaltyAmount: '$200.00',
      rate: '1.5%',
      threshold: '',
    });
    expect(ruleTextVars(delaware, 'tr')).toMatchObject({ penaltyAmount: '$200,00', rate: '%1,5' });
    expect(ruleTextVars(findComplianceRule('fincen_boi'), 'en')).toEqual({
      amount: '',
      penaltyAmount: '',
      rate: '',
      threshold: '',
    });
  });
});
