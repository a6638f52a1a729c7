import { describe, expect, it } from 'vitest';
import { renderMail } from '../../src/server/platform/mail/templates';
import { COMPLIANCE_RULES } from '../../src/shared/catalogue/compliance';
import { stateCosts } from '../../src/shared/catalogue/costs';
import { PACKAGES, REGISTERED_AGENT_RENEWAL } from '../../src/shared/catalogue/packages';
import { CALIFORNIA_LLC_MIN_TAX, FEATURED_STATES, STATE_FEES_CHECKED_ON } from '../../src/shared/catalogue/states';
import { STAGE_WAIT_DEFAULTS, TIMINGS } from '../../src/shared/catalogue/timings';
import { translate } from '../../src/shared/i18n';
import { LANGUAGES } from '../../src/shared/i18n/languages';

/*
 * The claims a customer reads (decision 0033): what a package sells, what the state charges, how long the
 * EIN takes and what a stage label says. Each is one catalogue value, and each text says only that.
 */

const includesOf = (lang: 'tr' | 'en') =>
  PACKAGES.flatMap((p) => p.includes.map((key) => translate(lang, `catalogue.packageIncludes.${key}`)));

describe('what the packages promise', () => {
  it('sells no filing the compliance calendar calls not required (FinCEN BOI since March 2025)', () => {
    const notRequired = COMPLIANCE_RULES.filter((r) => r.status === 'not_required');
    expect(notRequired.map((r) => r.id)).toContain('fincen_boi');
    for (const lang of LANGUAGES) {
      const texts = includesOf(lang).join('\n').toLowerCase();
      expect(texts).not.toContain('fincen');
      for (const rule of notRequired) {
        expect(texts).not.toContain(translate(lang, `compliance.rules.${rule.id}.name`).toLowerCase());
      }
    }
  });

  it('promises applications, not approvals, for accounts a bank or provider decides on', () => {
    for (const key of ['bankAccount', 'paymentProvider']) {
      expect(translate('tr', `catalogue.packageIncludes.${key}`)).toMatch(/başvurusu ve takibi$/);
      expect(translate('en', `catalogue.packageIncludes.${key}`)).toMatch(/application and follow-up$/);
    }
  });

  it('lists the shared address in every package, as the wizard says it comes with either', () => {
    for (const pkg of PACKAGES) expect(pkg.includes as readonly string[]).toContain('sharedAddress');
  });
});

