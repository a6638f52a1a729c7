/**
 * The compliance calendar's rules (decision 0020): what a company owes, when, and where the rule comes from.
 * Pure and time-zone free: every date is a calendar date 'YYYY-MM-DD' (its arithmetic in
 * src/shared/format/calendar-days.ts), and "today" is passed in, so the
 * dashboard, the reminder mailer and the ICS feed all agree on the same dates. Money is integer cents.
 * UI text lives in i18n under `compliance.rules.<id>.*`; nothing here is shown as-is.
 */

import {
  addDays,
  dateParts,
  daysBetween,
  type IsoDate,
  isoFromParts,
  sameDayInYear,
  weekdayOf,
  yearOf,
} from '../format/calendar-days';
import { FACT_CHECKS, type FactCheck } from './fact-checks';
import { federalDueDate } from './federal-holidays';
import { REGISTERED_AGENT_RENEWAL } from './packages';
import { FEATURED_STATES, type UsState } from './states';

/** One occurrence of a rule: the last day to act, and for filing windows the day the window opens. */
export interface DueOccurrence {
  dueDate: IsoDate;
  windowStart: IsoDate | null;
  /** The latest date an extension can push the due date to (Form 5472 with Form 7004). */
  extendedDueDate: IsoDate | null;
  /** The tax year a return covers, so the UI can say "for 2025". */
  taxYear: number | null;
}

/**
 * The first occurrence on or after `fromDate` of a yearly deadline that starts the year after formation.
 * State deadlines that fall on a weekend keep their statutory date: the agencies' own calendars print the
 * statutory date, and reminding early is harmless while reminding late is not. Federal dates follow the
 * due-date rule instead (federalOccurrence).
 */
function nextYearly(
  formationDate: IsoDate,
  fromDate: IsoDate,
  occurrenceIn: (year: number) => DueOccurrence,
): DueOccurrence[] {
  const firstYear = yearOf(formationDate) + 1;
  for (let year = Math.max(firstYear, yearOf(fromDate)); ; year++) {
    const occurrence = occurrenceIn(year);
    if (occurrence.dueDate >= fromDate) return [occurrence];
  }
}

function simpleDue(dueDate: IsoDate): DueOccurrence {
  return { dueDate, windowStart: null, extendedDueDate: null, taxYear: null };
}

/**
 * The due-date rule (decision 0050) on a federal occurrence: its due and extended dates move off
 * weekends and legal holidays to the next business day. The window start is not a deadline.
 */
function federalOccurrence(occurrence: DueOccurrence): DueOccurrence {
  return {
    ...occurrence,
    dueDate: federalDueDate(occurrence.dueDate),
    extendedDueDate: occurrence.extendedDueDate && federalDueDate(occurrence.extendedDueDate),
  };
}

function stateAnnualFee(name: UsState): number {
  const state = FEATURED_STATES.find((s) => s.name === name);
  if (!state) throw new Error(`No catalogue fees for ${name}`);
  return state.annualFee;
}

export const trackedStates = [
  'Wyoming',
  'Delaware',
  'Florida',
  'Texas',
  'New Mexico',
] as const satisfies readonly UsState[];
export type TrackedState = (typeof trackedStates)[number];

export function isStateTracked(state: string): state is TrackedState {
  return (trackedStates as readonly string[]).includes(state);
}

export interface Penalty {
  /** A fixed charge, when the agency states one. */
  amountCents: number | null;
  /** Interest on top, in basis points per month (150 = 1.5%). */
  monthlyRateBasisPoints: number | null;
  descriptionKey: string;
}

export type ComplianceRuleId =
  | 'wyoming_annual_report'
  | 'delaware_llc_annual_tax'
  | 'florida_annual_report'
  | 'texas_franchise_tax_report'
  | 'texas_public_information_report'
  | 'new_mexico_annual_report'
  | 'federal_form_5472'
  | 'registered_agent_renewal'
  | 'fincen_boi'
  | 'form_8822b';

