import { and, eq, inArray } from 'drizzle-orm';
import {
  COMPLIANCE_RULES,
  type ComplianceRuleId,
  type DeadlineItem,
  deadlinesFor,
  findComplianceRule,
  form8822bDueDate,
  isStateTracked,
  rulesFor,
} from '../../../shared/catalogue/compliance';
import { matchingService } from '../../../shared/catalogue/compliance-services';
import { factLabel } from '../../../shared/catalogue/fact-checks';
import type { ActingPerson } from '../../../shared/domain/roles';
import type { ComplianceView } from '../../../shared/features/compliance/compliance.contracts';
import { complianceItemKey } from '../../../shared/features/compliance/compliance.schemas';
import { type AgentOwner, agentOwner, renewalPrice } from '../../../shared/features/renewals/renewals.domain';
import { daysBetween } from '../../../shared/format/calendar-days';
import {
  companyFormations,
  complianceMarks,
  filings,
  services as servicesTable,
  subscriptionEvents,
  subscriptions,
} from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { ApiError } from '../../platform/http/errors';
import { form8822bChangeOf } from '../bank-readiness';
import { effectiveStatus } from '../renewals';

/** How far ahead the dashboard and the feed look: every yearly item once, with a margin. */
export const HORIZON_DAYS = 400;

export interface Company {
  state: string | null;
  formedOn: string | null;
  /** The formation's payment: `paid` when a turnkey package was bought (agentOwner, decision 0074). */
  paymentStatus: string;
}

export async function loadCompany(db: DbOrTx, userId: string): Promise<Company | null> {
  const [row] = await db
    .select({
      state: companyFormations.stateSelected,
      formedOn: companyFormations.formedOn,
      paymentStatus: companyFormations.paymentStatus,
    })
    .from(companyFormations)
    .where(eq(companyFormations.userId, userId))
    .limit(1);
  return row ?? null;
}

/** The company's deadline items from `today`, or [] while its state or formation date is unknown. */
export function companyDeadlines(company: Company | null, today: string): DeadlineItem[] {
  if (!company?.state || !company.formedOn) return [];
  return deadlinesFor({ state: company.state, formationDate: company.formedOn, today, horizonDays: HORIZON_DAYS });
}

async function marksOf(db: DbOrTx, userId: string, keys: string[]): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: complianceMarks.itemKey, at: complianceMarks.doneAt })
    .from(complianceMarks)
    .where(and(eq(complianceMarks.userId, userId), inArray(complianceMarks.itemKey, keys)));
  return new Map(rows.map((r) => [r.key, r.at]));
}

/**
 * The tracked filings of these items (decision 0051): the calendar shows "filed on …" by itself once a
 * filing went to the IRS or the state, and links an open one.
 */
async function filingsOf(db: DbOrTx, userId: string, keys: string[]) {
  if (keys.length === 0)
    return new Map<string, { id: string; status: string; filedOn: string | null; dueDate: string }>();
  const rows = await db
    .select({
      key: filings.itemKey,
      id: filings.id,
      status: filings.status,
      filedOn: filings.filedOn,
      dueDate: filings.dueDate,
    })
    .from(filings)
    .where(and(eq(filings.userId, userId), inArray(filings.itemKey, keys)));
  return new Map(rows.map((r) => [r.key, { id: r.id, status: r.status, filedOn: r.filedOn, dueDate: r.dueDate }]));
}

/**
 * The customer's items from `today`: the catalogue's, with the agent's renewal replaced by the
 * subscription's own date, amount and status once there is one (decision 0054). Without one the agent
 * is ours only after a turnkey package (decision 0074); a self-service founder's own agent bills them,
 * so that item carries no price of ours.
 */
async function customerDeadlines(db: DbOrTx, userId: string, today: string) {
  const company = await loadCompany(db, userId);
  const agent = await agentRenewal(db, userId, today);
  const owner: AgentOwner = agent ? 'ours' : agentOwner(company);
  const yearly = agent
    ? companyDeadlines(company, today)
        .filter((d) => d.ruleId !== 'registered_agent_renewal')
        .concat(agent.item)
    : companyDeadlines(company, today).map((d) =>
        d.ruleId === 'registered_agent_renewal' && owner === 'own' ? { ...d, amountCents: null } : d,
      );
  const form8822b = await form8822bItem(db, userId, today);
  const deadlines = (form8822b ? yearly.concat(form8822b) : yearly).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return { company, agent, owner, deadlines };
}

/**
 * Form 8822-B after the customer changed the company's mailing address on the bank readiness page
 * (decision 0092): due 60 days after the change. Shown until marked done, late or not: it is owed once,
 * and a reminder that vanished on its due date would hide what is still to file.
 */
async function form8822bItem(db: DbOrTx, userId: string, today: string): Promise<DeadlineItem | null> {
  const changedOn = await form8822bChangeOf(db, userId);
  return changedOn ? form8822bDeadline(changedOn, today) : null;
}

/** The Form 8822-B item after a change on `changedOn`, as the calendar and the reminder mails show it. */
export function form8822bDeadline(changedOn: string, today: string): DeadlineItem {
  const rule = findComplianceRule('form_8822b');
  const dueDate = form8822bDueDate(changedOn);
  return {
    ruleId: rule.id,
    appliesTo: rule.appliesTo,
    dueDate,
    windowStart: changedOn,
    extendedDueDate: null,
    taxYear: null,
    daysLeft: daysBetween(today, dueDate),
    amountCents: rule.amountCents,
    penalty: rule.penalty,
    source: rule.source,
  };
}

