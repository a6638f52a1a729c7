import { addDays, type IsoDate } from '../format/calendar-days';
import type { Language } from '../i18n/languages';
import { FACTS_CHECKED_ON, type FactCheck, type FactLabel, factLabel } from './fact-checks';
import { formatBasisPoints, formatCount, formatUsd, formatUsdRate } from './money';

/**
 * The mailroom's catalogue of letters (decision 0086): the kinds of post that reach a company's
 * US address, each with who sends it, its sources and its deadline rule. Only facts from the mail
 * fact check (`BANK-AND-MAIL-FACTS.md`, Table B, checked 28 November 2026) are here; the texts a
 * customer reads (what it is, what to do, the rule in words) are `mailroom.kinds.<kind>` in both
 * languages. A letter nobody recognises is `unknown`: "we will read it and tell you", never a guess.
 */

/** Who a letter comes from, as staff read it off the envelope. */
export const LETTER_SENDERS = ['irs', 'state', 'bank', 'court', 'advertiser', 'other'] as const;
export type LetterSender = (typeof LETTER_SENDERS)[number];

export const LETTER_KINDS = [
  'cp575',
  'letter147c',
  'cp148',
  'cp215',
  'cp15',
  'form5472_penalty',
  'cp162',
  'cp2000',
  'wy_annual_report',
  'de_annual_tax',
  'fl_annual_report',
  'service_of_process',
  'unknown',
] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

/**
 * How a kind's deadline is found. Only `days_after_letter`, `days_after_service` and `next_day_of_year`
 * give a date the portal computes; the others are said in words (the kind's `deadline` text).
 * - none: the letter asks for nothing by a date (a confirmation);
 * - not_stated: the sources state none;
 * - on_letter: the date printed on the letter, which only the letter knows;
 * - days_after_letter: a number of calendar days after the date on the letter;
 * - days_after_service: calendar days after the papers reached the registered agent (delivery to the
 *   agent is delivery to the company), one figure per court whose rule the sources give;
 * - next_day_of_year: a fixed day each year, the first one on or after the letter's date;
 * - anniversary_month: the first day of the company's formation anniversary month (not from the letter).
 */
export type LetterDeadlineRule =
  | { type: 'none' }
  | { type: 'not_stated' }
  | { type: 'on_letter' }
  | { type: 'days_after_letter'; days: number; id: string }
  | { type: 'days_after_service'; courts: readonly { id: string; days: number }[] }
  | { type: 'next_day_of_year'; month: number; day: number; id: string }
  | { type: 'anniversary_month' };

export interface LetterSource {
  kind: FactCheck['kind'];
  /** As the fact check names it: an address, a rule or a statute (not translated). */
  source: string;
}

/**
 * A figure a kind's texts state (an amount, a rate, a wait), kept here with its source and passed to
 * `mailroom.kinds.<kind>.*` as `{{name}}`, so no text types one in (tests/unit/i18n-prices.test.ts).
 */
export type LetterFigure = (
  | { type: 'usd'; cents: number }
  /** An amount per dollar, finer than a cent ($0.0002 for each dollar of assets). */
  | { type: 'usd_rate'; dollars: number }
  | { type: 'basis_points'; basisPoints: number }
  | { type: 'calendar_days'; days: number }
  | { type: 'business_days'; days: number }
) & { source: LetterSource };

export interface LetterKindInfo {
  kind: LetterKind;
  /** The sender this kind comes from; null: any (the unknown kind). */
  sender: LetterSender | null;
  deadline: LetterDeadlineRule;
  /** Lawsuit papers: scanned at once, flagged urgent and mailed the same day. */
  urgent: boolean;
  /** Empty only for the unknown kind. */
  sources: readonly LetterSource[];
  /** The figures its texts interpolate, by the name the texts use. */
  figures?: Readonly<Record<string, LetterFigure>>;
}

const official = (source: string): LetterSource => ({ kind: 'official', source });
const thirdParty = (source: string): LetterSource => ({ kind: 'third_party', source });

