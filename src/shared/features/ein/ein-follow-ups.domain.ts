import { businessDaysBack, businessDaysBetween } from '../../catalogue/federal-holidays';

/**
 * EIN follow-ups (decision 0050): what staff did to chase an EIN the IRS has not issued, and when an
 * application counts as overdue. Shared by the server (rules, queries) and the web (forms, labels).
 */

/** A call to the IRS's international line, the SS-4 faxed again, or a letter. */
export const EIN_FOLLOW_UP_KINDS = ['irs_call', 'ss4_refaxed', 'letter'] as const;
export type EinFollowUpKind = (typeof EIN_FOLLOW_UP_KINDS)[number];

/**
 * What came of it, from a fixed list so the customer reads it in their own language: the IRS is still
 * processing it, it has no record (so the SS-4 is sent again), it asked for something, it gave the EIN,
 * or nobody could be reached yet. The detail goes in the note.
 */
export const EIN_FOLLOW_UP_OUTCOMES = [
  'still_processing',
  'no_record_resent',
  'more_information_requested',
  'ein_assigned',
  'no_answer',
] as const;
export type EinFollowUpOutcome = (typeof EIN_FOLLOW_UP_OUTCOMES)[number];

/** The default of EIN_FOLLOW_UP_BUSINESS_DAYS: business days at "Submitted to IRS" before it is overdue. */
export const EIN_OVERDUE_BUSINESS_DAYS_DEFAULT = 20;

/** Only an application the IRS has (submitted_to_irs) can be followed up with the IRS. */
export const EIN_FOLLOW_UP_STATUS = 'submitted_to_irs' as const;

/**
 * The first day an application must have been submitted before to be overdue today: submitted before
 * this business day, it has waited at least `businessDays` business days (federal holidays excluded).
 */
export function overdueSubmittedBefore(today: string, businessDays: number): string {
  return businessDaysBack(today, businessDays);
}

/** Business days an application submitted on `submittedOn` has waited by `today`. */
export function businessDaysWaiting(submittedOn: string, today: string): number {
  return businessDaysBetween(submittedOn, today);
}

export function isEinOverdue(
  app: { einStatus: string; submittedOn: string },
  today: string,
  businessDays: number,
): boolean {
  return app.einStatus === EIN_FOLLOW_UP_STATUS && app.submittedOn < overdueSubmittedBefore(today, businessDays);
}
