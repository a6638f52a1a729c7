/**
 * Form 5472 and the pro forma Form 1120 of a foreign-owned U.S. disregarded entity (DE), line by line:
 * which answer of the yearly questionnaire goes on which line, and which field of a fillable template
 * carries it. The generator, the data sheet and their tests all read this file (decision 0051).
 *
 * Lines follow Form 5472 (Rev. December 2023) and its instructions (Rev. January 2024), which number
 * every line of the form in one sequence: Part I lines 1a–1o and 2, Part II (the 25% foreign
 * shareholder) 4a–4e, Part III (the related party) 8a–8g, Part IV's monetary transactions 9–36, and
 * Part V's reportable transactions of a foreign-owned U.S. DE (line 37 with an attached statement).
 * For a single-member foreign-owned DE the owner is both the 25% foreign shareholder and the related
 * party, so Parts II and III carry the same person. The pro forma 1120 carries only the entity's
 * identity (name, EIN, address, date incorporated, total assets) with "Foreign-owned U.S. DE" across
 * the top, as the Form 5472 instructions ask.
 *
 * The field names are this portal's own (`f5472_1a_name`, …). The operator's template (F5472_TEMPLATE_PATH,
 * F1120_TEMPLATE_PATH) either carries fields of these names or comes with a field map
 * (F5472_FIELD_MAP_PATH, F1120_FIELD_MAP_PATH) naming the PDF's own field for each; the generator refuses
 * a template that lacks a mapped field (filings-forms.service.ts).
 */

export const FORM_5472_REVISION = {
  label: 'Rev. December 2023',
  source: 'https://www.irs.gov/forms-pubs/about-form-5472',
} as const;

/** What the top of a pro forma 1120 must say, in the IRS's words. */
export const PRO_FORMA_BANNER = 'Foreign-owned U.S. DE';

/** The reportable transactions between the owner and the company, by the form's categories, in cents. */
export const TRANSACTION_CATEGORIES = [
  'contributions',
  'distributions',
  'loansFromOwner',
  'loansToOwner',
  'servicesPaidToOwner',
  'servicesFromOwner',
  'otherPaid',
  'otherReceived',
] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

export interface FilingCompanyAnswers {
  name: string;
  /** Nine digits. */
  ein: string;
  street: string;
  city: string;
  /** US state (or region, for a foreign mailing address) and ZIP code. */
  stateZip: string;
  /** The mailing address's country: "United States" for an address in the US. */
  country: string;
  /** YYYY-MM-DD. */
  formedOn: string;
  /** The state of formation. */
  state: string;
  activity: string;
  /** The six-digit principal business activity code of the Form 1120 instructions. */
  activityCode: string;
  totalAssetsCents: number;
}

export interface FilingOwnerAnswers {
  name: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  citizenship: string;
  taxResidence: string;
  foreignTaxId: string;
  /** A U.S. identifying number (SSN or ITIN) if the owner has one; '' otherwise. */
  usTaxId: string;
}

export interface FilingTransactionAnswers {
  /** "No transactions", confirmed: every amount is 0. */
  none: boolean;
  amounts: Record<TransactionCategory, number>;
  /** What the "other" amounts were. */
  otherDescription: string;
}

export interface FilingAnswers {
  taxYear: number;
  company: FilingCompanyAnswers;
  owner: FilingOwnerAnswers;
  transactions: FilingTransactionAnswers;
}

export type FormId = 'f5472' | 'f1120';

export interface FormLine {
  form: FormId;
  /** The line as printed on the form ("1a", "4b(3)", "D"). */
  line: string;
  /** The form's own words (English: the form is filed in English). */
  label: string;
  /** The template's text field. */
  field: string;
  value: (a: FilingAnswers) => string;
}

/** Whole US dollars, as the form asks ("Enter all information in English and money items in U.S. dollars"). */
export function dollars(cents: number): string {
  return Math.round(cents / 100).toLocaleString('en-US');
}