export const LETTER_CATALOGUE: Readonly<Record<LetterKind, LetterKindInfo>> = {
  cp575: {
    kind: 'cp575',
    sender: 'irs',
    deadline: { type: 'none' },
    urgent: false,
    sources: [
      thirdParty('legalclarity.org/what-is-a-cp-575b-notice-for-an-ein (citing IRM 21.3.3)'),
      official('support.relayfi.com …/38051396940564 (Relay)'),
    ],
  },
  letter147c: {
    kind: 'letter147c',
    sender: 'irs',
    deadline: { type: 'none' },
    urgent: false,
    sources: [
      official('support.relayfi.com …/38051396940564 (Relay)'),
      thirdParty('saveoffice.io/blog/ein-147c-letter-replace-cp575'),
    ],
  },
  cp148: {
    kind: 'cp148',
    sender: 'irs',
    deadline: { type: 'not_stated' },
    urgent: false,
    sources: [official('irs.gov/faqs/irs-procedures/address-changes')],
  },
  cp215: {
    kind: 'cp215',
    sender: 'irs',
    // The failure-to-pay addition of 26 USC 6651(a)(3): 21 calendar days after notice and demand.
    deadline: { type: 'days_after_letter', days: 21, id: 'cp215' },
    urgent: false,
    sources: [official('IRM 20.1.9.15.2, IRM 20.1.7.1.1'), official('26 USC 6651(a)(3)')],
    // BANK-AND-MAIL-FACTS.md Table B, CP 215: 21 calendar days of notice and demand, 10 business days
    // when the amount is $100,000 or more.
    figures: {
      payDays: { type: 'calendar_days', days: 21, source: official('26 USC 6651(a)(3)') },
      largeAmount: { type: 'usd', cents: 10_000_000, source: official('26 USC 6651(a)(3)') },
      largeDays: { type: 'business_days', days: 10, source: official('26 USC 6651(a)(3)') },
    },
  },
  cp15: {
    kind: 'cp15',
    sender: 'irs',
    deadline: { type: 'on_letter' },
    urgent: false,
    sources: [official('irs.gov/media/156456')],
  },
  form5472_penalty: {
    kind: 'form5472_penalty',
    sender: 'irs',
    // Filing within 90 days of the IRS notice stops the continuation penalty (IRC 6038A(d)).
    deadline: { type: 'days_after_letter', days: 90, id: 'form5472Penalty' },
    urgent: false,
    sources: [
      thirdParty('patellawoffices.com (2020 National Taxpayer Advocate report)'),
      thirdParty('foreignllctax.com/guides/irs-penalties-foreign-owned-llc'),
      official('IRM 20.1.9.2(4)'),
    ],
    // BANK-AND-MAIL-FACTS.md Table B and FACTS-CHECKED.md row 6f (IRC 6038A(d)): $25,000 per form per
    // year, and $25,000 more for each 30 days from 90 days after the notice. compliance.ts's
    // federal_form_5472 penalty is the same figure (letter-kinds.test.ts holds them equal).
    figures: {
      penalty: { type: 'usd', cents: 2_500_000, source: thirdParty('FACTS-CHECKED.md row 6f (IRC 6038A(d))') },
    },
  },
  cp162: {
    kind: 'cp162',
    sender: 'irs',
    deadline: { type: 'on_letter' },
    urgent: false,
    sources: [
      official('irs.gov/individuals/understanding-your-cp162-notice'),
      official('irs.gov/individuals/understanding-your-cp162a-notice'),
    ],
  },
  cp2000: {
    kind: 'cp2000',
    sender: 'irs',
    deadline: { type: 'days_after_letter', days: 30, id: 'cp2000' },
    urgent: false,
    sources: [official('irs.gov/newsroom/irs-letter-cp2000 (video text)')],
  },
  wy_annual_report: {
    kind: 'wy_annual_report',
    sender: 'state',
    deadline: { type: 'anniversary_month' },
    urgent: false,
    sources: [official('Wyo. Stat. § 17-29-209'), thirdParty('compliancekaro.net')],
    // BANK-AND-MAIL-FACTS.md Table B: the greater of $60 or $0.0002 per dollar of Wyoming assets; by
    // mail when the tax is over $500.
    figures: {
      minimum: { type: 'usd', cents: 6_000, source: official('Wyo. Stat. § 17-29-209') },
      rate: { type: 'usd_rate', dollars: 0.0002, source: official('Wyo. Stat. § 17-29-209') },
      mailOver: { type: 'usd', cents: 50_000, source: thirdParty('compliancekaro.net') },
    },
  },
  de_annual_tax: {
    kind: 'de_annual_tax',
    sender: 'state',
    deadline: { type: 'next_day_of_year', month: 6, day: 1, id: 'deAnnualTax' },
    urgent: false,
    sources: [thirdParty('agentsofdelaware.com'), thirdParty('legalclarity.org (conflicting)')],
    // BANK-AND-MAIL-FACTS.md Table B: late, a $200 penalty plus 1.5% interest a month (compliance.ts's
    // delaware_llc_annual_tax penalty, held equal by letter-kinds.test.ts).
    figures: {
      penalty: { type: 'usd', cents: 20_000, source: thirdParty('agentsofdelaware.com') },
      interest: { type: 'basis_points', basisPoints: 150, source: thirdParty('agentsofdelaware.com') },
    },
  },
  fl_annual_report: {
    kind: 'fl_annual_report',
    sender: 'state',
    deadline: { type: 'next_day_of_year', month: 5, day: 1, id: 'flAnnualReport' },
    urgent: false,
    sources: [official('Fla. Stat. § 607.193'), thirdParty('entityally.com (2026)')],
    // BANK-AND-MAIL-FACTS.md Table B: a $400 late fee after 1 May (compliance.ts's florida_annual_report
    // penalty, held equal by letter-kinds.test.ts).
    figures: {
      lateFee: { type: 'usd', cents: 40_000, source: official('Fla. Stat. § 607.193') },
    },
  },
  service_of_process: {
    kind: 'service_of_process',
    sender: 'court',
    deadline: {
      type: 'days_after_service',
      courts: [
        { id: 'sopFederal', days: 21 },
        { id: 'sopFlorida', days: 20 },
      ],
    },
    urgent: true,
    sources: [official('FRCP 12(a)(1)(A)(i)'), thirdParty('richertquarles.com (Fla. R. Civ. P. 1.140(a))')],
  },
  unknown: {
    kind: 'unknown',
    sender: null,
    deadline: { type: 'none' },
    urgent: false,
    sources: [],
  },
};

