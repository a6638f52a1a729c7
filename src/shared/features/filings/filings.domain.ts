/**
 * Tracked filings (decisions 0051, 0052): the yearly Form 5472 with its pro forma 1120, prepared from
 * the customer's answers, and the state annual reports staff file. One row per filing in `filings`;
 * its status is the stage it has reached, each stage with its date.
 */

import { type ComplianceRuleId, findComplianceRule } from '../../catalogue/compliance';
import { addDays, type IsoDate } from '../../format/calendar-days';

/** What is filed. A Form 7004 extension is a stage of the Form 5472 filing, not a filing of its own. */
export const FILING_KINDS = ['form_5472', 'state_report'] as const;
export type FilingKind = (typeof FILING_KINDS)[number];

/** The admin list's kind filter: Form 5472, the 5472 filings extended with Form 7004, state reports. */
export const FILING_LIST_KINDS = ['form_5472', 'form_7004', 'state_report'] as const;
export type FilingListKind = (typeof FILING_LIST_KINDS)[number];

/**
 * Every status a filing can have. A Form 5472 goes questionnaire_sent → answered → prepared → signed →
 * submitted (faxed or mailed, with the confirmation) → done. A state report is open (the customer's
 * paid "Let us file it") until staff mark it filed (done).
 */
export const FILING_STATUSES = [
  'open',
  'questionnaire_sent',
  'answered',
  'prepared',
  'signed',
  'submitted',
  'done',
] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

export const FORM_5472_STAGES = ['questionnaire_sent', 'answered', 'prepared', 'signed', 'submitted', 'done'] as const;
export const STATE_REPORT_STAGES = ['open', 'done'] as const;

export function stagesOf(kind: FilingKind): readonly FilingStatus[] {
  return kind === 'form_5472' ? FORM_5472_STAGES : STATE_REPORT_STAGES;
}

/** How the signed forms went to the IRS (Form 5472 cannot be e-filed). */
export const SUBMIT_METHODS = ['fax', 'mail'] as const;
export type SubmitMethod = (typeof SUBMIT_METHODS)[number];

/** The admin list's orders: waiting longest first (the default), newest first, due soonest first. */
export const FILING_SORTS = ['waiting', 'newest', 'due'] as const;
export type FilingSort = (typeof FILING_SORTS)[number];

/**
 * The moves a filing may make, by who makes them. Preparing again from `prepared` replaces the forms;
 * everything else goes one stage forward. A refused move answers INVALID_TRANSITION and changes nothing.
 */
const FORM_5472_MOVES: Record<string, readonly FilingStatus[]> = {
  questionnaire_sent: ['answered'],
  answered: ['prepared'],
  prepared: ['prepared', 'signed'],
  signed: ['submitted'],
  submitted: ['done'],
  done: [],
};

/**
 * Whether staff mark an item of this rule filed with the state's confirmation and receipt (decision
 * 0052): a state's report or tax, not the IRS's or FinCEN's, nor our own registered agent renewal.
 */
export function isStateFilable(ruleId: ComplianceRuleId): boolean {
  return findComplianceRule(ruleId).appliesTo !== 'federal' && ruleId !== 'registered_agent_renewal';
}

export function canMoveFiling(kind: FilingKind, from: FilingStatus, to: FilingStatus): boolean {
  if (kind === 'state_report') return from === 'open' && to === 'done';
  return (FORM_5472_MOVES[from] ?? []).includes(to);
}

/** Answers can change until staff prepare the forms from them. */
export function answersEditable(status: FilingStatus): boolean {
  return status === 'questionnaire_sent';
}

/** An extension (Form 7004) can be recorded until the forms have gone to the IRS. */
export function canExtend(status: FilingStatus): boolean {
  return status !== 'submitted' && status !== 'done';
}

/** The filing counts as filed (the calendar's "filed on …") from the day it went to the IRS or the state. */
export function isFiled(status: FilingStatus): boolean {
  return status === 'submitted' || status === 'done';
}

/** The questionnaire for tax year `taxYear` opens on 2 January of the next year. */
export function questionnaireOpensOn(taxYear: number): IsoDate {
  return `${taxYear + 1}-01-02`;
}

/** The tax year whose questionnaire is open on `today` (the calendar year before it), if it has opened. */
export function questionnaireYear(today: IsoDate): number | null {
  const year = Number(today.slice(0, 4)) - 1;
  return today >= questionnaireOpensOn(year) ? year : null;
}

/**
 * The days a reminder of an unanswered questionnaire goes out: 15 January, 15 February and 1 March of
 * the filing year, then every seven days after 1 March, up to and including the due date.
 */
export function questionnaireReminderDays(taxYear: number, dueDate: IsoDate): IsoDate[] {
  const year = taxYear + 1;
  const days = [`${year}-01-15`, `${year}-02-15`, `${year}-03-01`];
  for (let day = addDays(`${year}-03-01`, 7); day <= dueDate; day = addDays(day, 7)) days.push(day);
  return days.filter((d) => d <= dueDate);
}

/**
 * The reminder a run on `today` owes: the latest reminder day reached, while the due date has not
 * passed. A day the run missed (no server up) is sent once, late; the caller's dedupe key (the day)
 * keeps each one to a single mail.
 */
export function questionnaireReminderOwed(taxYear: number, dueDate: IsoDate, today: IsoDate): IsoDate | null {
  if (today > dueDate) return null;
  const reached = questionnaireReminderDays(taxYear, dueDate).filter((d) => d <= today);
  return reached.length ? reached[reached.length - 1] : null;
}