const amount = (category: TransactionCategory) => (a: FilingAnswers) => {
  const cents = a.transactions.none ? 0 : a.transactions.amounts[category];
  return cents ? dollars(cents) : '';
};

export function formatEinDigits(ein: string): string {
  return /^\d{9}$/.test(ein) ? `${ein.slice(0, 2)}-${ein.slice(2)}` : ein;
}

function usDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

/** Part IV lines received by the company (9–22) and paid by it (23–36) that the questionnaire fills. */
const RECEIVED: TransactionCategory[] = ['loansFromOwner', 'servicesFromOwner', 'otherReceived'];
const PAID: TransactionCategory[] = ['loansToOwner', 'servicesPaidToOwner', 'otherPaid'];
const PART_V: TransactionCategory[] = ['contributions', 'distributions'];

function sumOf(a: FilingAnswers, categories: TransactionCategory[]): number {
  if (a.transactions.none) return 0;
  return categories.reduce((total, c) => total + a.transactions.amounts[c], 0);
}

/** Line 1f: every related-party transaction of this form, Parts IV and V. */
export function totalTransactionsCents(a: FilingAnswers): number {
  return sumOf(a, [...RECEIVED, ...PAID, ...PART_V]);
}

const money = (cents: number) => (cents ? dollars(cents) : '');
const ownerAddress = (a: FilingAnswers) =>
  [a.owner.name, a.owner.street, `${a.owner.city} ${a.owner.postalCode}`.trim(), a.owner.country]
    .filter(Boolean)
    .join(', ');

