import { FACT_CHECKS, FACTS_CHECKED_ON, type FactCheck, type FactLabel, factLabel } from './fact-checks';

/** All 50 US states (product.md#data-the-portal-keeps "State catalogue"). Names are proper nouns, the same in both languages. */
export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;
export type UsState = (typeof US_STATES)[number];

export function isUsState(value: unknown): value is UsState {
  return typeof value === 'string' && (US_STATES as readonly string[]).includes(value);
}

/**
 * Where a state's figure is published (the page a founder pays on), when it was compared, and the fact
 * check that confirmed it: its source kind decides the label's wording (decision 0073).
 */
export interface FeeSource {
  url: `https://${string}`;
  checkedOn: string | null;
  check: FactCheck;
}

export interface FeaturedState {
  name: UsState;
  /** The state's charge to file the LLC's formation document, in integer cents (product.md#state-fees "State data"). */
  filingFee: number;
  /** The state's yearly charge (annual report fee or annual tax), the minimum where it varies. */
  annualFee: number;
  /** What the yearly charge is: a report's fee (Wyoming, Florida) or a tax with no report (Delaware). */
  annualFeeKind: 'annualReport' | 'annualTax';
  /**
   * Registered agent service for the first year, our partner's price (product.md#prices: $99). From the second
   * year on the price is REGISTERED_AGENT_RENEWAL: both are shown, each named for its year.
   */
  registeredAgentFee: number;
  recommended: boolean;
  /** i18n keys under `catalogue.stateFeatures.` */
  features: string[];
  /** The official page of each state charge and the day it was compared with the figure above. */
  sources: { filingFee: FeeSource; annualFee: FeeSource };
}

/**
 * The day the state charges below were compared with their sources (the fact check of decision 0073).
 * Shown beside the fees so a figure's age is never hidden; the wording comes from stateFeesLabel.
 */
export const STATE_FEES_CHECKED_ON = FACTS_CHECKED_ON;

const fee = (url: FeeSource['url'], check: FactCheck): FeeSource => ({ url, checkedOn: check.checkedOn, check });

/**
 * The one label beside a page's state fees: "checked against …" only when every fee shown was confirmed
 * by an official text; the formation fees rest on third-party pages, so today it says "reviewed on …".
 */
export function stateFeesLabel(states: readonly FeaturedState[]): FactLabel {
  return factLabel(states.flatMap((s) => [s.sources.filingFee.check, s.sources.annualFee.check]));
}

export const FEATURED_STATES: readonly FeaturedState[] = [
  {
    name: 'Wyoming',
    filingFee: 10_000,
    // The annual report license tax: $60, or $0.0002 per dollar of assets in Wyoming when that is more.
    annualFee: 6_000,
    annualFeeKind: 'annualReport',
    registeredAgentFee: 9_900,
    recommended: true,
    features: ['noStateIncomeTax', 'lowAnnualFee', 'strongPrivacy', 'fastFormation'],
    sources: {
      filingFee: fee('https://sos.wyo.gov/Business/StartABusiness.aspx', FACT_CHECKS.wyomingFilingFee),
      annualFee: fee('https://sos.wyo.gov/Business/AnnualReports.aspx', FACT_CHECKS.wyomingLicenseTax),
    },
  },
  {
    name: 'Florida',
    // $100 for the Articles of Organization plus $25 for designating the registered agent.
    filingFee: 12_500,
    annualFee: 13_875,
    annualFeeKind: 'annualReport',
    registeredAgentFee: 9_900,
    recommended: false,
    features: ['noStateIncomeTax', 'bigMarket', 'bankFriendly'],
    sources: {
      filingFee: fee('https://dos.fl.gov/sunbiz/start-business/efile/fl-llc/', FACT_CHECKS.floridaFilingFee),
      annualFee: fee('https://dos.fl.gov/sunbiz/manage-business/efile/annual-report/', FACT_CHECKS.floridaAnnualReport),
    },
  },
  {
    name: 'Delaware',
    // The Certificate of Formation of an LLC: $110 since 2023 (product.md#state-fees: $90 is the fee before that).
    filingFee: 11_000,
    // The flat annual LLC tax; Delaware has no annual report for LLCs.
    annualFee: 30_000,
    annualFeeKind: 'annualTax',
    registeredAgentFee: 9_900,
    recommended: false,
    features: ['investorFavourite', 'businessCourts', 'strongPrivacy'],
    sources: {
      filingFee: fee('https://corp.delaware.gov/fee/', FACT_CHECKS.delawareFilingFee),
      annualFee: fee('https://corp.delaware.gov/paytaxes/', FACT_CHECKS.delawareLlcTax),
    },
  },
];

/**
 * California's minimum annual franchise tax on an LLC, the best-known yearly state charge among the
 * states the calendar does not track; named so that the untracked-state notice is not only about reports.
 */
export const CALIFORNIA_LLC_MIN_TAX = {
  amount: 80_000,
  source: fee(
    'https://www.ftb.ca.gov/file/business/types/limited-liability-company/index.html',
    FACT_CHECKS.californiaLlcTax,
  ),
} as const satisfies { amount: number; source: FeeSource };

/** The recommended state, whose costs the self-service pages state. */
export const WYOMING: FeaturedState = FEATURED_STATES.find((s) => s.name === 'Wyoming') ?? FEATURED_STATES[0];

export const OTHER_STATES: readonly UsState[] = US_STATES.filter((s) => !FEATURED_STATES.some((f) => f.name === s));