export interface ComplianceRule {
  id: ComplianceRuleId;
  /**
   * A tracked state, 'federal' for IRS and FinCEN duties, or 'any_state' for our own services that every
   * company has wherever it was formed (the registered agent), so untracked states still get them.
   */
  appliesTo: TrackedState | 'federal' | 'any_state';
  /** Listed but never due, so the page can explain why a well-known filing is absent. */
  status: 'required' | 'not_required';
  /** Only companies of this shape owe it; null when every company does. */
  condition: 'foreign_owned_single_member_llc' | null;
  amountCents: number | null;
  penalty: Penalty | null;
  /** The official page the rule was read from, or 'catalogue' for prices we set ourselves. */
  source: `https://${string}` | 'catalogue';
  /**
   * The fact-check rows its figures and dates rest on (decision 0073); the "checked on" label is derived
   * from their source kinds (factLabel). Empty for our own prices.
   */
  checks: readonly FactCheck[];
  /** The next due occurrence(s) on or after `fromDate`; [] when the rule never falls due. */
  due(formationDate: IsoDate, fromDate: IsoDate): DueOccurrence[];
}

/**
 * The Texas franchise tax no-tax-due threshold by report year (the year the report is due). Since the
 * 2024 reports an LLC whose annualized total revenue is at or below it files no franchise tax report at
 * all (the No Tax Due Report is discontinued), only the Public Information Report (fact check 5c).
 */
export const TEXAS_NO_TAX_DUE_THRESHOLDS = {
  values: [
    { reportYears: [2024, 2025], amountCents: 247_000_000 },
    { reportYears: [2026, 2027], amountCents: 265_000_000 },
  ],
  source: 'https://comptroller.texas.gov/taxes/franchise/filing-requirements.php',
  checks: [FACT_CHECKS.texasThreshold2024, FACT_CHECKS.texasThreshold2027],
} as const;

/**
 * Texas's 15 May moves off a weekend to the Monday (Tax Code § 171.202 with the Code Construction Act's
 * next-day rule; fact check 5d): in 2027 it is Monday 17 May. No Texas or federal holiday falls between
 * 15 and 17 May, so the weekend is the only shift there is.
 */
export function texasDueDate(year: number): IsoDate {
  const may15 = isoFromParts(year, 5, 15);
  const weekday = weekdayOf(may15);
  return weekday === 6 ? addDays(may15, 2) : weekday === 0 ? addDays(may15, 1) : may15;
}

/** The threshold of the report due in `reportYear`, or the latest one known for a later year. */
export function texasNoTaxDueThreshold(reportYear: number): number {
  const { values } = TEXAS_NO_TAX_DUE_THRESHOLDS;
  const hit = values.find((v) => (v.reportYears as readonly number[]).includes(reportYear));
  return (hit ?? values[values.length - 1]).amountCents;
}

const penaltyKey = (id: ComplianceRuleId) => `compliance.rules.${id}.penalty`;

/** Every rule's id, for validating one that comes from outside (a filter, a service's rules). */
export const COMPLIANCE_RULE_IDS = [
  'wyoming_annual_report',
  'delaware_llc_annual_tax',
  'florida_annual_report',
  'texas_franchise_tax_report',
  'texas_public_information_report',
  'new_mexico_annual_report',
  'federal_form_5472',
  'registered_agent_renewal',
  'fincen_boi',
  'form_8822b',
] as const satisfies readonly ComplianceRuleId[];