/** Form 5472's lines, in the form's order. */
export const FORM_5472_LINES: readonly FormLine[] = [
  {
    form: 'f5472',
    line: 'top',
    label: 'Tax year of the reporting corporation beginning / ending',
    field: 'f5472_tax_year',
    value: (a) => `01/01/${a.taxYear} – 12/31/${a.taxYear}`,
  },
  {
    form: 'f5472',
    line: '1a',
    label: 'Name of reporting corporation',
    field: 'f5472_1a_name',
    value: (a) => a.company.name,
  },
  {
    form: 'f5472',
    line: '1a',
    label: 'Number, street, and room or suite no.',
    field: 'f5472_1a_street',
    value: (a) => a.company.street,
  },
  {
    form: 'f5472',
    line: '1a',
    label: 'City or town, state, and ZIP code (country if foreign)',
    field: 'f5472_1a_city',
    value: (a) =>
      [a.company.city, a.company.stateZip, a.company.country === 'United States' ? '' : a.company.country]
        .filter(Boolean)
        .join(', '),
  },
  {
    form: 'f5472',
    line: '1b',
    label: 'Employer identification number',
    field: 'f5472_1b_ein',
    value: (a) => formatEinDigits(a.company.ein),
  },
  {
    form: 'f5472',
    line: '1c',
    label: 'Total assets',
    field: 'f5472_1c_assets',
    value: (a) => dollars(a.company.totalAssetsCents),
  },
  {
    form: 'f5472',
    line: '1d',
    label: 'Principal business activity',
    field: 'f5472_1d_activity',
    value: (a) => a.company.activity,
  },
  {
    form: 'f5472',
    line: '1e',
    label: 'Principal business activity code',
    field: 'f5472_1e_code',
    value: (a) => a.company.activityCode,
  },
  {
    form: 'f5472',
    line: '1f',
    label: 'Total value of gross payments made or received reported on this Form 5472',
    field: 'f5472_1f_total',
    value: (a) => dollars(totalTransactionsCents(a)),
  },
  {
    form: 'f5472',
    line: '1g',
    label: 'Total number of Forms 5472 filed for the tax year',
    field: 'f5472_1g_count',
    value: () => '1',
  },
  {
    form: 'f5472',
    line: '1h',
    label: 'Total value of gross payments made or received reported on all Forms 5472',
    field: 'f5472_1h_total_all',
    value: (a) => dollars(totalTransactionsCents(a)),
  },
  {
    form: 'f5472',
    line: '1l',
    label: 'Country of incorporation',
    field: 'f5472_1l_country',
    value: () => 'United States',
  },
  {
    form: 'f5472',
    line: '1m',
    label: 'Date of incorporation',
    field: 'f5472_1m_date',
    value: (a) => usDate(a.company.formedOn),
  },
  {
    form: 'f5472',
    line: '1n',
    label: 'Country(ies) under whose laws the reporting corporation files an income tax return as a resident',
    field: 'f5472_1n_tax_country',
    value: () => 'None (foreign-owned U.S. DE)',
  },
  {
    form: 'f5472',
    line: '1o',
    label: 'Principal country(ies) where business is conducted',
    field: 'f5472_1o_business_country',
    value: () => 'United States',
  },
  {
    form: 'f5472',
    line: '4a',
    label: 'Name and address of direct 25% foreign shareholder',
    field: 'f5472_4a_name_address',
    value: ownerAddress,
  },
  {
    form: 'f5472',
    line: '4b(1)',
    label: 'U.S. identifying number, if any',
    field: 'f5472_4b1_us_id',
    value: (a) => a.owner.usTaxId,
  },
  {
    form: 'f5472',
    line: '4b(3)',
    label: 'Foreign taxpayer identification number (FTIN)',
    field: 'f5472_4b3_ftin',
    value: (a) => a.owner.foreignTaxId,
  },
  {
    form: 'f5472',
    line: '4c',
    label: 'Principal country(ies) where business is conducted',
    field: 'f5472_4c_business_country',
    value: (a) => a.owner.taxResidence,
  },
  {
    form: 'f5472',
    line: '4d',
    label: 'Country of citizenship, organization, or incorporation',
    field: 'f5472_4d_citizenship',
    value: (a) => a.owner.citizenship,
  },
  {
    form: 'f5472',
    line: '4e',
    label: 'Country(ies) under whose laws the direct 25% foreign shareholder files an income tax return as a resident',
    field: 'f5472_4e_tax_residence',
    value: (a) => a.owner.taxResidence,
  },
  {
    form: 'f5472',
    line: '8a',
    label: 'Name and address of related party',
    field: 'f5472_8a_name_address',
    value: ownerAddress,
  },
  {
    form: 'f5472',
    line: '8b(1)',
    label: 'U.S. identifying number, if any',
    field: 'f5472_8b1_us_id',
    value: (a) => a.owner.usTaxId,
  },
  {
    form: 'f5472',
    line: '8b(3)',
    label: 'Foreign taxpayer identification number (FTIN)',
    field: 'f5472_8b3_ftin',
    value: (a) => a.owner.foreignTaxId,
  },
  {
    form: 'f5472',
    line: '8e',
    label: 'Relationship: related to reporting corporation and 25% foreign shareholder',
    field: 'f5472_8e_relationship',
    value: () => '25% foreign shareholder',
  },
  {
    form: 'f5472',
    line: '8f',
    label: 'Principal country(ies) where business is conducted',
    field: 'f5472_8f_business_country',
    value: (a) => a.owner.taxResidence,
  },
  {
    form: 'f5472',
    line: '8g',
    label: 'Country(ies) under whose laws the related party files an income tax return as a resident',
    field: 'f5472_8g_tax_residence',
    value: (a) => a.owner.taxResidence,
  },
  {
    form: 'f5472',
    line: '15',
    label: 'Consideration received for technical, managerial, engineering, construction, scientific, or like services',
    field: 'f5472_15_services_received',
    value: amount('servicesFromOwner'),
  },
  {
    form: 'f5472',
    line: '17b',
    label: 'Amounts borrowed: ending balance',
    field: 'f5472_17b_borrowed',
    value: amount('loansFromOwner'),
  },
  {
    form: 'f5472',
    line: '21',
    label: 'Other amounts received',
    field: 'f5472_21_other_received',
    value: amount('otherReceived'),
  },
  {
    form: 'f5472',
    line: '22',
    label: 'Total. Combine amounts on lines 9 through 21',
    field: 'f5472_22_total_received',
    value: (a) => money(sumOf(a, RECEIVED)),
  },
  {
    form: 'f5472',
    line: '29',
    label: 'Consideration paid for technical, managerial, engineering, construction, scientific, or like services',
    field: 'f5472_29_services_paid',
    value: amount('servicesPaidToOwner'),
  },
  {
    form: 'f5472',
    line: '31b',
    label: 'Amounts loaned: ending balance',
    field: 'f5472_31b_loaned',
    value: amount('loansToOwner'),
  },
  { form: 'f5472', line: '35', label: 'Other amounts paid', field: 'f5472_35_other_paid', value: amount('otherPaid') },
  {
    form: 'f5472',
    line: '36',
    label: 'Total. Combine amounts on lines 23 through 35',
    field: 'f5472_36_total_paid',
    value: (a) => money(sumOf(a, PAID)),
  },
  {
    form: 'f5472',
    line: '37',
    label:
      'Part V: reportable transactions of a foreign-owned U.S. DE (contributions to and distributions from the entity, described on an attached statement)',
    field: 'f5472_37_de_transactions',
    value: (a) => {
      if (a.transactions.none) return 'None';
      const parts = [
        a.transactions.amounts.contributions ? `Contributions $${dollars(a.transactions.amounts.contributions)}` : '',
        a.transactions.amounts.distributions ? `Distributions $${dollars(a.transactions.amounts.distributions)}` : '',
      ].filter(Boolean);
      return parts.length ? `X — ${parts.join('; ')}` : '';
    },
  },
  {
    form: 'f5472',
    line: 'stmt',
    label: 'Attached statement: other amounts described',
    field: 'f5472_statement',
    value: (a) => (a.transactions.none ? '' : a.transactions.otherDescription),
  },
];

