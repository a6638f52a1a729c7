import { addDays } from '../../format/calendar-days';
import { calendarDateOfUtc } from '../../format/dates';
/**
 * Retention of the SSN (decision 0048): RETENTION_SSN_DAYS after the EIN is issued, the SSN and the SS-4
 * files that hold it are purged; the customer is told a week before, on the dashboard and by mail.
 */
export const SSN_NOTICE_DAYS = 7;
/** RETENTION_SSN_DAYS when the operator sets none; the privacy notice states it (decision 0077). */
export const RETENTION_SSN_DEFAULT_DAYS = 90;
/** Accounts never verified, with no formation, are removed this many days after sign-up. */
export const ABANDONED_SIGNUP_DAYS = 30;

// Instants, not calendar days: the notice starts a whole number of 24-hour days after the stage was reached.
const DAY_MS = 86_400_000;

/** The day (YYYY-MM-DD, UTC) the SSN of an application issued at `issuedAt` is purged. */
export function ssnPurgeDay(issuedAt: Date, retentionDays: number): string {
  return addDays(calendarDateOfUtc(issuedAt), retentionDays);
}

/**
 * The purge day the dashboard announces: only for an issued application whose SSN or SS-4 files are
 * still kept, from SSN_NOTICE_DAYS before that day; null otherwise.
 */
export function ssnPurgeNotice(
  app: { einStatus: string; stageReachedAt: Date; ssnPurgedAt: Date | null; keepsSsnData: boolean },
  now: Date,
  retentionDays: number,
): string | null {
  if (app.einStatus !== 'ein_issued' || app.ssnPurgedAt || !app.keepsSsnData) return null;
  const noticeFrom = app.stageReachedAt.getTime() + (retentionDays - SSN_NOTICE_DAYS) * DAY_MS;
  return now.getTime() >= noticeFrom ? ssnPurgeDay(app.stageReachedAt, retentionDays) : null;
}

/**
 * Letters' retention per sender (decision 0089), settings RETENTION_MAIL_IRS_DAYS and
 * RETENTION_MAIL_ADVERTISING_DAYS: by default seven years for the IRS's and one year for advertising (the
 * issue's example; an operator's choice, not a rule from our fact checks). Other letters stay while the
 * account is open.
 */
export const RETENTION_MAIL_IRS_DEFAULT_DAYS = 2557;
export const RETENTION_MAIL_ADVERTISING_DEFAULT_DAYS = 365;