export const COMPLIANCE_RULES: readonly ComplianceRule[] = [
  {
    id: 'wyoming_annual_report',
    appliesTo: 'Wyoming',
    status: 'required',
    condition: null,
    // Annual report license tax: the greater of $60 or $0.0002 per dollar of assets located in Wyoming.
    amountCents: stateAnnualFee('Wyoming'),
    // No fixed charge we can confirm (fact check 1d: sources disagree, one names $50); the statute counts
    // 60 days from the Secretary of State's notice before administrative dissolution.
    penalty: { amountCents: null, monthlyRateBasisPoints: null, descriptionKey: penaltyKey('wyoming_annual_report') },
    source: 'https://sos.wyo.gov/Business/AnnualReports.aspx',
    checks: [FACT_CHECKS.wyomingLicenseTax, FACT_CHECKS.wyomingDueDate, FACT_CHECKS.wyomingLateRule],
    due: (formationDate, fromDate) => {
      const { month } = dateParts(formationDate);
      return nextYearly(formationDate, fromDate, (year) => simpleDue(isoFromParts(year, month, 1)));
    },
  },
  {
    id: 'delaware_llc_annual_tax',
    appliesTo: 'Delaware',
    status: 'required',
    condition: null,
    // Flat annual tax for LLCs; there is no report to file with it.
    amountCents: stateAnnualFee('Delaware'),
    penalty: {
      amountCents: 20_000,
      monthlyRateBasisPoints: 150,
      descriptionKey: penaltyKey('delaware_llc_annual_tax'),
    },
    source: 'https://corp.delaware.gov/paytaxes/',
    // The $400 reported from tax year 2026 is a watch note (FACT_WATCH_NOTES), not the figure.
    checks: [FACT_CHECKS.delawareLlcTax, FACT_CHECKS.delawarePenalty],
    due: (formationDate, fromDate) =>
      nextYearly(formationDate, fromDate, (year) => simpleDue(isoFromParts(year, 6, 1))),
  },
  {
    id: 'florida_annual_report',
    appliesTo: 'Florida',
    status: 'required',
    condition: null,
    // LLC annual report fee, filed online between 1 January and 1 May.
    amountCents: stateAnnualFee('Florida'),
    penalty: { amountCents: 40_000, monthlyRateBasisPoints: null, descriptionKey: penaltyKey('florida_annual_report') },
    source: 'https://dos.fl.gov/sunbiz/manage-business/efile/annual-report/',
    checks: [FACT_CHECKS.floridaAnnualReport, FACT_CHECKS.floridaLateFee],
    due: (formationDate, fromDate) =>
      nextYearly(formationDate, fromDate, (year) => ({
        dueDate: isoFromParts(year, 5, 1),
        windowStart: isoFromParts(year, 1, 1),
        extendedDueDate: null,
        taxYear: null,
      })),
  },
  {
    // Since the 2024 reports an LLC at or below the no-tax-due threshold files no franchise tax report
    // (fact check 5c). The portal does not know a company's revenue and our founders' new LLCs are far
    // below it, so the calendar does not schedule it: it is listed, saying when it would be owed.
    id: 'texas_franchise_tax_report',
    appliesTo: 'Texas',
    status: 'not_required',
    condition: null,
    amountCents: null,
    penalty: null,
    source: 'https://comptroller.texas.gov/taxes/franchise/filing-requirements.php',
    checks: [FACT_CHECKS.texasNoTaxDueFilers, FACT_CHECKS.texasThreshold2024, FACT_CHECKS.texasThreshold2027],
    due: () => [],
  },
  {
    // What an LLC at or below the threshold files every year, whatever its revenue; no fee.
    id: 'texas_public_information_report',
    appliesTo: 'Texas',
    status: 'required',
    condition: null,
    amountCents: null,
    penalty: {
      amountCents: null,
      monthlyRateBasisPoints: null,
      descriptionKey: penaltyKey('texas_public_information_report'),
    },
    source: 'https://comptroller.texas.gov/taxes/franchise/filing-requirements.php',
    checks: [FACT_CHECKS.texasNoTaxDueFilers, FACT_CHECKS.texasDueDate],
    due: (formationDate, fromDate) => nextYearly(formationDate, fromDate, (year) => simpleDue(texasDueDate(year))),
  },
  {
    // New Mexico asks an LLC for no annual report and charges no yearly fee; only the registered agent
    // (registered_agent_renewal) has to be kept. Listed so the page says so instead of "not tracked".
    id: 'new_mexico_annual_report',
    appliesTo: 'New Mexico',
    status: 'not_required',
    condition: null,
    amountCents: null,
    penalty: null,
    source: 'https://www.sos.nm.gov/business-services/',
    checks: [FACT_CHECKS.newMexicoNoReport],
    due: () => [],
  },
  {
    id: 'federal_form_5472',
    appliesTo: 'federal',
    status: 'required',
    condition: 'foreign_owned_single_member_llc',
    // Form 5472 with a pro forma Form 1120; the IRS charges no filing fee.
    amountCents: null,
    // Per form per year, for failing to file or filing incomplete.
    penalty: { amountCents: 2_500_000, monthlyRateBasisPoints: null, descriptionKey: penaltyKey('federal_form_5472') },
    source: 'https://www.irs.gov/forms-pubs/about-form-5472',
    checks: [FACT_CHECKS.form5472Required, FACT_CHECKS.form5472DueDate, FACT_CHECKS.form5472Penalty],
    // A return is owed for every calendar year the company existed, even a few days of December.
    due: (formationDate, fromDate) =>
      nextYearly(formationDate, fromDate, (year) =>
        federalOccurrence({
          dueDate: isoFromParts(year, 4, 15),
          windowStart: null,
          extendedDueDate: isoFromParts(year, 10, 15),
          taxYear: year - 1,
        }),
      ),
  },
  {
    id: 'registered_agent_renewal',
    appliesTo: 'any_state',
    status: 'required',
    condition: null,
    // Our price when the agent is ours (a turnkey package, decision 0074); a self-service company's agent
    // bills it itself, so its item carries no amount of ours (agentIsOurs in the calendar).
    amountCents: REGISTERED_AGENT_RENEWAL,
    // Without an agent the state can dissolve the company; no fixed charge.
    penalty: {
      amountCents: null,
      monthlyRateBasisPoints: null,
      descriptionKey: penaltyKey('registered_agent_renewal'),
    },
    source: 'catalogue',
    checks: [],
    due: (formationDate, fromDate) =>
      nextYearly(formationDate, fromDate, (year) => simpleDue(sameDayInYear(formationDate, year))),
  },
  {
    /**
     * FinCEN's final rule of August 2026 (issued 11 August, effective 14 August; FR doc 2026-16576) made
     * permanent the exemption of its interim final rule of 26 March 2025: no company formed in the US
     * reports beneficial owners, foreign owners included, whatever its formation date; only companies
     * formed abroad and registered in a state still report (fact check 7). Kept so the page can say so.
     */
    id: 'fincen_boi',
    appliesTo: 'federal',
    status: 'not_required',
    condition: null,
    amountCents: null,
    penalty: null,
    source: 'https://www.fincen.gov/boi',
    checks: [FACT_CHECKS.fincenFinalRule],
    due: () => [],
  },
  {
    /**
     * Form 8822-B (decision 0092): owed when the company's mailing address, location or responsible
     * party changes. Not yearly: it falls due once after a change the portal records (a new mailing
     * address on the bank readiness page), so `due` gives nothing and the calendar adds the item from
     * that change (compliance.service.ts). The facts file gives 60 days for a new responsible party and
     * no deadline for an address; the item uses the same 60 days, and says so.
     */
    id: 'form_8822b',
    appliesTo: 'federal',
    status: 'required',
    condition: null,
    // The facts file names no fee and no penalty, so the item shows none.
    amountCents: null,
    penalty: null,
    source: 'https://grokipedia.com/page/IRS_Form_8822-B',
    checks: [FACT_CHECKS.form8822bWhen],
    due: () => [],
  },
];