export function letterKindInfo(kind: LetterKind): LetterKindInfo {
  return LETTER_CATALOGUE[kind];
}

function figureText(figure: LetterFigure, lang: Language): string {
  switch (figure.type) {
    case 'usd':
      return formatUsd(figure.cents, lang);
    case 'usd_rate':
      return formatUsdRate(figure.dollars, lang);
    case 'basis_points':
      return formatBasisPoints(figure.basisPoints, lang);
    case 'calendar_days':
    case 'business_days':
      return formatCount(figure.days, lang);
  }
}

/** The values `mailroom.kinds.<kind>.*` interpolate, formatted for `lang` from the catalogue. */
export function letterTextVars(kind: LetterKind, lang: Language): Record<string, string> {
  const figures = LETTER_CATALOGUE[kind].figures ?? {};
  return Object.fromEntries(Object.entries(figures).map(([name, figure]) => [name, figureText(figure, lang)]));
}

/** The kinds staff may choose for a letter from `sender`: that sender's, and always "unknown". */
export function kindsForSender(sender: LetterSender): LetterKind[] {
  return LETTER_KINDS.filter((k) => LETTER_CATALOGUE[k].sender === sender || k === 'unknown');
}

export function kindFitsSender(kind: LetterKind, sender: LetterSender): boolean {
  const own = LETTER_CATALOGUE[kind].sender;
  return own === null || own === sender;
}

/** The "checked against / reviewed on" label of a kind's sources (decision 0073's rule); null for unknown. */
export function letterSourceLabel(kind: LetterKind): FactLabel | null {
  const { sources } = LETTER_CATALOGUE[kind];
  if (sources.length === 0) return null;
  return factLabel(
    sources.map((s) => ({ kind: s.kind, source: s.source, checkedOn: FACTS_CHECKED_ON, row: `mail:${kind}` })),
  );
}

/** A computed date and the text (`mailroom.deadlines.<id>`) that says what it is the deadline for. */
export interface LetterDeadline {
  id: string;
  date: IsoDate;
}

/** The first `month`/`day` on or after `from`. */
function nextDayOfYear(from: IsoDate, month: number, day: number): IsoDate {
  const year = Number(from.slice(0, 4));
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  const thisYear = `${year}-${mm}-${dd}`;
  return thisYear >= from ? thisYear : `${year + 1}-${mm}-${dd}`;
}

/**
 * The dates the portal computes for a letter: from the date printed on it (`letterDate`, when staff
 * read one) or the day it reached us (`receivedOn`, the service of lawsuit papers). Calendar days, as
 * the sources count them; no weekend rule is applied, as the sources give none. Empty when the kind's
 * rule gives no date or the date it needs is unknown.
 */
export function letterDeadlines(kind: LetterKind, letterDate: IsoDate | null, receivedOn: IsoDate): LetterDeadline[] {
  const rule = LETTER_CATALOGUE[kind].deadline;
  switch (rule.type) {
    case 'days_after_letter':
      return letterDate ? [{ id: rule.id, date: addDays(letterDate, rule.days) }] : [];
    case 'next_day_of_year':
      return letterDate ? [{ id: rule.id, date: nextDayOfYear(letterDate, rule.month, rule.day) }] : [];
    case 'days_after_service':
      return rule.courts.map((c) => ({ id: c.id, date: addDays(receivedOn, c.days) }));
    default:
      return [];
  }
}