/** GET /api/compliance/me: the customer's calendar, as the dashboard card and the feed show it. */
export async function complianceView(db: DbOrTx, userId: string, today: string): Promise<ComplianceView> {
  const { company, agent, owner, deadlines } = await customerDeadlines(db, userId, today);
  const keys = deadlines.map((d) => complianceItemKey(d.ruleId, d.dueDate));
  const [marks, services, filed] = await Promise.all([
    marksOf(db, userId, keys),
    deadlines.length ? db.select().from(servicesTable).where(eq(servicesTable.isActive, true)) : Promise.resolve([]),
    filingsOf(db, userId, keys),
  ]);
  const state = company?.state ?? null;
  return {
    state,
    formedOn: company?.formedOn ?? null,
    tracked: state ? isStateTracked(state) : false,
    today,
    items: deadlines.map((d, i) => {
      const service = matchingService(d.ruleId, services);
      const doneAt = marks.get(keys[i]) ?? null;
      return {
        key: keys[i],
        ruleId: d.ruleId,
        appliesTo: d.appliesTo,
        dueDate: d.dueDate,
        windowStart: d.windowStart,
        extendedDueDate: d.extendedDueDate,
        taxYear: d.taxYear,
        daysLeft: d.daysLeft,
        amountCents: d.amountCents,
        penalty: d.penalty
          ? { amountCents: d.penalty.amountCents, monthlyRateBasisPoints: d.penalty.monthlyRateBasisPoints }
          : null,
        source: d.source,
        checked: factLabel(findComplianceRule(d.ruleId).checks),
        agent: d.ruleId === 'registered_agent_renewal' ? owner : null,
        done: doneAt !== null,
        doneAt: doneAt ? doneAt.toISOString() : null,
        filing: filed.get(keys[i]) ?? null,
        service: service
          ? { id: service.id, title: service.title, titleEn: service.titleEn, priceCents: service.priceCents }
          : null,
        renewal: d.ruleId === 'registered_agent_renewal' && agent ? agent.renewal : null,
      };
    }),
    notRequired: (state ? rulesFor(state) : COMPLIANCE_RULES.filter((r) => r.appliesTo === 'federal'))
      .filter((r) => r.status === 'not_required')
      .map((r) => ({ ruleId: r.id, source: r.source, checked: factLabel(r.checks) })),
  };
}

/** The agent subscription as the calendar's renewal item, when the customer has one. */
async function agentRenewal(db: DbOrTx, userId: string, today: string) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, 'registered_agent')));
  if (!sub) return null;
  const rule = findComplianceRule('registered_agent_renewal');
  const status = effectiveStatus(sub, today);
  const [renewed] = await db
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.subscriptionId, sub.id), eq(subscriptionEvents.kind, 'renewed')))
    .limit(1);
  const item: DeadlineItem = {
    ruleId: 'registered_agent_renewal',
    appliesTo: rule.appliesTo,
    dueDate: sub.periodEnd,
    windowStart: null,
    extendedDueDate: null,
    taxYear: null,
    daysLeft: daysBetween(today, sub.periodEnd),
    amountCents: renewalPrice('registered_agent', sub.state),
    penalty: rule.penalty,
    source: rule.source,
  };
  return { item, renewal: { status, periodEnd: sub.periodEnd, renewed: renewed !== undefined } };
}

const ITEM_KEY = /^([a-z0-9_]+):(\d{4}-\d{2}-\d{2})$/;

/**
 * The occurrence `itemKey` names, if it is one of the customer's real items today (the same list the
 * dashboard shows); NOT_FOUND otherwise, so a made-up or another company's key changes nothing.
 */
export async function requireRealItem(
  db: DbOrTx,
  userId: string,
  itemKey: string,
  today: string,
): Promise<{ ruleId: ComplianceRuleId; dueDate: string }> {
  const match = ITEM_KEY.exec(itemKey);
  if (!match) throw new ApiError('NOT_FOUND');
  // The agent's renewal is the subscription's period end once there is one: the date the calendar and
  // the deadlines desk show, so marking it done from either finds it (decision 0057).
  const { deadlines } = await customerDeadlines(db, userId, today);
  const item = deadlines.find((d) => d.ruleId === match[1] && d.dueDate === match[2]);
  if (!item) throw new ApiError('NOT_FOUND');
  return { ruleId: item.ruleId, dueDate: item.dueDate };
}

/** Marks one item done; marking it again keeps the first mark. Returns whether a mark was added. */
export async function markDone(db: DbOrTx, userId: string, itemKey: string, actor: ActingPerson): Promise<boolean> {
  const inserted = await db
    .insert(complianceMarks)
    .values({ userId, itemKey, doneBy: actor.id, doneByRole: actor.role })
    .onConflictDoNothing()
    .returning({ key: complianceMarks.itemKey });
  return inserted.length > 0;
}

/** Takes a mark back. Returns whether one existed. */
export async function unmarkDone(db: DbOrTx, userId: string, itemKey: string): Promise<boolean> {
  const deleted = await db
    .delete(complianceMarks)
    .where(and(eq(complianceMarks.userId, userId), eq(complianceMarks.itemKey, itemKey)))
    .returning({ key: complianceMarks.itemKey });
  return deleted.length > 0;
}