/**
 * The rules that fall due after a change the portal records, not yearly from the formation (decision
 * 0092): their `due` gives nothing, the customer's calendar adds their item from the change, and the SQL
 * schedule (compliance_schedule, which the reminders and the deadlines desk read) holds only the others.
 */
export const EVENT_RULE_IDS: readonly ComplianceRuleId[] = ['form_8822b'];

/** Days after a change of mailing address or responsible party that the calendar puts Form 8822-B (decision 0092). */
export const FORM_8822B_DAYS = 60;

/** Form 8822-B's date after a change on `changedOn`: 60 days on, off weekends and holidays as every federal date. */
export function form8822bDueDate(changedOn: IsoDate): IsoDate {
  return federalDueDate(addDays(changedOn, FORM_8822B_DAYS));
}

export function findComplianceRule(id: ComplianceRuleId): ComplianceRule {
  const rule = COMPLIANCE_RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`Unknown compliance rule: ${id}`);
  return rule;
}

/** The rules that reach a company in `state`, due or not, in catalogue order. */
export function rulesFor(state: string): ComplianceRule[] {
  return COMPLIANCE_RULES.filter(
    (r) => r.appliesTo === state || r.appliesTo === 'federal' || r.appliesTo === 'any_state',
  );
}

export interface DeadlineItem extends DueOccurrence {
  ruleId: ComplianceRuleId;
  appliesTo: ComplianceRule['appliesTo'];
  /** Days from today to the due date; 0 on the day itself. */
  daysLeft: number;
  amountCents: number | null;
  penalty: Penalty | null;
  source: ComplianceRule['source'];
}

