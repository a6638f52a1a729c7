/**
 * Customers' data rights (decisions 0046 and 0047): the versioned texts a customer accepts, the
 * optional consents asked one by one, and the erasure request's states and legal answer time.
 */

/**
 * The version of each text in src/shared/legal/ (the file's `version:` line says the same; a unit test
 * checks it). Raising one asks every signed-in customer to accept the text again before going on.
 */
export const LEGAL_TEXTS = ['terms', 'privacyNotice'] as const;
export type LegalText = (typeof LEGAL_TEXTS)[number];
export const LEGAL_TEXT_VERSIONS: Readonly<Record<LegalText, string>> = {
  terms: '2026-11-28',
  privacyNotice: '2026-11-28',
};

/** Consents a customer may give or withdraw at any time; none is needed to use the portal, none is pre-ticked. */
export const OPTIONAL_CONSENTS = ['productMails'] as const;
export type OptionalConsent = (typeof OPTIONAL_CONSENTS)[number];

/** Every kind of record in privacy_consents: the accepted texts and the optional consents. */
export const CONSENT_KINDS = [...LEGAL_TEXTS, ...OPTIONAL_CONSENTS] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * An erasure request: waiting for the mailed link, waiting for staff, erased (files may still be in
 * removal, `filesPending`), or declined with staff's answer; a request not confirmed in time lapses.
 */
export const ERASURE_STATUSES = ['unconfirmed', 'pending', 'erased', 'declined'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

/** KVKK art. 13: the data controller answers a request within 30 days at the latest. */
export const ERASURE_ANSWER_DAYS = 30;
/** How long the confirmation link of an erasure request works. */
export const ERASURE_LINK_HOURS = 24;

/** The address an erased account keeps, so the unique email column holds no one's address. */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}
