/**
 * The mailroom's letter states and the customer's decisions (decision 0086). A letter is
 * logged by staff from its envelope; the customer then decides what happens to the paper.
 * - received: logged (the envelope only), waiting for the customer's decision;
 * - scan_requested: the customer asked for a scan;
 * - scanned: the scan is in the vault (category "Posta / Mail");
 * - shred_requested / shredded: the customer asked to shred it / staff shredded it;
 * - held: kept on paper at the address.
 * A letter with no company (`userId` null) is in the unmatched tray whatever its state.
 */
export const LETTER_STATUSES = [
  'received',
  'scan_requested',
  'scanned',
  'shred_requested',
  'shredded',
  'held',
] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

/** What the customer may ask for a letter (forwarding comes with the checkout, later). */
export const LETTER_DECISIONS = ['scan', 'shred', 'hold'] as const;
export type LetterDecision = (typeof LETTER_DECISIONS)[number];

/** The state each decision leads to, and the states it may be taken from. */
const DECISIONS: Readonly<Record<LetterDecision, { to: LetterStatus; from: readonly LetterStatus[] }>> = {
  scan: { to: 'scan_requested', from: ['received', 'held'] },
  shred: { to: 'shred_requested', from: ['received', 'scanned', 'held'] },
  hold: { to: 'held', from: ['received', 'scanned', 'shred_requested'] },
};

/** The state a decision moves the letter to, or null when it cannot be taken now. */
export function decide(status: LetterStatus, decision: LetterDecision): LetterStatus | null {
  const rule = DECISIONS[decision];
  return rule.from.includes(status) ? rule.to : null;
}

/** Whether the customer may take `decision` now (the page offers only these). */
export function canDecide(status: LetterStatus, decision: LetterDecision): boolean {
  return decide(status, decision) !== null;
}

/** Staff may upload a scan while the paper is still here and not yet scanned. */
export function canScan(status: LetterStatus): boolean {
  return status === 'received' || status === 'scan_requested' || status === 'held';
}

/**
 * The desk's scan target (issue's "one business day"): a letter waiting for its scan is late once more
 * than this many federal business days have passed since it arrived.
 */
export const SCAN_TARGET_BUSINESS_DAYS = 1;

/** Whether a letter is still waiting for paper work on the desk (its clock runs): not yet scanned. */
export function awaitsScan(status: LetterStatus): boolean {
  return status === 'received' || status === 'scan_requested';
}

/** Letters' page sizes, as the other desks'. */
export const LETTER_PAGE_SIZES = [20, 50, 100] as const;

/** At most this many pages on one letter (a summons with exhibits can be long; more is a typo). */
export const LETTER_PAGES_MAX = 500;