/**
 * Every occurrence due from `today` up to `today + horizonDays` (both inclusive), soonest first. A horizon
 * longer than a year can hold two occurrences of the same rule, so each rule is walked until it passes
 * the horizon rather than asked once.
 */
export function deadlinesFor({
  state,
  formationDate,
  today,
  horizonDays = 400,
}: {
  state: string;
  formationDate: IsoDate;
  today: IsoDate;
  horizonDays?: number;
}): DeadlineItem[] {
  if (!Number.isInteger(horizonDays) || horizonDays < 0) throw new RangeError(`Bad horizon: ${horizonDays}`);
  const until = addDays(today, horizonDays);
  const rules = rulesFor(state);
  const items: { item: DeadlineItem; order: number }[] = [];
  rules.forEach((rule, order) => {
    let from = today;
    for (;;) {
      const [occurrence] = rule.due(formationDate, from);
      if (!occurrence || occurrence.dueDate > until) break;
      items.push({
        order,
        item: {
          ...occurrence,
          ruleId: rule.id,
          appliesTo: rule.appliesTo,
          daysLeft: daysBetween(today, occurrence.dueDate),
          amountCents: rule.amountCents,
          penalty: rule.penalty,
          source: rule.source,
        },
      });
      from = addDays(occurrence.dueDate, 1);
    }
  });
  return items
    .sort((a, b) => (a.item.dueDate === b.item.dueDate ? a.order - b.order : a.item.dueDate < b.item.dueDate ? -1 : 1))
    .map(({ item }) => item);
}

export const REMINDER_OFFSETS_DAYS = [60, 30, 7] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS_DAYS)[number];

/**
 * The reminder offsets that fall exactly on `today`. Days are recounted from `today` rather than read
 * from `item.daysLeft`, because the mailer may hold an item computed on an earlier day.
 */
export function remindersDue(item: Pick<DeadlineItem, 'dueDate'>, today: IsoDate): ReminderOffset[] {
  const left = daysBetween(today, item.dueDate);
  return REMINDER_OFFSETS_DAYS.filter((offset) => offset === left);
}

/**
 * The reminder a job running on `today` owes for `item`: the most recent offset already reached while the
 * deadline is still ahead (or today). On the exact days this is what remindersDue says; after a day the
 * job missed (a server down over the 30-day mark) it is the missed reminder, sent late once rather than
 * never, since a late "30 days left" mail still says what to do. The caller sends each offset at most once.
 */
export function reminderToSend(item: Pick<DeadlineItem, 'dueDate'>, today: IsoDate): ReminderOffset | null {
  const left = daysBetween(today, item.dueDate);
  if (left < 0) return null;
  const reached = REMINDER_OFFSETS_DAYS.filter((offset) => offset >= left);
  return reached.length ? reached[reached.length - 1] : null;
}
