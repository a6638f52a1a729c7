/**
 * Where each state and IRS figure was checked, and how (decision 0073). Every fact carries the kind of
 * source that confirmed it, so the "checked on" label the customer reads is derived, never typed: only a
 * fact an official text confirmed (a statute, a state or IRS page, the Federal Register) may say "checked
 * against …"; one confirmed only by third-party pages says "reviewed on …" and sends the reader to the
 * official page. The rows are those of the fact check of 28 November 2026 (docs/decisions/0073).
 */

/** A calendar date, 'YYYY-MM-DD'. */
type IsoDate = string;

export type SourceKind = 'official' | 'third_party';

export interface FactCheck {
  kind: SourceKind;
  /** The source as the label names it (a statute, an agency): shown only when `kind` is official. */
  source: string;
  checkedOn: IsoDate;
  /**
   * The row of the fact check that confirmed it, e.g. '5c'; `BM:` and a table's name for a row of the
   * bank and mail fact check of the same day (BANK-AND-MAIL-FACTS.md), e.g. 'BM:8822-B'.
   */
  row: string;
}

/** The day of the fact check that every figure below was compared on. */
export const FACTS_CHECKED_ON = '2026-11-28';

const official = (row: string, source: string): FactCheck => ({
  kind: 'official',
  source,
  checkedOn: FACTS_CHECKED_ON,
  row,
});
const thirdParty = (row: string): FactCheck => ({ kind: 'third_party', source: '', checkedOn: FACTS_CHECKED_ON, row });

/** Each checked fact, by the fact check's row. */
export const FACT_CHECKS = {
  wyomingFilingFee: thirdParty('1a'),
  wyomingLicenseTax: official('1b', 'Wyo. Stat. § 17-29-209'),
  wyomingDueDate: official('1c', 'Wyo. Stat. § 17-29-209'),
  wyomingLateRule: thirdParty('1d'),
  floridaFilingFee: thirdParty('2a'),
  floridaAnnualReport: official('2b', 'Fla. Stat. § 607.193'),
  floridaLateFee: official('2c', 'Fla. Stat. § 607.193'),
  delawareFilingFee: thirdParty('3a'),
  delawareLlcTax: official('3b', '6 Del. C. § 18-1107'),
  delawarePenalty: thirdParty('3c'),
  californiaLlcTax: official('4', 'Franchise Tax Board'),
  texasThreshold2024: official('5a', 'Texas Comptroller'),
  // The 2026 figure is the Comptroller's; that it holds for 2027 too only third-party pages say.
  texasThreshold2027: thirdParty('5b'),
  texasNoTaxDueFilers: official('5c', 'Texas Comptroller'),
  texasDueDate: official('5d', 'Texas Comptroller'),
  newMexicoNoReport: thirdParty('5e'),
  ss4InternationalFax: thirdParty('6a'),
  ss4DomesticFax: thirdParty('6b'),
  form5472Required: official('6d', 'Instructions for Form 5472'),
  form5472DueDate: thirdParty('6e'),
  form5472Penalty: thirdParty('6f'),
  form5472SendTo: thirdParty('6g'),
  // The interim final rule is in the Federal Register copy; the August 2026 final rule only in notes.
  fincenFinalRule: thirdParty('7'),
  federalHolidays: official('8a', '5 U.S.C. 6103; D.C. Code § 28-2701'),
  // When Form 8822-B is owed and the 60 days for a new responsible party: third-party copies only (the
  // official form and instructions were not stored).
  form8822bWhen: thirdParty('BM:8822-B'),
} as const satisfies Record<string, FactCheck>;

/** `source` only on an official label, `date` on both checked kinds; `ours` is our own price. */
export interface FactLabel {
  kind: SourceKind | 'ours';
  source: string | null;
  date: IsoDate | null;
}

/**
 * The label of a figure resting on `checks`: "checked against" only when every one of them was confirmed
 * by an official text (naming those texts), else "reviewed on" the earliest day. No checks: our price.
 */
export function factLabel(checks: readonly FactCheck[]): FactLabel {
  if (checks.length === 0) return { kind: 'ours', source: null, date: null };
  const date = checks.map((c) => c.checkedOn).sort()[0];
  if (checks.every((c) => c.kind === 'official')) {
    return { kind: 'official', source: [...new Set(checks.map((c) => c.source))].join('; '), date };
  }
  return { kind: 'third_party', source: null, date };
}

/** The calendar card's i18n key of a label (checkedAgainst, reviewed, reviewedRule) and its values; null for our own price. */
export function factLabelText(
  label: FactLabel,
  hasAmount: boolean,
): { key: 'checkedAgainst' | 'reviewed' | 'reviewedRule'; source: string; date: IsoDate } | null {
  if (label.kind === 'ours' || label.date === null) return null;
  if (label.kind === 'official') return { key: 'checkedAgainst', source: label.source ?? '', date: label.date };
  return { key: hasAmount ? 'reviewed' : 'reviewedRule', source: '', date: label.date };
}

/**
 * A figure reported but not confirmed, that staff must check at its source by `checkBy` (shown on the
 * deadlines desk until then, and after it as overdue until the catalogue is updated and the note removed).
 */
export interface FactWatchNote {
  id: string;
  /** The compliance rule it concerns. */
  ruleId: string;
  /** The day it was noted. */
  notedOn: IsoDate;
  checkBy: IsoDate;
  /** Where to check it. */
  url: `https://${string}`;
  row: string;
  /** The figure reported and the one the portal shows, in cents: the note's text interpolates both. */
  reportedCents: number;
  shownCents: number;
}

/** The watch notes as the deadlines desk shows them on `today`: every one, soonest check first, late ones marked. */
export function watchNotesOn(today: IsoDate): (FactWatchNote & { overdue: boolean })[] {
  return [...FACT_WATCH_NOTES]
    .sort((a, b) => a.checkBy.localeCompare(b.checkBy))
    .map((note) => ({ ...note, overdue: today > note.checkBy }));
}

export const FACT_WATCH_NOTES: readonly FactWatchNote[] = [
  {
    // HB 400 (signed 21 May 2026) is reported to raise the LLC tax from $300 to $400 from tax year 2026,
    // first due 1 June 2027; no stored official page confirms it and corp.delaware.gov still showed $300
    // on 19 September 2026. The catalogue keeps $300 until the state's page says otherwise.
    id: 'delaware_llc_tax_400',
    ruleId: 'delaware_llc_annual_tax',
    notedOn: FACTS_CHECKED_ON,
    checkBy: '2027-06-01',
    url: 'https://corp.delaware.gov/paytaxes/',
    row: '3b',
    reportedCents: 40_000,
    shownCents: 30_000,
  },
];
