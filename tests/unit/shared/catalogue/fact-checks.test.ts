/**
 * Decision 0073: every figure carries the kind of source that confirmed it, and the "checked on" label
 * the customer reads is derived from that kind, never typed; the unconfirmed Delaware rate is a dated
 * watch note; the IRS's 5472 fax and address are in the catalogue with their source.
 */
import { describe, expect, it } from 'vitest';
import { COMPLIANCE_RULES, findComplianceRule } from '../../../../src/shared/catalogue/compliance';
import {
  FACT_CHECKS,
  FACTS_CHECKED_ON,
  factLabel,
  factLabelText,
  watchNotesOn,
} from '../../../../src/shared/catalogue/fact-checks';
import { IRS_FORM_5472_SEND_TO, IRS_SS4_DOMESTIC_FAX } from '../../../../src/shared/catalogue/irs-fax';
import { FEATURED_STATES, stateFeesLabel } from '../../../../src/shared/catalogue/states';
import { translate } from '../../../../src/shared/i18n';
import { LANGUAGES } from '../../../../src/shared/i18n/languages';

const labelOf = (id: Parameters<typeof findComplianceRule>[0]) => factLabel(findComplianceRule(id).checks);

describe('the "checked on" labels', () => {
  it('say "checked against" only where an official text confirmed every figure', () => {
    expect(labelOf('florida_annual_report')).toEqual({
      kind: 'official',
      source: 'Fla. Stat. § 607.193',
      date: '2026-11-28',
    });
    expect(labelOf('texas_public_information_report')).toMatchObject({ kind: 'official', source: 'Texas Comptroller' });
    // A late rule, a penalty or a due date confirmed only by third-party pages makes the whole item "reviewed".
    for (const id of [
      'wyoming_annual_report',
      'delaware_llc_annual_tax',
      'federal_form_5472',
      'new_mexico_annual_report',
      'fincen_boi',
    ] as const) {
      expect(labelOf(id), id).toEqual({ kind: 'third_party', source: null, date: '2026-11-28' });
    }
    expect(labelOf('registered_agent_renewal').kind).toBe('ours');
  });

  it('follow the source kind, not the rule: flipping a check flips the wording', () => {
    const official = factLabelText(factLabel([FACT_CHECKS.floridaAnnualReport]), true);
    const third = factLabelText(factLabel([FACT_CHECKS.floridaAnnualReport, FACT_CHECKS.wyomingLateRule]), true);
    expect(official).toEqual({ key: 'checkedAgainst', source: 'Fla. Stat. § 607.193', date: FACTS_CHECKED_ON });
    expect(third?.key).toBe('reviewed');
    expect(factLabelText(factLabel([FACT_CHECKS.newMexicoNoReport]), false)?.key).toBe('reviewedRule');
    expect(factLabelText(factLabel([]), true)).toBeNull();
    expect(
      translate('en', 'compliance.card.checkedAgainst', { source: 'Fla. Stat. § 607.193', date: 'November 28, 2026' }),
    ).toBe('checked against Fla. Stat. § 607.193 on November 28, 2026');
    expect(translate('en', 'compliance.card.reviewed', { date: 'November 28, 2026' })).toBe(
      'reviewed on November 28, 2026; the official page has the amount in force',
    );
  });

  it('give every rule but our own price a fact-check row of 28 November 2026', () => {
    for (const rule of COMPLIANCE_RULES) {
      for (const check of rule.checks) {
        expect(check.checkedOn).toBe('2026-11-28');
        // A row of FACTS-CHECKED.md, or of BANK-AND-MAIL-FACTS.md by its table (Form 8822-B's).
        expect(check.row).toMatch(/^(\d[a-g]?|BM:[\w-]+)$/);
        expect(check.kind === 'official').toBe(check.source !== '');
      }
    }
  });

  it('make the fee pages say "reviewed": the formation fees rest on third-party pages', () => {
    expect(stateFeesLabel(FEATURED_STATES)).toEqual({ kind: 'third_party', source: null, date: '2026-11-28' });
    for (const state of FEATURED_STATES) expect(state.sources.filingFee.check.kind).toBe('third_party');
    expect(FEATURED_STATES.find((s) => s.name === 'Florida')?.sources.annualFee.check.kind).toBe('official');
  });
});

describe('the texts the facts changed', () => {
  it('cite the August 2026 final rule for FinCEN, the exemption unchanged', () => {
    for (const lang of LANGUAGES) {
      const what = translate(lang, 'compliance.rules.fincen_boi.what');
      expect(what).toMatch(lang === 'tr' ? /Ağustos 2026/ : /August 2026/);
      expect(what).not.toMatch(/26 March 2025|26 Mart 2025/);
    }
  });

  it('run Delaware interest on the penalty too', () => {
    expect(translate('en', 'compliance.rules.delaware_llc_annual_tax.penalty')).toMatch(
      /on the unpaid tax and the penalty/,
    );
    expect(translate('tr', 'compliance.rules.delaware_llc_annual_tax.penalty')).toMatch(/vergiye ve cezaya/);
  });

  it("drop Texas's franchise tax report below the threshold for the Public Information Report", () => {
    for (const lang of LANGUAGES) {
      expect(translate(lang, 'compliance.rules.texas_franchise_tax_report.what')).not.toMatch(
        /still files|yine de verir/,
      );
      expect(translate(lang, 'compliance.rules.texas_public_information_report.penalty')).not.toMatch(
        /counts as not filed|verilmemiş sayılır/,
      );
    }
    expect(translate('en', 'compliance.rules.texas_public_information_report.what')).toMatch(/17 May/);
  });
});

describe('the Delaware watch note', () => {
  it('asks the operator to check the reported $400 before 1 June 2027, and says so late after it', () => {
    const [note] = watchNotesOn('2026-11-28');
    expect(note).toMatchObject({
      id: 'delaware_llc_tax_400',
      ruleId: 'delaware_llc_annual_tax',
      checkBy: '2027-06-01',
      reportedCents: 40_000,
      shownCents: findComplianceRule('delaware_llc_annual_tax').amountCents,
      row: '3b',
      overdue: false,
    });
    expect(watchNotesOn('2027-06-02')[0].overdue).toBe(true);
  });
});

describe("the IRS's addresses", () => {
  it('hold the Form 5472 fax and Ogden address, and the domestic SS-4 fax, with their sources', () => {
    expect(IRS_FORM_5472_SEND_TO.fax).toEqual({ number: '855-887-7737', e164: '+18558877737' });
    expect(IRS_FORM_5472_SEND_TO.mail.join(', ')).toBe(
      'Internal Revenue Service, 1973 Rulon White Blvd, M/S 6112, Attn: PIN Unit, Ogden, UT 84201',
    );
    expect(IRS_FORM_5472_SEND_TO.check).toMatchObject({ row: '6g', kind: 'third_party' });
    expect(IRS_FORM_5472_SEND_TO.source.url).toMatch(/^https:\/\/www\.irs\.gov\//);
    expect(IRS_SS4_DOMESTIC_FAX.number.number).toBe('855-641-6935');
    expect(IRS_SS4_DOMESTIC_FAX.check.row).toBe('6b');
  });
});
