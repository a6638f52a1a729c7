import { describe, expect, it } from 'vitest';
import { findComplianceRule } from '../../../../src/shared/catalogue/compliance';
import { ruleTextVars } from '../../../../src/shared/catalogue/compliance-format';
import { formatCalendarDateLong } from '../../../../src/shared/format/dates';

describe('compliance texts', () => {
  it('reads a calendar date the same in every time zone', () => {
    expect(formatCalendarDateLong('2027-03-01', 'en')).toBe('March 1, 2027');
    expect(formatCalendarDateLong('2027-03-01', 'tr')).toBe('1 Mart 2027');
  });

  // Written by hand (decision 0063): the texts must stay what ICU says for tr-TR and en-US.
  it('writes every month as Intl.DateTimeFormat does', () => {
    for (const [lang, locale] of [
      ['tr', 'tr-TR'],
      ['en', 'en-US'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
      for (let month = 1; month <= 12; month++) {
        for (const day of ['01', '09', '28']) {
          const iso = `2026-${String(month).padStart(2, '0')}-${day}`;
          expect(formatCalendarDateLong(iso, lang)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
        }
      }
    }
  });

  it('writes a monthly rate as Intl.NumberFormat percent does', () => {
    for (const [lang, locale] of [
      ['tr', 'tr-TR'],
      ['en', 'en-US'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
      for (const bp of [0, 5, 33, 50, 100, 125, 150, 1000]) {
        const item = { amountCents: null, penalty: { amountCents: null, monthlyRateBasisPoints: bp } };
        expect(ruleTextVars(item, lang).rate).toBe(intl.format(bp / 10_000));
      }
    }
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
