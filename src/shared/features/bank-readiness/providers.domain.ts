import type { SourceKind } from '../../catalogue/fact-checks';
import type { AddressKind } from './addresses.domain';

/**
 * The banks and payment providers a founder applies to, and what each asks. Every rule comes
 * from /work/shared/BANK-AND-MAIL-FACTS.md (checked 2026-11-28; its table A) and carries its source
 * pages, their own date and kind, and the day it was checked. What the facts file does not support is
 * absent here (null, or a kind listed neither as accepted nor as refused): the check then says "unknown,
 * ask the bank" and never guesses. Where the provider's own pages disagree the rule is the stricter
 * reading and says `disagree` (decision 0084).
 */

export const PROVIDERS = ['mercury', 'relay', 'wise', 'payoneer', 'airwallex', 'stripe'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

/** The day the facts file was checked against its stored sources. */
export const BANK_FACTS_CHECKED_ON = '2026-11-28';

export interface BankSource {
  url: string;
  /** The date the page itself shows; null when the stored copy carries none ("undated"). */
  pageDate: string | null;
  kind: SourceKind;
}

export interface BankRule<T> {
  value: T;
  sources: readonly BankSource[];
  /** When the rule was last checked against its sources (the stale-rule flag reads it). */
  checkedOn: string;
  /** The provider's own pages disagree; `value` is the stricter reading. */
  disagree?: true;
}

/** The address a bank asks about, by its own name: the legal (registered) one, the operating one, the owner's. */
export const BANK_ADDRESS_SLOTS = ['legal', 'physical', 'owner_home'] as const;
export type BankAddressSlot = (typeof BANK_ADDRESS_SLOTS)[number];

export interface AddressRule {
  accepts: readonly AddressKind[];
  refuses: readonly AddressKind[];
  /** Accepted only with a proof-of-address document (Stripe and a registered agent's address). */
  needsProof?: readonly AddressKind[];
  /** The address must be in the US (or a US territory). */
  usOnly?: true;
}

export const BANK_DOCUMENTS = [
  'articles',
  'ein_letter',
  'passport',
  'proof_of_address',
  'operating_agreement',
  'beneficial_ownership',
  'us_ties',
] as const;
export type BankDocument = (typeof BANK_DOCUMENTS)[number];

export interface DocumentRule {
  document: BankDocument;
  /** "May ask for it": listed, never a reason the application is not ready. */
  optional?: true;
  /** Asked only of a business run outside the US (Airwallex's extra evidence). */
  ifRunAbroad?: true;
  /** For a proof of address: its greatest age in days. */
  maxAgeDays?: number;
}

export interface ReviewTime {
  min: number;
  max: number;
  unit: 'business_days' | 'hours';
}

export interface ProviderCatalogue {
  id: ProviderId;
  /** A brand name, the same in both languages. */
  name: string;
  address: Partial<Record<BankAddressSlot, BankRule<AddressRule>>>;
  documents: readonly BankRule<DocumentRule>[];
  /** Countries (ISO alpha-2) whose residents it refuses; `complete` false when only part of the list is stored. */
  countriesNotServed: BankRule<{ countries: readonly string[]; complete: boolean }> | null;
  needsSsnOrItin: BankRule<boolean> | null;
  reviewTime: BankRule<ReviewTime> | null;
  /** The legal name must be exactly the Articles' (a reason named for refusals or checked by the provider). */
  nameMustMatchArticles: BankRule<true> | null;
  /** A registered agent's address as the legal address is refused when the owner's home is outside the US. */
  raLegalRefusedWithForeignOwner: BankRule<true> | null;
  /** Something to know that is not a rule of the provider's own pages (a third-party claim they contradict). */
  cautions: readonly BankRule<'right_to_live'>[];
}

const C = BANK_FACTS_CHECKED_ON;
const official = (url: string, pageDate: string | null = null): BankSource => ({ url, pageDate, kind: 'official' });
const thirdParty = (url: string, pageDate: string | null = null): BankSource => ({
  url,
  pageDate,
  kind: 'third_party',
});
const rule = <T>(value: T, sources: readonly BankSource[], disagree?: true): BankRule<T> =>
  disagree ? { value, sources, checkedOn: C, disagree } : { value, sources, checkedOn: C };

// --- Mercury (facts file A1) -----------------------------------------------------------------------------
const MERCURY_ADDRESS = official('https://support.mercury.com/hc/en-us/articles/35621446275860-Address-requirements');
const MERCURY_ADDRESS_2 = official(
  'https://support.mercury.com/hc/en-us/articles/28769699533588-Company-address-requirements',
);
const MERCURY_FAQ = official('https://mercury.com/faq');

const mercury: ProviderCatalogue = {
  id: 'mercury',
  name: 'Mercury',
  address: {
    legal: rule({ accepts: ['registered_agent', 'office', 'home'], refuses: ['po_box', 'virtual'], usOnly: true }, [
      MERCURY_ADDRESS,
      MERCURY_ADDRESS_2,
    ]),
    physical: rule({ accepts: ['office', 'home'], refuses: ['registered_agent', 'po_box', 'virtual'] }, [
      MERCURY_ADDRESS,
      MERCURY_ADDRESS_2,
      MERCURY_FAQ,
    ]),
  },
  documents: [
    rule({ document: 'articles' }, [MERCURY_FAQ]),
    rule({ document: 'ein_letter' }, [
      MERCURY_FAQ,
      thirdParty('https://incorporate.ltd/en/blog/how-to-open-a-mercury-bank-account-for-a-non-us-llc-2026', '2026'),
    ]),
    rule({ document: 'passport' }, [MERCURY_FAQ]),
    // One page says less than 60 days, the other less than 90: the stricter 60 (facts file, caution 2).
    rule({ document: 'proof_of_address', maxAgeDays: 60 }, [MERCURY_ADDRESS, MERCURY_ADDRESS_2], true),
    rule({ document: 'operating_agreement', optional: true }, [
      thirdParty('https://incorporate.ltd/en/blog/how-to-open-a-mercury-bank-account-for-a-non-us-llc-2026', '2026'),
    ]),
  ],
  // Only the excerpt of an older FAQ copy and a 2024 article; the current list page is not stored.
  countriesNotServed: rule(
    {
      countries: [
        'AF',
        'AL',
        'BA',
        'BW',
        'BI',
        'CM',
        'CF',
        'CD',
        'CG',
        'HR',
        'ER',
        'ET',
        'HT',
        'IQ',
        'XK',
        'LB',
        'LY',
        'MO',
        'ML',
        'MZ',
        'MM',
        'SY',
      ],
      complete: false,
    },
    [
      official('https://mercury.com/faq?ref=vc.ru'),
      thirdParty('https://techcrunch.com/2024/07/23/mercury-bank-fintech-sanctions', '2024-07-23'),
    ],
  ),
  needsSsnOrItin: rule(false, [
    MERCURY_FAQ,
    thirdParty('https://devil.club/en/blog/open-mercury-account', '2026-03-20'),
  ]),
  reviewTime: rule({ min: 1, max: 5, unit: 'business_days' }, [
    thirdParty('https://incorporate.ltd/en/blog/how-to-open-a-mercury-bank-account-for-a-non-us-llc-2026', '2026'),
    thirdParty('https://devil.club/en/blog/open-mercury-account', '2026-03-20'),
  ]),
  nameMustMatchArticles: rule(true, [thirdParty('https://devil.club/en/blog/open-mercury-account', '2026-03-20')]),
  raLegalRefusedWithForeignOwner: null,
  cautions: [],
};

// --- Relay (A2) ------------------------------------------------------------------------------------------
const RELAY_RA = official(
  'https://support.relayfi.com/hc/en-us/articles/23792837830676-Can-Registered-Agent-Service-addresses-be-used',
);
const RELAY_REFERRING = official(
  'https://support.relayfi.com/hc/en-us/articles/23769444792980-Referring-your-clients-to-Relay',
);
const RELAY_PROOF = official(
  'https://support.relayfi.com/hc/en-us/articles/12650528679316-Accepted-Address-Verification-Documents',
);
const RELAY_DOCS = official(
  'https://support.relayfi.com/hc/en-us/articles/38049251551636-Required-Documents-to-Open-a-Relay-Account-by-Entity-Type',
);
const RELAY_EIN = official(
  'https://support.relayfi.com/hc/en-us/articles/38051396940564-Getting-Your-EIN-Articles-of-Incorporation',
);
const RELAY_REVIEW = official(
  'https://support.relayfi.com/hc/en-us/articles/16973005186324-What-Happens-After-You-Submit-Your-Application',
);

const relay: ProviderCatalogue = {
  id: 'relay',
  name: 'Relay',
  address: {
    // A home as the business address: no stored page says either way.
    legal: rule({ accepts: ['registered_agent', 'office'], refuses: ['po_box', 'virtual'], usOnly: true }, [
      RELAY_RA,
      RELAY_PROOF,
      RELAY_DOCS,
    ]),
    physical: rule({ accepts: ['home', 'office'], refuses: ['registered_agent', 'po_box', 'virtual'] }, [
      RELAY_RA,
      RELAY_PROOF,
    ]),
    // One page accepts an international home; three say the owner's personal address must be in the US.
    owner_home: rule(
      { accepts: ['home'], refuses: ['po_box', 'virtual', 'registered_agent'], usOnly: true },
      [RELAY_RA, RELAY_REFERRING, RELAY_PROOF, RELAY_DOCS],
      true,
    ),
  },
  documents: [
    rule({ document: 'articles' }, [RELAY_DOCS]),
    rule({ document: 'ein_letter' }, [RELAY_DOCS, RELAY_EIN]),
    rule({ document: 'passport' }, [RELAY_DOCS]),
    rule({ document: 'proof_of_address', maxAgeDays: 180 }, [RELAY_PROOF]),
  ],
  countriesNotServed: null,
  needsSsnOrItin: rule(false, [RELAY_DOCS]),
  reviewTime: rule({ min: 1, max: 2, unit: 'business_days' }, [RELAY_REVIEW]),
  nameMustMatchArticles: null,
  raLegalRefusedWithForeignOwner: rule(true, [RELAY_RA, RELAY_REFERRING, RELAY_PROOF, RELAY_DOCS], true),
  cautions: [],
};

// --- Wise Business (A3) ----------------------------------------------------------------------------------
const WISE_ADDRESS = official('https://wise.com/help/articles/2969315/how-does-wise-verify-my-business-address');
const WISE_EDIT = official('https://wise.com/help/articles/2977971 (mirror: payout-surge.live)');

const wise: ProviderCatalogue = {
  id: 'wise',
  name: 'Wise Business',
  address: {
    legal: rule({ accepts: ['registered_agent', 'office', 'home'], refuses: [] }, [WISE_ADDRESS]),
    physical: rule({ accepts: ['home', 'office'], refuses: ['po_box', 'virtual', 'registered_agent'] }, [
      WISE_ADDRESS,
      WISE_EDIT,
    ]),
  },
  documents: [rule({ document: 'articles' }, [WISE_ADDRESS]), rule({ document: 'proof_of_address' }, [WISE_ADDRESS])],
  countriesNotServed: null,
  needsSsnOrItin: null,
  reviewTime: rule({ min: 1, max: 5, unit: 'business_days' }, [
    thirdParty('https://thestyleoftheday.com/how-long-does-transferwise-take-to-verify'),
  ]),
  nameMustMatchArticles: null,
  raLegalRefusedWithForeignOwner: null,
  cautions: [
    rule(
      'right_to_live',
      [thirdParty('https://moneymakersco.com/blog/wise-now-asking-for-right-to-live-document/'), WISE_ADDRESS],
      true,
    ),
  ],
};

// --- Payoneer (A4) ---------------------------------------------------------------------------------------
const PAYONEER_DOCS = official(
  'https://payoneer.com/resources/business/how-to-submit-your-required-documents-to-use-payoneers-global-payment-service',
);
const payoneer: ProviderCatalogue = {
  id: 'payoneer',
  name: 'Payoneer',
  address: {},
  documents: [
    rule({ document: 'passport' }, [PAYONEER_DOCS]),
    rule({ document: 'proof_of_address', maxAgeDays: 90 }, [
      official(
        'https://payoneer.com/resources/how-to-use-payoneer/proof-of-residence-why-its-needed-and-how-best-to-provide-it',
      ),
    ]),
  ],
  countriesNotServed: null,
  needsSsnOrItin: null,
  reviewTime: rule({ min: 3, max: 3, unit: 'business_days' }, [
    official('https://community.payoneer.com/en/discussion/58058/why-isnt-my-account-approved-an-faq'),
  ]),
  nameMustMatchArticles: null,
  raLegalRefusedWithForeignOwner: null,
  cautions: [],
};

// --- Airwallex (A5) --------------------------------------------------------------------------------------
const AIRWALLEX_KYC = official(
  'https://help.airwallex.com/hc/en-gb/articles/4419267227417-Preparing-KYC-Material-for-US-Businesses',
);
const airwallex: ProviderCatalogue = {
  id: 'airwallex',
  name: 'Airwallex',
  address: {},
  documents: [
    rule({ document: 'ein_letter' }, [AIRWALLEX_KYC]),
    rule({ document: 'articles' }, [AIRWALLEX_KYC]),
    rule({ document: 'beneficial_ownership' }, [AIRWALLEX_KYC]),
    rule({ document: 'passport' }, [AIRWALLEX_KYC]),
    rule({ document: 'us_ties', ifRunAbroad: true }, [AIRWALLEX_KYC]),
  ],
  countriesNotServed: null,
  needsSsnOrItin: null,
  reviewTime: rule({ min: 2, max: 7, unit: 'business_days' }, [
    thirdParty('https://ezvcard.com/article/airwallex-guide', '2025-12'),
  ]),
  nameMustMatchArticles: null,
  raLegalRefusedWithForeignOwner: null,
  cautions: [],
};

// --- Stripe's own verification for payouts (A6) ----------------------------------------------------------
const STRIPE_US = official('https://support.stripe.com/questions/requirements-for-having-a-us-stripe-account');
const STRIPE_RA = official(
  'https://docs.stripe.com/changelog/endive/2026-09-30/address-validation-cmra-registered-agents-accounts-v2',
  '2026-09-30',
);
const stripe: ProviderCatalogue = {
  id: 'stripe',
  name: 'Stripe',
  address: {
    // Stripe's business address is the company's US address: a registered agent's is flagged and cleared
    // by a proof of address; a CMRA or virtual mailbox must be replaced.
    legal: rule(
      {
        accepts: ['office', 'home'],
        refuses: ['po_box', 'virtual'],
        needsProof: ['registered_agent'],
        usOnly: true,
      },
      [STRIPE_US, STRIPE_RA],
    ),
  },
  documents: [
    rule({ document: 'articles' }, [STRIPE_US]),
    rule({ document: 'ein_letter' }, [
      official('https://support.stripe.com/questions/supporting-documents-to-further-review-the-account'),
    ]),
  ],
  countriesNotServed: null,
  // Only from US-resident representatives and owners (2024 update).
  needsSsnOrItin: rule(false, [
    official('https://support.stripe.com/questions/2024-updates-to-us-verification-requirements-faqs', '2024'),
  ]),
  reviewTime: rule({ min: 0, max: 24, unit: 'hours' }, [
    official('https://support.stripe.com/questions/documents-for-business-verification'),
  ]),
  nameMustMatchArticles: rule(true, [STRIPE_US]),
  raLegalRefusedWithForeignOwner: null,
  cautions: [],
};

/** The catalogue in the order the page lists it, which is also the order a next provider is suggested in. */
export const BANK_CATALOGUE: Readonly<Record<ProviderId, ProviderCatalogue>> = {
  mercury,
  relay,
  wise,
  payoneer,
  airwallex,
  stripe,
};

/** Stripe's proof of address when its flag is raised (facts file A6, "Proof of address"). */
export const STRIPE_PROOF_SOURCE = official('https://support.stripe.com/questions/verifying-your-business-address');
