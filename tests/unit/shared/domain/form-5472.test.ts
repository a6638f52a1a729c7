import { describe, expect, it } from 'vitest';
import {
  questionnaireOpensOn,
  questionnaireReminderDays,
  questionnaireReminderOwed,
  questionnaireYear,
} from '../../../../src/shared/features/filings/filings.domain';
import { checkFilingAnswers } from '../../../../src/shared/features/filings/filings.schemas';
import {
  type FilingAnswers,
  FORM_5472_LINES,
  formFieldValues,
  PRO_FORMA_1120_LINES,
  TRANSACTION_CATEGORIES,
} from '../../../../src/shared/features/filings/form-5472.domain';

const ANSWERS: FilingAnswers = {
  taxYear: 2025,
  company: {
    name: 'Deniz Yazılım LLC',
    ein: '123456789',
    street: '30 N Gould St Ste R',
    city: 'Sheridan',
    stateZip: 'WY 82801',
    country: 'United States',
    formedOn: '2025-03-01',
    state: 'Wyoming',
    activity: 'Custom software development',
    activityCode: '541511',
    totalAssetsCents: 1_250_000,
  },
  owner: {
    name: 'Deniz Şahin',
    street: 'Bağdat Cad. 12/4',
    city: 'İstanbul',
    postalCode: '34710',
    country: 'Türkiye',
    citizenship: 'Türkiye',
    taxResidence: 'Almanya',
    foreignTaxId: '12345678901',
    usTaxId: '912-34-5678',
  },
  transactions: {
    none: false,
    amounts: {
      contributions: 200_000,
      distributions: 50_000,
      loansFromOwner: 300_000,
      loansToOwner: 250_000,
      servicesPaidToOwner: 120_000,
      servicesFromOwner: 80_000,
      otherPaid: 10_000,
      otherReceived: 20_000,
    },
    otherDescription: 'Phone bill paid for the owner',
  },
};

const byLine = (lines: typeof FORM_5472_LINES, answers: FilingAnswers) =>
  Object.fromEntries(lines.map((l) => [`${l.line} ${l.label}`, l.value(answers)]));

describe('Form 5472 line by line', () => {
  const lines = byLine(FORM_5472_LINES, ANSWERS);
  const line = (n: string) => FORM_5472_LINES.filter((l) => l.line === n).map((l) => lines[`${l.line} ${l.label}`]);

  it('puts the reporting corporation in Part I', () => {
    expect(line('1a')).toEqual(['Deniz Yazılım LLC', '30 N Gould St Ste R', 'Sheridan, WY 82801']);
    expect(line('1b')).toEqual(['12-3456789']);
    expect(line('1c')).toEqual(['12,500']);
    expect(line('1d')).toEqual(['Custom software development']);
    expect(line('1e')).toEqual(['541511']);
    // 1f: every Part IV and Part V amount, in whole dollars.
    expect(line('1f')).toEqual(['10,300']);
    expect(line('1g')).toEqual(['1']);
    expect(line('1l')).toEqual(['United States']);
    expect(line('1m')).toEqual(['03/01/2025']);
  });

  it('puts the owner in Part II as the 25% foreign shareholder and in Part III as the related party', () => {
    const who = 'Deniz Şahin, Bağdat Cad. 12/4, İstanbul 34710, Türkiye';
    expect(line('4a')).toEqual([who]);
    expect(line('4b(1)')).toEqual(['912-34-5678']);
    expect(line('4b(3)')).toEqual(['12345678901']);
    expect(line('4c')).toEqual(['Almanya']);
    expect(line('4d')).toEqual(['Türkiye']);
    expect(line('4e')).toEqual(['Almanya']);
    expect(line('8a')).toEqual([who]);
    expect(line('8b(3)')).toEqual(['12345678901']);
    expect(line('8g')).toEqual(['Almanya']);
  });

  it('puts each transaction category on its Part IV line, and contributions and distributions in Part V', () => {
    expect(line('15')).toEqual(['800']);
    expect(line('17b')).toEqual(['3,000']);
    expect(line('21')).toEqual(['200']);
    expect(line('22')).toEqual(['4,000']);
    expect(line('29')).toEqual(['1,200']);
    expect(line('31b')).toEqual(['2,500']);
    expect(line('35')).toEqual(['100']);
    expect(line('36')).toEqual(['3,800']);
    expect(line('37')).toEqual(['X — Contributions $2,000; Distributions $500']);
    expect(line('stmt')).toEqual(['Phone bill paid for the owner']);
  });

  it('leaves every transaction line empty for a confirmed "No transactions", and says none in Part V', () => {
    const none: FilingAnswers = { ...ANSWERS, transactions: { ...ANSWERS.transactions, none: true } };
    const values = formFieldValues('f5472', none);
    for (const field of [
      'f5472_15_services_received',
      'f5472_17b_borrowed',
      'f5472_29_services_paid',
      'f5472_36_total_paid',
    ]) {
      expect(values[field], field).toBe('');
    }
    expect(values.f5472_1f_total).toBe('0');
    expect(values.f5472_37_de_transactions).toBe('None');
  });

  it('gives every line its own field, and every category a line', () => {
    const fields = FORM_5472_LINES.map((l) => l.field);
    expect(new Set(fields).size).toBe(fields.length);
    const one = (category: (typeof TRANSACTION_CATEGORIES)[number]) => ({
      ...ANSWERS,
      transactions: {
        none: false,
        amounts: Object.fromEntries(
          TRANSACTION_CATEGORIES.map((c) => [c, c === category ? 100_00 : 0]),
        ) as FilingAnswers['transactions']['amounts'],
        otherDescription: '',
      },
    });
    for (const category of TRANSACTION_CATEGORIES) {
      const values = formFieldValues('f5472', one(category));
      expect(values.f5472_1f_total, category).toBe('100');
    }
  });
});

