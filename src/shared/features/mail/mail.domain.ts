/**
 * The mailroom's letter states and the customer's decisions (decision 0086). A letter is
 * logged by staff from its envelope; the customer then decides what happens to the paper.
 * - received: logged (the envelope only), waiting for the customer's decision;
 * - scan_requested: the customer asked for a scan;
 * - scanned: the scan is in the vault (category "Posta / Mail");
 * - shred_requested / shredded: the customer asked to shred it / staff shredded it;
 * - held: kept on paper at the address (also, unasked, for a customer with no current address or agent
 *   subscription: `heldReason` 'no_subscription', decision 0089);
 * - forward_requested: the customer asked to forward it and was sent to the checkout (nothing moves yet);
 * - to_forward: the webhook confirmed the payment: staff post it and enter the tracking number;
 * - forwarded: posted, with its tracking number.
 * A letter with no company (`userId` null) is in the unmatched tray whatever its state.
 */
export const LETTER_STATUSES = [
  'received',
  'scan_requested',
  'scanned',
  'shred_requested',
  'shredded',
  'held',
  'forward_requested',
  'to_forward',
  'forwarded',
] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

/**
 * What the customer may ask for a letter without paying. Forwarding is asked through the checkout
 * (`canForward`); it becomes `to_forward` only on the payment provider's confirmed word.
 */
export const LETTER_DECISIONS = ['scan', 'shred', 'hold'] as const;
export type LetterDecision = (typeof LETTER_DECISIONS)[number];

/** The state each decision leads to, and the states it may be taken from. */
const DECISIONS: Readonly<Record<LetterDecision, { to: LetterStatus; from: readonly LetterStatus[] }>> = {
  scan: { to: 'scan_requested', from: ['received', 'held', 'forward_requested'] },
  shred: { to: 'shred_requested', from: ['received', 'scanned', 'held', 'forward_requested'] },
  hold: { to: 'held', from: ['received', 'scanned', 'shred_requested', 'forward_requested'] },
};

/** The paper is still at the address and nobody is posting or shredding it: it may be forwarded. */
const FORWARDABLE: readonly LetterStatus[] = ['received', 'scanned', 'held', 'forward_requested'];

/** Whether the customer may ask (again: an abandoned checkout) to forward the letter. */
export function canForward(status: LetterStatus): boolean {
  return FORWARDABLE.includes(status);
}

/** At most this many pages on one letter (a summons with exhibits can be long; more is a typo). */
export const LETTER_PAGES_MAX = 500;

/** Why a letter was held without the customer asking. */
export const LETTER_HELD_REASONS = ['no_subscription'] as const;
export type LetterHeldReason = (typeof LETTER_HELD_REASONS)[number];

/**
 * Forwarding's weight bands, read from the pages staff counted (a sheet and its share of the envelope weigh
 * about 5 g: up to 10 pages is a letter, up to 50 a large envelope, more a parcel). Each band's price is a
 * service of the catalogue marked with the band (services.mailroom_item), edited by finance (decision 0089).
 */
export const FORWARD_BANDS: readonly { item: ForwardBand; maxPages: number }[] = [
  { item: 'forward_letter', maxPages: 10 },
  { item: 'forward_large', maxPages: 50 },
  { item: 'forward_parcel', maxPages: LETTER_PAGES_MAX },
];
export type ForwardBand = Exclude<MailroomItem, 'scan_extra'>;

/**
 * The catalogue items the mailroom sells (a service row names one in `mailroom_item`): the forwarding
 * weight bands (decision 0089) and a scan beyond the month's included scans (decision 0099).
 */
export const MAILROOM_ITEMS_ENUM = ['forward_letter', 'forward_large', 'forward_parcel', 'scan_extra'] as const;
export type MailroomItem = (typeof MAILROOM_ITEMS_ENUM)[number];

export function forwardBandOf(pages: number): ForwardBand {
  return (FORWARD_BANDS.find((b) => pages <= b.maxPages) ?? FORWARD_BANDS[FORWARD_BANDS.length - 1]).item;
}

/**
 * Standing rules a customer sets once (decision 0089), applied when a letter is logged:
 * - scanGovernment: a letter from the IRS or a state goes straight to "to scan";
 * - shredAdvertising: a letter from an advertiser goes straight to "to shred".
 */
export const STANDING_RULES = ['scanGovernment', 'shredAdvertising'] as const;
export type StandingRule = (typeof STANDING_RULES)[number];

/** The state a standing rule puts a new letter in, or null when none applies. */
export function statusByStandingRule(
  sender: string,
  rules: Readonly<Record<StandingRule, boolean>>,
): LetterStatus | null {
  if (rules.scanGovernment && (sender === 'irs' || sender === 'state')) return 'scan_requested';
  if (rules.shredAdvertising && sender === 'advertiser') return 'shred_requested';
  return null;
}

/** Staff may shred a letter the customer asked to shred, and enter the date; a scanned copy stays in the vault. */
export function canShred(status: LetterStatus): boolean {
  return status === 'shred_requested';
}

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

/** The letters that carry the company's EIN (decision 0089): the IRS's CP 575 and Letter 147C. */
export const EIN_LETTER_KINDS: readonly string[] = ['cp575', 'letter147c'];

/**
 * Whether an EIN letter offers the EIN desk its number: the application waits for the IRS (the next
 * step is "EIN issued"), or it is issued without its number (what a 147C restores).
 */
export function offersEin(kind: string, einStatus: string | null, hasEin: boolean): boolean {
  if (!EIN_LETTER_KINDS.includes(kind) || einStatus === null) return false;
  return einStatus === 'submitted_to_irs' || (einStatus === 'ein_issued' && !hasEin);
}

/** A letter paid for, posted or shredded stays with its customer: the paper's fate was theirs to decide. */
export function canReassign(status: LetterStatus): boolean {
  return !['forward_requested', 'to_forward', 'forwarded', 'shredded'].includes(status);
}

/** The IRS's penalty notices (decision 0089): scanned, each opens a support thread with the scan attached. */
export const PENALTY_LETTER_KINDS: readonly string[] = ['cp215', 'cp15', 'form5472_penalty', 'cp162'];

/** A state's reminder letter and the compliance calendar's rule it reminds of (decision 0089). */
export const STATE_REMINDER_RULES: Readonly<Record<string, string>> = {
  wy_annual_report: 'wyoming_annual_report',
  de_annual_tax: 'delaware_llc_annual_tax',
  fl_annual_report: 'florida_annual_report',
};

/**
 * The scans a month each address plan includes (decision 0099), set by finance in the services back office;
 * a plan finance has not set counts no allowance (every scan the customer asks for is included). A
 * customer's plan is the private address while its subscription runs, else the shared address that every
 * package includes.
 */
export const SCAN_ALLOWANCE_MAX = 1000;

/** The first day of `today`'s month (UTC dates, the server's clock): the allowance's month starts there. */
export function monthStartOf(today: string): string {
  return `${today.slice(0, 7)}-01`;
}

/** Whether the next scan the customer asks for is beyond the month's included scans. */
export function scanBeyondAllowance(used: number, included: number | null): boolean {
  return included !== null && used >= included;
}
