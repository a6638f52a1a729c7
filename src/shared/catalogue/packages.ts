/** The turnkey packages and address options of SPEC §3 and §9. Money is integer cents. */
export const PACKAGES = [
  {
    id: 'formation_only',
    tier: 'standard',
    price: 38_900,
    /** i18n keys under `catalogue.packageIncludes.` */
    includes: ['formation', 'ein', 'registeredAgentYear', 'sharedAddress', 'bookkeepingBasics'],
  },
  {
    id: 'formation_with_payment',
    tier: 'premium',
    price: 58_900,
    includes: [
      'formation',
      'ein',
      'registeredAgentYear',
      'bankAccount',
      'paymentProvider',
      'cardPayments',
      'financialCrimesFiling',
      'bookkeepingBasics',
    ],
  },
] as const;
export type PackageId = (typeof PACKAGES)[number]['id'];
export const PACKAGE_IDS = PACKAGES.map((p) => p.id) as [PackageId, ...PackageId[]];

export function findPackage(id: string) {
  return PACKAGES.find((p) => p.id === id) ?? null;
}

export const ADDRESS_OPTIONS = ['shared_address', 'private_address'] as const;
export type AddressOption = (typeof ADDRESS_OPTIONS)[number];

export const ADDRESS_PRICES = {
  shared_address: 0,
  /** The wizard's copy: +$100 per year. */
  private_address: 10_000,
  /** The onboarding copy: $99 per year. */
  privateAddressOnboarding: 9_900,
  /** Extra per-state fees that may apply to a private address, per year. */
  privateAddressStateExtraMin: 10_000,
  privateAddressStateExtraMax: 25_000,
} as const;

/** Assisted ("service") membership: the Premium package's price. */
export const ASSISTED_PRICE = 58_900;
/** Self-service: the stated total budget for a Wyoming company. */
export const SELF_SERVICE_WYOMING_BUDGET = 14_300;
/** Registered agent from the second year on. */
export const REGISTERED_AGENT_RENEWAL = 12_500;

export const BUSINESS_ACTIVITIES = ['Ecommerce', 'Digital Marketing', 'Software Development', 'Other'] as const;
export type BusinessActivity = (typeof BUSINESS_ACTIVITIES)[number];
