/**
 * Where an SS-4 goes by fax when the applicant has no legal residence, principal place of business or
 * office in any US state (decision 0050): the IRS's international EIN fax. Shown on the SS-4 instructions
 * page and on the EIN desk. Written from the IRS pages below without internet access on the day noted:
 * re-verify them online before launch and whenever `checked` is more than a year old.
 */
export interface IrsFaxNumber {
  id: 'international_from_us' | 'international_from_abroad';
  /** As the IRS prints it. */
  number: string;
  /** For a tel:/fax link: E.164. */
  e164: string;
}

export const IRS_SS4_INTERNATIONAL_FAX = {
  numbers: [
    { id: 'international_from_us', number: '855-215-1627', e164: '+18552151627' },
    { id: 'international_from_abroad', number: '304-707-9471', e164: '+13047079471' },
  ] as const satisfies readonly IrsFaxNumber[],
  sources: [
    { url: 'https://www.irs.gov/filing/where-to-file-your-taxes-for-form-ss-4', checked: '2026-11-26' },
    { url: 'https://www.irs.gov/instructions/iss4', checked: '2026-11-26' },
  ],
} as const;

/**
 * The day the numbers were written down from the IRS's instructions. They were not read online then (no
 * internet here), so the page says "written down", not "checked", and points to the IRS page.
 */
export const IRS_FAX_CHECKED = IRS_SS4_INTERNATIONAL_FAX.sources[0].checked;
