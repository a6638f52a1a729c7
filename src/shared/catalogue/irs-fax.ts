import { FACT_CHECKS, type FactCheck } from './fact-checks';

/**
 * Where forms go to the IRS by fax or mail: the SS-4 (decision 0050) and the yearly Form 5472 with its
 * pro forma 1120 (decision 0073), each with the IRS page it comes from and the fact-check row that
 * confirmed it. The numbers were confirmed from third-party copies of the IRS instructions only (fact
 * check 6a, 6b, 6g), so the pages say "written down" and point to the IRS page: re-verify them online
 * before launch and whenever `checked` is more than a year old.
 */
export interface IrsFaxNumber {
  id: 'international_from_us' | 'international_from_abroad' | 'domestic';
  /** As the IRS prints it. */
  number: string;
  /** For a tel:/fax link: E.164. */
  e164: string;
}

export interface IrsSource {
  url: `https://${string}`;
  checked: string;
}

/** The SS-4 of an applicant with no legal residence, principal place of business or office in any US state. */
export const IRS_SS4_INTERNATIONAL_FAX = {
  numbers: [
    { id: 'international_from_us', number: '855-215-1627', e164: '+18552151627' },
    { id: 'international_from_abroad', number: '304-707-9471', e164: '+13047079471' },
  ] as const satisfies readonly IrsFaxNumber[],
  sources: [
    {
      url: 'https://www.irs.gov/filing/where-to-file-your-taxes-for-form-ss-4',
      checked: FACT_CHECKS.ss4InternationalFax.checkedOn,
    },
    { url: 'https://www.irs.gov/instructions/iss4', checked: FACT_CHECKS.ss4InternationalFax.checkedOn },
  ] as const satisfies readonly IrsSource[],
  check: FACT_CHECKS.ss4InternationalFax,
} as const;

/**
 * The SS-4 of an applicant in one of the 50 states or DC (Attn: EIN Operation, Cincinnati, OH 45999).
 * Our customers live abroad, so this is for completeness: a founder who moved to the US.
 */
export const IRS_SS4_DOMESTIC_FAX = {
  number: { id: 'domestic', number: '855-641-6935', e164: '+18556416935' } as const satisfies IrsFaxNumber,
  attention: 'Attn: EIN Operation, Cincinnati, OH 45999',
  source: {
    url: 'https://www.irs.gov/filing/where-to-file-your-taxes-for-form-ss-4',
    checked: FACT_CHECKS.ss4DomesticFax.checkedOn,
  },
  check: FACT_CHECKS.ss4DomesticFax,
} as const;

/**
 * Where staff send a foreign-owned single-member LLC's Form 5472 with its pro forma 1120, which cannot be
 * e-filed: fax (300 DPI or better) or mail to the IRS's PIN Unit in Ogden (fact check 6g).
 */
export const IRS_FORM_5472_SEND_TO: {
  fax: { number: string; e164: string };
  mail: readonly string[];
  source: IrsSource;
  check: FactCheck;
} = {
  fax: { number: '855-887-7737', e164: '+18558877737' },
  mail: ['Internal Revenue Service', '1973 Rulon White Blvd, M/S 6112', 'Attn: PIN Unit', 'Ogden, UT 84201'],
  source: { url: 'https://www.irs.gov/instructions/i5472', checked: FACT_CHECKS.form5472SendTo.checkedOn },
  check: FACT_CHECKS.form5472SendTo,
};

/**
 * The day the SS-4 numbers were compared with copies of the IRS's instructions. No IRS page itself was
 * read (none is stored), so the page says "written down", not "checked", and points to the IRS page.
 */
export const IRS_FAX_CHECKED = IRS_SS4_INTERNATIONAL_FAX.sources[0].checked;