/** The pro forma Form 1120's lines, in the form's order. */
export const PRO_FORMA_1120_LINES: readonly FormLine[] = [
  {
    form: 'f1120',
    line: 'top',
    label: 'Written across the top of the form',
    field: 'f1120_banner',
    value: () => PRO_FORMA_BANNER,
  },
  {
    form: 'f1120',
    line: 'year',
    label: 'Calendar year / tax year beginning and ending',
    field: 'f1120_tax_year',
    value: (a) => String(a.taxYear),
  },
  { form: 'f1120', line: 'name', label: 'Name', field: 'f1120_name', value: (a) => a.company.name },
  {
    form: 'f1120',
    line: 'street',
    label: 'Number, street, and room or suite no.',
    field: 'f1120_street',
    value: (a) => a.company.street,
  },
  {
    form: 'f1120',
    line: 'city',
    label: 'City or town, state or province, country, and ZIP or foreign postal code',
    field: 'f1120_city',
    value: (a) =>
      [a.company.city, a.company.stateZip, a.company.country === 'United States' ? '' : a.company.country]
        .filter(Boolean)
        .join(', '),
  },
  {
    form: 'f1120',
    line: 'B',
    label: 'Employer identification number',
    field: 'f1120_b_ein',
    value: (a) => formatEinDigits(a.company.ein),
  },
  {
    form: 'f1120',
    line: 'C',
    label: 'Date incorporated',
    field: 'f1120_c_date',
    value: (a) => usDate(a.company.formedOn),
  },
  {
    form: 'f1120',
    line: 'D',
    label: 'Total assets',
    field: 'f1120_d_assets',
    value: (a) => dollars(a.company.totalAssetsCents),
  },
];

export const FORM_LINES: Record<FormId, readonly FormLine[]> = { f5472: FORM_5472_LINES, f1120: PRO_FORMA_1120_LINES };

/** Every field of `form` with the text it carries for `answers`. */
export function formFieldValues(form: FormId, answers: FilingAnswers): Record<string, string> {
  return Object.fromEntries(FORM_LINES[form].map((l) => [l.field, l.value(answers)]));
}
