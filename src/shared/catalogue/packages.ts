/** The turnkey packages and address options of product.md#data-the-portal-keeps and §9. Money is integer cents. */
export const PACKAGES = [
  {
    id: 'formation_only',
    tier: 'standard',
    price: 38_900,
    /**
     * i18n keys under `catalogue.packageIncludes.` product.md#who-the-portal-is-for: assisted list also names "a financial-crimes
     * registry filing" (FinCEN BOI); FinCEN's interim final rule of March 2025 exempts every company formed
     * in the US, so no package sells it (decision 0033). The shared address is free with either package.
     */
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
      'sharedAddress',
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
  /**
   * Per year, and the one figure shown everywhere: SPEC's onboarding copy said $99 and its wizard
   * copy $100; the checkout charges this one, so onboarding shows it too.
   */
  private_address: 10_000,
  /** Extra per-state fees that may apply to a private address, per year. */
  privateAddressStateExtraMin: 10_000,
  privateAddressStateExtraMax: 25_000,
} as const;

/**
 * The package an assisted ("service") customer signs up for in onboarding: its price and contents are
 * what onboarding shows, and the turnkey wizard starts with it chosen.
 */
export const ASSISTED_PACKAGE_ID: PackageId = 'formation_with_payment';
export const ASSISTED_PRICE = PACKAGES.find((p) => p.id === ASSISTED_PACKAGE_ID)?.price ?? 0;
/** Registered agent from the second year on. */
export const REGISTERED_AGENT_RENEWAL = 12_500;

/**
 * The private address's yearly surcharge in the states that have one, per year, on top of
 * ADDRESS_PRICES.private_address. The catalogue knows only the range (privateAddressStateExtraMin and
 * Max) and no state's checked figure yet, so no state is listed and a renewal charges the base price; a
 * state's figure goes here, with its source, once our address partner confirms it.
 */
export const PRIVATE_ADDRESS_STATE_SURCHARGES: Readonly<Partial<Record<string, { amount: number; source: string }>>> =
  {};

export const BUSINESS_ACTIVITIES = ['Ecommerce', 'Digital Marketing', 'Software Development', 'Other'] as const;
export type BusinessActivity = (typeof BUSINESS_ACTIVITIES)[number];
