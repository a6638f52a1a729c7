/**
 * The company's addresses for bank readiness: one address per role, each of one kind. The
 * roles are what banks ask for; the kinds are what the address really is. Which kind a bank accepts in
 * which role is the catalogue's (providers.ts).
 */

export const ADDRESS_ROLES = ['registered_agent', 'mailing', 'physical', 'owner_home'] as const;
export type AddressRole = (typeof ADDRESS_ROLES)[number];

export const ADDRESS_KINDS = ['registered_agent', 'virtual', 'po_box', 'office', 'home'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * Roles where a PO box (or a private mailbox, PMB) is refused on the server: the registered agent's
 * address must be a street address where papers can be served, and the physical address is where the
 * business is run. Mail may go to a box; the owner's home is a home.
 */
export const PO_BOX_FORBIDDEN_ROLES: readonly AddressRole[] = ['registered_agent', 'physical', 'owner_home'];

/** The roles that must be in the US: the registered agent's address (the state's rule). */
export const US_ONLY_ROLES: readonly AddressRole[] = ['registered_agent'];

/** The roles whose change the IRS wants told on Form 8822-B (mailing address; see the facts file). */
export const FORM_8822B_ROLES: readonly AddressRole[] = ['mailing'];

/** USPS codes of the states, DC and the inhabited territories (Mercury accepts a US territory). */
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'DC',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
] as const;

/** A US ZIP code: five digits, or ZIP+4. */
export const US_ZIP = /^\d{5}(-\d{4})?$/;

/** "PO Box 12", "P.O. Box", "Post Office Box", "PMB 301", "#PMB": what a box looks like on a street line. */
const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box|pmb)\b|#\s*pmb/i;

export function looksLikePoBox(line: string): boolean {
  return PO_BOX.test(line);
}

/**
 * Whether `code` is an ISO 3166-1 alpha-2 region the runtime knows (Intl names it); an unknown code
 * comes back as itself. Node and every current browser carry the region names.
 */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code);
    return typeof name === 'string' && name !== code;
  } catch {
    return false;
  }
}

/** A stored or portal-known address, as the readiness check reads it. */
export interface AddressFacts {
  role: AddressRole;
  kind: AddressKind;
  /** ISO alpha-2; 'US' for a US address. */
  country: string;
  /** Who said what it is: the portal (its own address, its own agent) or the customer. */
  origin: 'portal' | 'customer';
}