describe('the pro forma 1120', () => {
  it('carries the identity, total assets and "Foreign-owned U.S. DE" across the top', () => {
    const values = formFieldValues('f1120', ANSWERS);
    expect(values).toEqual({
      f1120_banner: 'Foreign-owned U.S. DE',
      f1120_tax_year: '2025',
      f1120_name: 'Deniz Yazılım LLC',
      f1120_street: '30 N Gould St Ste R',
      f1120_city: 'Sheridan, WY 82801',
      f1120_b_ein: '12-3456789',
      f1120_c_date: '03/01/2025',
      f1120_d_assets: '12,500',
    });
    expect(PRO_FORMA_1120_LINES.map((l) => l.line)).toEqual(['top', 'year', 'name', 'street', 'city', 'B', 'C', 'D']);
  });
});

describe("the questionnaire's checks", () => {
  const draft = {
    company: { ...ANSWERS.company, ein: '12-3456789' },
    owner: ANSWERS.owner,
    transactions: ANSWERS.transactions,
  };
  it('accepts complete answers', () => {
    const checked = checkFilingAnswers(draft, 2025);
    expect(checked.ok).toBe(true);
  });
  it('names each wrong field with its translated message key', () => {
    const checked = checkFilingAnswers(
      {
        company: { ...draft.company, name: '', ein: '00-1234567', activityCode: '12', totalAssetsCents: -1 },
        owner: { ...draft.owner, foreignTaxId: '', usTaxId: '12' },
        transactions: { none: null, amounts: {} },
      },
      2025,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fields).toMatchObject({
      'company.name': 'filings.validation.companyNameRequired',
      'company.ein': 'validation.einInvalid',
      'company.activityCode': 'filings.validation.activityCodeInvalid',
      'company.totalAssetsCents': 'filings.validation.amountInvalid',
      'owner.foreignTaxId': 'filings.validation.foreignTaxIdRequired',
      'owner.usTaxId': 'filings.validation.usTaxIdInvalid',
      'transactions.none': 'filings.validation.transactionsChoice',
    });
  });
  it('never takes "No transactions" for granted: it must be chosen, and it excludes amounts', () => {
    const unchosen = checkFilingAnswers({ ...draft, transactions: { none: false, amounts: {} } }, 2025);
    expect(!unchosen.ok && unchosen.fields['transactions.none']).toBe('filings.validation.confirmNone');
    const both = checkFilingAnswers({ ...draft, transactions: { none: true, amounts: { otherPaid: 1 } } }, 2025);
    expect(!both.ok && both.fields['transactions.none']).toBe('filings.validation.noneButAmounts');
    const undescribed = checkFilingAnswers(
      { ...draft, transactions: { none: false, amounts: { otherPaid: 100 }, otherDescription: ' ' } },
      2025,
    );
    expect(!undescribed.ok && undescribed.fields['transactions.otherDescription']).toBe(
      'filings.validation.otherDescriptionRequired',
    );
    expect(checkFilingAnswers({ ...draft, transactions: { none: true, amounts: {} } }, 2025).ok).toBe(true);
  });
});

describe('the questionnaire calendar', () => {
  it('opens on 2 January for the year before', () => {
    expect(questionnaireOpensOn(2025)).toBe('2026-01-02');
    expect(questionnaireYear('2026-01-01')).toBeNull();
    expect(questionnaireYear('2026-01-02')).toBe(2025);
    expect(questionnaireYear('2026-12-31')).toBe(2025);
  });
  it('reminds on 15 January, 15 February, 1 March, then weekly up to the due date', () => {
    expect(questionnaireReminderDays(2025, '2026-04-15')).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-01',
      '2026-03-08',
      '2026-03-15',
      '2026-03-22',
      '2026-03-29',
      '2026-04-05',
      '2026-04-12',
    ]);
  });
  it('owes the latest reminder day reached, none before the first or after the due date', () => {
    expect(questionnaireReminderOwed(2025, '2026-04-15', '2026-01-14')).toBeNull();
    expect(questionnaireReminderOwed(2025, '2026-04-15', '2026-01-15')).toBe('2026-01-15');
    expect(questionnaireReminderOwed(2025, '2026-04-15', '2026-02-20')).toBe('2026-02-15');
    expect(questionnaireReminderOwed(2025, '2026-04-15', '2026-04-15')).toBe('2026-04-12');
    expect(questionnaireReminderOwed(2025, '2026-04-15', '2026-04-16')).toBeNull();
    // Extended to 15 October: the weekly reminders go on until then.
    expect(questionnaireReminderOwed(2025, '2026-10-15', '2026-10-14')).toBe('2026-10-11');
  });
});