describe('the state fees', () => {
  it('keep the official source and the day checked beside each figure', () => {
    for (const state of FEATURED_STATES) {
      for (const fee of ['filingFee', 'annualFee'] as const) {
        expect(state.sources[fee].url).toMatch(/^https:\/\/[a-z.]+\.(gov|us)\//);
        expect(state.sources[fee].checkedOn).toBe(STATE_FEES_CHECKED_ON);
      }
    }
  });

  it("state Delaware's LLC Certificate of Formation at $110, its fee since 2023", () => {
    expect(FEATURED_STATES.find((s) => s.name === 'Delaware')?.filingFee).toBe(11_000);
  });

  it('sum a first-year total and a yearly cost from their parts', () => {
    const wyoming = FEATURED_STATES.find((s) => s.name === 'Wyoming');
    if (!wyoming) throw new Error('Wyoming is featured');
    const costs = stateCosts(wyoming);
    expect(costs.firstYear.total).toBe(wyoming.filingFee + wyoming.registeredAgentFee);
    expect(costs.yearly.total).toBe(wyoming.annualFee + REGISTERED_AGENT_RENEWAL);
    expect(costs.firstYear).toEqual({ filingFee: 10_000, registeredAgent: 9_900, total: 19_900 });
  });

  it('name which registered agent price is the first year and which the renewal', () => {
    expect(translate('tr', 'catalogue.stateFees.registeredAgentFee')).toMatch(/ilk yıl/);
    expect(translate('en', 'catalogue.stateFees.registeredAgentFee')).toMatch(/first year/);
    expect(translate('tr', 'catalogue.registeredAgentRenewal')).toMatch(/ikinci yıldan/);
    expect(translate('en', 'catalogue.registeredAgentRenewal')).toMatch(/second year/);
  });
});

describe('the EIN wait', () => {
  it('is one catalogue value: the stage cards default to it too', () => {
    const weekTimings = Object.entries(TIMINGS).filter(([key]) => key.startsWith('ein') && key !== 'einFax');
    expect(weekTimings.map(([key]) => key)).toEqual(['ein']);
    expect(STAGE_WAIT_DEFAULTS.ein.submitted_to_irs).toBe(TIMINGS.ein);
    expect(STAGE_WAIT_DEFAULTS.formation.ein_created).toBe(TIMINGS.ein);
  });

  it("is the mail's wait, with how the form travels", () => {
    const tr = renderMail('einSubmittedToIrs', 'tr', { name: 'Ayşe', url: 'https://x.test/dashboard' });
    expect(tr.text).toContain(`${TIMINGS.ein.min}-${TIMINGS.ein.max} hafta`);
    expect(tr.text).toContain(`${TIMINGS.einFax.max} iş günü`);
    expect(tr.text).toContain('faks');
    const en = renderMail('einSubmittedToIrs', 'en', { name: 'Ayşe', url: 'https://x.test/dashboard' });
    expect(en.text).toContain(`${TIMINGS.ein.min}-${TIMINGS.ein.max} weeks`);
    expect(en.text).not.toMatch(/a few weeks/);
  });
});

describe('the texts claim only what happened or holds', () => {
  it('label the third formation stage as an application, not an issued EIN', () => {
    expect(translate('tr', 'catalogue.formationStatus.ein_created')).toBe('EIN Başvurusu Yapıldı');
    expect(translate('en', 'catalogue.formationStatus.ein_created')).toBe('EIN Applied');
  });

  it('say the same on the "let us file it" button in both languages', () => {
    expect(translate('tr', 'compliance.card.letUsFile', { price: '$1' })).toBe('Sizin yerinize biz yapalım ($1)');
  });

  it('state no rejection rule the IRS does not have, and no guaranteed formation time', () => {
    expect(translate('tr', 'ss4.sign.body')).not.toMatch(/reddeder/);
    expect(translate('en', 'ss4.sign.body')).not.toMatch(/rejects/);
    for (const key of ['catalogue.timing.wyomingNote', 'auth.benefits.fast.body', 'formation.stepByStep.wait.body']) {
      expect(translate('tr', key)).not.toMatch(/en fazla/);
      expect(translate('en', key)).not.toMatch(/at most/);
    }
    expect(translate('tr', 'auth.benefits.fast.title')).not.toMatch(/hazır/);
  });
});

describe('the compliance texts', () => {
  it("say Wyoming's report is due every year on the first day of the formation month, dissolution 60 days after the state's notice", () => {
    expect(translate('tr', 'compliance.rules.wyoming_annual_report.what')).toMatch(/Her yıl.*kurulduğu ayın ilk günü/);
    expect(translate('en', 'compliance.rules.wyoming_annual_report.what')).toMatch(/every year.*March 1 each year/);
    // Fact check 1d: the statute counts the 60 days from the notice, and one source names a late fee.
    expect(translate('tr', 'compliance.rules.wyoming_annual_report.penalty')).toMatch(/bildirimden sonra 60 gün/);
    expect(translate('en', 'compliance.rules.wyoming_annual_report.penalty')).toMatch(/60 days after that notice/);
    for (const lang of LANGUAGES) {
      expect(translate(lang, 'compliance.rules.wyoming_annual_report.penalty')).not.toMatch(
        /No late fee|Gecikme cezası yok/,
      );
    }
  });

  it('explain the pro forma 1120 and the 1065 of a company with two or more owners', () => {
    for (const lang of LANGUAGES) {
      const what = translate(lang, 'compliance.rules.federal_form_5472.what');
      expect(what).toMatch(/pro forma Form 1120/);
      expect(what).toMatch(/Form 1065/);
      // FACTS-CHECKED records no due date for Form 1065: the text says so instead of giving one.
      expect(what).not.toMatch(/15 (March|Mart)|March 15/);
      expect(what).toMatch(
        lang === 'tr' ? /kontrol ettiğimiz bilgiler arasında değil/ : /not among the facts we have checked/,
      );
      expect(what).toMatch(lang === 'tr' ? /kapak formu/ : /cover form/);
    }
  });

  it("name the untracked state's yearly tax with California's minimum from the catalogue, in Turkish throughout", () => {
    const tr = translate('tr', 'compliance.card.untracked', { state: 'California', californiaTax: '$800,00' });
    expect(tr).toContain('en az $800,00');
    expect(tr).not.toMatch(/Secretary of State sayfasına/);
    expect(CALIFORNIA_LLC_MIN_TAX.amount).toBe(80_000);
    expect(translate('en', 'compliance.card.untracked', { state: 'Ohio', californiaTax: '$800.00' })).toContain(
      'at least $800.00 a year',
    );
  });
});
