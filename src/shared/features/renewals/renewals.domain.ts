import { ADDRESS_PRICES, PRIVATE_ADDRESS_STATE_SURCHARGES, REGISTERED_AGENT_RENEWAL } from '../../catalogue/packages';
import { addDays, daysBetween, type IsoDate, sameDayInYear, yearOf } from '../../format/calendar-days';

/**
 * Renewals (decisions 0053 and 0054): the registered agent and the private address renew each year,
 * only on the customer's word in the portal. Pure and time-zone free: dates are 'YYYY-MM-DD' and
 * "today" is passed in (the server's clock), so the daily run, the pages and the tests agree.
 */

export const SUBSCRIPTION_PRODUCTS = ['registered_agent', 'private_address'] as const;
export type SubscriptionProduct = (typeof SUBSCRIPTION_PRODUCTS)[number];

/**
 * active: the period runs, no notice owed yet. renewal_due: 30 days or fewer to the end, or past the end
 * within the grace period, unpaid. cancelled: "Do not renew" was chosen; the period runs to its end.
 * lapsed: unpaid past the grace period. ended: a cancelled period reached its end.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'renewal_due', 'cancelled', 'lapsed', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Days after the period's end in which a renewal is still taken; the service goes on meanwhile. */
export const GRACE_DAYS = 14;
/** The notices before the end, in days; each is mailed once and shown as the dashboard card. */
export const NOTICE_OFFSETS = [30, 7] as const;
export type NoticeOffset = (typeof NOTICE_OFFSETS)[number];

/**
 * Whose registered agent a company has (decision 0074). Ours (our partner, its years billed by us) only
 * when the customer bought a turnkey package, which includes the first year: the formation's payment is
 * `paid`. A self-service founder appointed an agent on the formation site (the guide's partner or
 * another) and that agent bills them directly, so we open no subscription and show no price of ours.
 * Migration 0039's subscriptions_sync applies the same test in SQL.
 */
export type AgentOwner = 'ours' | 'own';
export function agentOwner(formation: { paymentStatus: string } | null): AgentOwner {
  return formation?.paymentStatus === 'paid' ? 'ours' : 'own';
}

