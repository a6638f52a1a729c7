/** All 50 US states (SPEC §3 "State catalogue"). Names are proper nouns, the same in both languages. */
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

export interface FeaturedState {
  name: UsState;
  /** Fees in integer cents (SPEC §9 "State data"). */
  filingFee: number;
  annualFee: number;
  registeredAgentFee: number;
  recommended: boolean;
  /** i18n keys under `catalogue.stateFeatures.` */
  features: string[];
}

export const FEATURED_STATES: readonly FeaturedState[] = [
  {
    name: 'Wyoming',
    filingFee: 10_000,
    annualFee: 6_000,
    registeredAgentFee: 9_900,
    recommended: true,
    features: ['noStateIncomeTax', 'lowAnnualFee', 'strongPrivacy', 'fastFormation'],
  },
  {
    name: 'Florida',
    filingFee: 12_500,
    annualFee: 13_875,
    registeredAgentFee: 9_900,
    recommended: false,
    features: ['noStateIncomeTax', 'bigMarket', 'bankFriendly'],
  },
  {
    name: 'Delaware',
    filingFee: 9_000,
    annualFee: 30_000,
    registeredAgentFee: 9_900,
    recommended: false,
    features: ['investorFavourite', 'businessCourts', 'strongPrivacy'],
  },
];

export const OTHER_STATES: readonly UsState[] = US_STATES.filter((s) => !FEATURED_STATES.some((f) => f.name === s));