/** Why a customer chose "Do not renew" (optional; counted on the renewals desk). */
export const CANCEL_REASONS = ['too_expensive', 'closing_company', 'other_provider', 'not_needed', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What the history of a subscription records. */
export const SUBSCRIPTION_EVENT_KINDS = [
  'started',
  'notice_30',
  'notice_7',
  'grace',
  'renewed',
  'cancelled',
  'resumed',
  'lapsed',
  'ended',
  'paid_twice',
  'moved',
] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/** The desk's views: due within N days, in grace, lapsed, cancelled this month. */
export const RENEWAL_DESK_VIEWS = ['due', 'grace', 'lapsed', 'cancelled'] as const;
export type RenewalDeskView = (typeof RENEWAL_DESK_VIEWS)[number];
export const RENEWAL_DESK_HORIZONS = [7, 30, 60, 90] as const;

/** The end of a one-year period starting on `start` (29 February ends on 28 February). */
export function periodEndFrom(start: IsoDate): IsoDate {
  return sameDayInYear(start, yearOf(start) + 1);
}

/**
 * The period that holds `today` in the yearly cycle that began on `first` (the formation date, or the
 * address's first payment): how an existing customer is migrated, and how a new one starts.
 */
export function currentPeriod(first: IsoDate, today: IsoDate): { start: IsoDate; end: IsoDate } {
  let start = first;
  for (let year = yearOf(first) + 1; ; year++) {
    const next = sameDayInYear(first, year);
    if (next > today) return { start, end: next };
    start = next;
  }
}

/**
 * Decision 0057: the agent's period after staff correct the formation date from `from` to `to`, or null
 * when it stays. While no renewal has been paid, the period is the formation date's own yearly cycle, so
 * it keeps its place in it (the same cycle year, start and end on the corrected day); a lapsed or ended
 * subscription is over and stays as it was. After a renewal the customer paid for a year ending on a
 * given day, and that day holds.
 */
export function correctedAgentPeriod(
  period: { start: IsoDate; end: IsoDate; status: SubscriptionStatus; renewed: boolean },
  from: IsoDate,
  to: IsoDate,
): { start: IsoDate; end: IsoDate } | null {
  if (period.renewed || period.status === 'lapsed' || period.status === 'ended' || from === to) return null;
  const cycleYear = yearOf(period.start) - yearOf(from);
  const start = sameDayInYear(to, yearOf(to) + cycleYear);
  const end = sameDayInYear(to, yearOf(to) + cycleYear + 1);
  return start === period.start && end === period.end ? null : { start, end };
}

/** An early (or late, in grace) renewal extends from the current end, never from today. */
export function renewedPeriod(currentEnd: IsoDate): { start: IsoDate; end: IsoDate } {
  return { start: currentEnd, end: periodEndFrom(currentEnd) };
}

/** The next period's price from the catalogue, the state's address surcharge included. */
export function renewalPrice(product: SubscriptionProduct, state: string | null): number {
  if (product === 'registered_agent') return REGISTERED_AGENT_RENEWAL;
  const surcharge = state ? (PRIVATE_ADDRESS_STATE_SURCHARGES[state]?.amount ?? 0) : 0;
  return ADDRESS_PRICES.private_address + surcharge;
}

/** The last day a renewal is taken: the end plus the grace period. */
export function graceEnd(periodEnd: IsoDate): IsoDate {
  return addDays(periodEnd, GRACE_DAYS);
}

/** The notice owed on `today` for a period ending on `periodEnd`: 7 from a week out, 30 from a month out. */
export function noticeOwed(periodEnd: IsoDate, today: IsoDate): NoticeOffset | null {
  const left = daysBetween(today, periodEnd);
  if (left <= 0) return null;
  if (left <= 7) return 7;
  if (left <= 30) return 30;
  return null;
}

/** Whether the customer sees the renewal card (a notice is owed or the grace period runs). */
export function showsRenewalCard(status: SubscriptionStatus, periodEnd: IsoDate, today: IsoDate): boolean {
  return status === 'renewal_due' || (status === 'active' && noticeOwed(periodEnd, today) !== null);
}

export type DailyStep = 'due' | 'grace' | 'lapse' | 'end' | null;

/**
 * What the daily run does to a subscription on `today`: mark it due (notices begin), start the grace
 * period (one more mail), let it lapse, or end a cancelled one. Applying it twice changes nothing more.
 */
export function dailyStep(status: SubscriptionStatus, periodEnd: IsoDate, today: IsoDate): DailyStep {
  const left = daysBetween(today, periodEnd);
  if (status === 'cancelled') return left <= 0 ? 'end' : null;
  if (status === 'active' || status === 'renewal_due') {
    if (today > graceEnd(periodEnd)) return 'lapse';
    if (left <= 0) return 'grace';
    if (status === 'active' && left <= 30) return 'due';
  }
  return null;
}

/** The status after a step (grace keeps renewal_due: the period is over, the renewal still taken). */
export function statusAfter(step: Exclude<DailyStep, null>): SubscriptionStatus {
  switch (step) {
    case 'due':
    case 'grace':
      return 'renewal_due';
    case 'lapse':
      return 'lapsed';
    case 'end':
      return 'ended';
  }
}

/** In grace: renewal_due and the period's end has passed. */
export function inGrace(status: SubscriptionStatus, periodEnd: IsoDate, today: IsoDate): boolean {
  return status === 'renewal_due' && today >= periodEnd && today <= graceEnd(periodEnd);
}

/** "Renew for a year": while the period runs or in grace, unless cancelled (undo the cancellation first). */
export function canRenew(status: SubscriptionStatus, periodEnd: IsoDate, today: IsoDate): boolean {
  return (status === 'active' || status === 'renewal_due') && today <= graceEnd(periodEnd);
}

/** "Do not renew": before the period's end only (in grace, simply not paying lets it lapse). */
export function canCancel(status: SubscriptionStatus, periodEnd: IsoDate, today: IsoDate): boolean {
  return (status === 'active' || status === 'renewal_due') && today < periodEnd;
}

/** Undoing "Do not renew": until the end. */
export function canResume(status: SubscriptionStatus, periodEnd: IsoDate, today: IsoDate): boolean {
  return status === 'cancelled' && today < periodEnd;
}

/** The status a resumed subscription returns to: due when the notices have begun, else active. */
export function resumedStatus(periodEnd: IsoDate, today: IsoDate): SubscriptionStatus {
  return daysBetween(today, periodEnd) <= 30 ? 'renewal_due' : 'active';
}

/** The status right after a renewal extended the period to `newEnd`. */
export function renewedStatus(newEnd: IsoDate, today: IsoDate): SubscriptionStatus {
  return resumedStatus(newEnd, today);
}

/** The agent subscription as its registered agent renewal item carries it (calendar and deadlines desk). */
export interface AgentRenewalState {
  status: SubscriptionStatus;
  periodEnd: IsoDate;
  /** Whether a year was ever renewed: "renewed until …" rather than "renewal due on …". */
  renewed: boolean;
}

/**
 * Which line the customer's calendar and the staff's deadlines desk show for it, a key under
 * `renewals.calendar` (each but `lapsed` takes the period end as `date`): one rule, so both say the same.
 */
export function agentRenewalLine(renewal: AgentRenewalState): 'lapsed' | 'cancelled' | 'renewedUntil' | 'due' {
  if (renewal.status === 'lapsed' || renewal.status === 'ended') return 'lapsed';
  if (renewal.status === 'cancelled') return 'cancelled';
  return renewal.renewed ? 'renewedUntil' : 'due';
}
