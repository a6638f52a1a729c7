import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ComplianceRuleId } from '../../../shared/catalogue/compliance';
import { watchNotesOn } from '../../../shared/catalogue/fact-checks';
import type { ListPage } from '../../../shared/contracts/common';
import { foldTurkish } from '../../../shared/domain/search';
import type {
  adminDeadlineFilterSchema,
  adminDeadlineListQuerySchema,
} from '../../../shared/features/compliance/compliance.schemas';
import { DEADLINE_WINDOW_DAYS } from '../../../shared/features/overview/overview.domain';
import type { SubscriptionStatus } from '../../../shared/features/renewals/renewals.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { COUNT_CAP } from '../../db/list-total';
import { mapPage } from '../../db/paged-list';
import { foldedPattern } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { serverToday } from '../../platform/clock';
import { form8822bItemsSql } from '../bank-readiness';
import { effectiveStatus } from '../renewals';

export type DeadlineFilter = z.output<typeof adminDeadlineFilterSchema>;
export type DeadlineListQuery = z.output<typeof adminDeadlineListQuerySchema>;

/**
 * Every (customer, rule, due date) of the filter, as a subquery `items`, read from compliance_schedule
 * (migration 0011, decision 0027): the rows due in the window are an index range in the list's order.
 * With `unrolled`, rows still dated before `today` (no roll has moved them on yet; compliance_schedule_roll
 * runs with the daily reminder sweep) join in with their next date computed here, so the list is right
 * between midnight and the roll without writing on a read. That branch costs a sort, so it is added only
 * when such rows exist (see hasUnrolled).
 * The agent renewal's row holds the agent subscription's period end once there is one (migration 0027,
 * decision 0057), the date the customer's calendar shows, so the list needs no second source for it.
 * Form 8822-B, owed once after a mailing address change, joins in from the addresses (form8822bItems).
 */
function itemsQuery(filter: ScopedFilter, today: string, unrolled: boolean, cut?: BranchCut): SQL {
  const and = filterSql(filter);
  let branches: SQL[];
  if (filter.overdue) branches = overdueBranches(today, and, filter.rule);
  else {
    const until = addDays(today, filter.days);
    branches = comingBranches(today, until, unrolled, and, filter.rule);
    // Not marked done: what the home's "due soon" counts (overview.service.ts, the same window test).
    if (filter.open) {
      branches = branches.map(
        (items) => sql`select * from (${items}) as o where not exists (select 1 from compliance_marks m
    where m.user_id = o.user_id and m.item_key = o.rule_id || ':' || to_char(o.due_date, 'YYYY-MM-DD')
      and ${markedWithin(today, addDays(until, 1))})`,
      );
    }
  }
  // Each branch cut to the rows a page can take, in the list's order, before the union: PostgreSQL plans
  // no ordered merge of the branches, so a cut on the union would sort every schedule row of the window
  // (decision 0100: 0.2-0.6 s p95 at a million customers that way, 44-99 ms with the cut).
  const cutBranches = cut
    ? branches.map(
        (
          items,
        ) => sql`(select * from (${items}) as b${cut.after ? sql` where ${keysetAfter(sql`b`, cut.after)}` : sql``}
      order by b.due_date, b.rule_id, b.user_id limit ${cut.limit})`,
      )
    : branches;
  return sql.join(cutBranches, sql` union all `);
}

/** The rows a list page may take from each branch: those after a keyset cursor, at most `limit`. */
interface BranchCut {
  after?: DeadlineCursor;
  limit: number;
}

type DeadlineCursor = Pick<DeadlineRow, 'dueDate' | 'ruleId' | 'userId'>;

function keysetAfter(alias: SQL, c: DeadlineCursor): SQL {
  return sql`(${alias}.due_date, ${alias}.rule_id, ${alias}.user_id) > (${c.dueDate}::date, ${c.ruleId}::text, ${c.userId}::text)`;
}

/** The items due from `today` through `until` (and, before the daily roll, the passed ones' next dates). */
function comingBranches(today: string, until: string, unrolled: boolean, and: SQL, rule?: string): SQL[] {
  const rolled = sql`select s.formation_id, s.user_id, s.state_selected, s.rule_id, s.due_date
    from compliance_schedule s where s.due_date between ${today}::date and ${until}::date${and}`;
  // A passed agent row of a customer with a subscription has no next date: its period ended unrenewed,
  // and the roll removes the row (migration 0027, decision 0057).
  const late = sql`select * from (select s.formation_id, s.user_id, s.state_selected, s.rule_id,
          compliance_next_due(s.rule_id, s.formed_on, ${today}::date) as due_date
        from compliance_schedule s where s.due_date < ${today}::date${and}
          and not (s.rule_id = 'registered_agent_renewal' and exists (select 1 from subscriptions sub
            where sub.user_id = s.user_id and sub.product = 'registered_agent'))) as unrolled
      where unrolled.due_date <= ${until}::date`;
  return onlyRule(rule, [rolled, ...(unrolled ? [late] : [])], form8822bItems(today, until, and));
}

/**
 * The branches a rule filter can match: Form 8822-B's alone, or the schedule's alone, so neither walks
 * the other's rows for a rule it cannot hold.
 */
function onlyRule(rule: string | undefined, schedule: SQL[], form8822b: SQL): SQL[] {
  if (rule === undefined) return [...schedule, form8822b];
  return rule === 'form_8822b' ? [form8822b] : schedule;
}

/**
 * The Form 8822-B items due from `from` through `until` (decision 0100): not in compliance_schedule,
 * which holds the yearly rules, but one item after each mailing address change (decision 0092), so read
 * from the bank readiness addresses in the schedule's columns, under the same filter.
 */
function form8822bItems(from: string, until: string, and: SQL): SQL {
  return sql`select s.formation_id, s.user_id, s.state_selected, s.rule_id, s.due_date
    from (${form8822bItemsSql(from, until)}) as s where s.rule_id = 'form_8822b'${and}`;
}

/** The filter's conditions on compliance_schedule `s`, each preceded by `and`. */
function filterSql(filter: ScopedFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.rule) conditions.push(sql`s.rule_id = ${filter.rule}`);
  if (filter.state) conditions.push(sql`s.state_selected = ${filter.state}`);
  if (filter.q) {
    // The customer's email, name, display name and business name, folded and kept on the row (migration
    // 0012, decision 0028): the same fields every admin search matches, without a join per candidate.
    conditions.push(sql`s.search_text like ${foldedPattern(filter.q)}`);
    // A search few customers match reads their rows by customer rather than walking the window in date
    // order for them (searchScope); the condition above still decides, this one only narrows.
    if (filter.customers) {
      conditions.push(
        sql`s.user_id in (${sql.join(
          filter.customers.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
  }
  return conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
}

/** A filter and what searchScope learnt of its search: the customers it matches, when they are few. */
type ScopedFilter = DeadlineFilter & { customers?: string[] };

/**
 * Up to this many customers matching a search, the desk reads their rows by customer (each branch's
 * (user, …) index); beyond, the matches are dense enough that the window's walk in date order meets a
 * page of them soon. PostgreSQL cannot know how many rows a `like` matches, so it is counted first.
 */
export const FEW_CUSTOMERS = 1000;

/**
 * The customers whose email, name, display name or business name contains q (folded): the fields of
 * compliance_search_text, each through its trigram index (migration 0004), so a superset of the
 * customers whose desk rows match. `union all`, so that a cap stops it early; a customer may repeat.
 */
function matchingCustomersSql(q: string): SQL {
  const pattern = foldedPattern(q);
  return sql`select u.id from users u where fold_tr(u.email) like ${pattern} or fold_tr(u.name) like ${pattern}
    union all select pr.id from user_profiles pr where fold_tr(pr.display_name) like ${pattern}
    union all select fo.user_id from company_formations fo where fold_tr(fo.business_name) like ${pattern}`;
}

/**
 * The filter with its search scoped (decision 0100, the fifth seed): with a search that few customers
 * match, their rows are read by customer; `null` when none matches, so there is nothing to read. A
 * query without three letters or digits in a row has no trigram to look up and is left to the walk.
 */
async function searchScope(db: DbOrTx, filter: DeadlineFilter, few = FEW_CUSTOMERS): Promise<ScopedFilter | null> {
  const q = filter.q;
  if (!q || !/[a-z0-9]{3}/.test(foldTurkish(q))) return filter;
  // The ids themselves, not a subquery in each statement: worked out once for the page and its count.
  // Without parallel workers: planned as a Parallel Append, starting them cost 200-450 ms on a loaded
  // machine for 20-100 ms of index work (docs/benchmarks.md, the fifth seed).
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute<{ id: string }>(sql`select id from (${matchingCustomersSql(q)} limit ${few + 1}) as m`);
  });
  if (result.rows.length === 0) return null;
  return result.rows.length <= few ? { ...filter, customers: [...new Set(result.rows.map((r) => r.id))] } : filter;
}

/**
 * The overdue items (decision 0064): occurrences that passed in the last DEADLINE_WINDOW_DAYS and nobody
 * marked done. A passed date is still the row's due_date until the daily roll moves it on, and then its
 * previous_due: two index ranges in the list's order, which the planner merges for a page. The home's
 * "overdue" figure counts these same rows.
 */
export function overdueItemsSql(today: string, and: SQL = sql``): SQL {
  return sql.join(overdueBranches(today, and), sql` union all `);
}

function overdueBranches(today: string, and: SQL, rule?: string): SQL[] {
  const since = addDays(today, -DEADLINE_WINDOW_DAYS);
  const branch = (
    column: SQL,
  ) => sql`select s.formation_id, s.user_id, s.state_selected, s.rule_id, ${column} as due_date
    from compliance_schedule s where ${column} >= ${since}::date and ${column} < ${today}::date${and}
      and not exists (select 1 from compliance_marks m where m.user_id = s.user_id
        and m.item_key = s.rule_id || ':' || to_char(${column}, 'YYYY-MM-DD') and ${markedWithin(since, today)})`;
  // Form 8822-B is owed once and never rolls: its passed date is its own, unmarked like the others.
  const form8822b = sql`select o.* from (${form8822bItems(since, addDays(today, -1), and)}) as o
    where not exists (select 1 from compliance_marks m where m.user_id = o.user_id
      and m.item_key = o.rule_id || ':' || to_char(o.due_date, 'YYYY-MM-DD') and ${markedWithin(since, today)})`;
  return onlyRule(rule, [branch(sql`s.due_date`), branch(sql`s.previous_due`)], form8822b);
}

/**
 * A mark `m` of a date from `from` up to (not including) `until`: implied by any mark matching an item of
 * that window, and written out so the planner reads only those marks through compliance_marks_date_idx
 * (its key ends with the date), not the hundreds of thousands made over the years (decision 0064).
 */
export function markedWithin(from: string, until: string): SQL {
  return sql`right(m.item_key, 10) >= ${from} and right(m.item_key, 10) < ${until}`;
}

/**
 * The items due from `today` through `days` on that nobody marked done, counted per due date: the desk's
 * `open` view of that horizon, which the home's "due soon" figure counts and opens.
 */
export async function openItemsByDay(db: DbOrTx, today: string, days: number): Promise<{ due: string; n: number }[]> {
  const filter: DeadlineFilter = { days, open: '1' };
  const result = await db.execute<{ due: string; n: number | string }>(
    sql`select to_char(i.due_date, 'YYYY-MM-DD') as due, count(*) as n
      from (${itemsQuery(filter, today, await hasUnrolled(db, today))}) as i group by 1`,
  );
  return result.rows.map((r) => ({ due: r.due, n: Number(r.n) }));
}

/** Whether some schedule row still holds a date before `today`: one probe of the due-date index. */
async function hasUnrolled(db: DbOrTx, today: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from compliance_schedule where due_date < ${today}::date limit 1`);
  return result.rows.length > 0;
}

export interface DeadlineRow {
  userId: string;
  customerEmail: string;
  customerName: string | null;
  businessName: string | null;
  state: string | null;
  ruleId: ComplianceRuleId;
  dueDate: string;
  daysLeft: number;
  done: boolean;
  /** The agent subscription behind a registered agent renewal row, as the calendar shows it; else null. */
  renewal: DeadlineRenewal | null;
  /** The day staff filed it with the state or the IRS (a tracked filing submitted or done), or null. */
  filedOn: string | null;
}

export interface DeadlineRenewal {
  status: SubscriptionStatus;
  periodEnd: string;
  renewed: boolean;
}

interface RawRow extends Record<string, unknown> {
  user_id: string;
  email: string;
  customer_name: string | null;
  business_name: string | null;
  state_selected: string | null;
  rule_id: ComplianceRuleId;
  due: string;
  days_left: number | string;
  done: boolean;
  sub_status: SubscriptionStatus | null;
  sub_period_end: string | null;
  sub_renewed: boolean | null;
  filed_on: string | null;
}

const ORDER = sql`order by i.due_date, i.rule_id, i.user_id`;

/**
 * One page of items (`after`: keyset condition on `i`, `window`: limit and offset) with the customer's
 * details. The page is cut before the joins, so a search matching a hundred thousand customers joins
 * twenty rows, not all of theirs. The formation is a left join: a Form 8822-B item needs none.
 */
function rowsQuery(filter: ScopedFilter, today: string, unrolled: boolean, cut: BranchCut, window: SQL): SQL {
  const after = cut.after ? sql`where ${keysetAfter(sql`i`, cut.after)}` : sql``;
  return sql`select i.user_id, u.email, coalesce(nullif(p.display_name, ''), nullif(u.name, '')) as customer_name,
      f.business_name, i.state_selected, i.rule_id, to_char(i.due_date, 'YYYY-MM-DD') as due,
      (i.due_date - ${today}::date) as days_left, (m.user_id is not null) as done,
      sub.status as sub_status, to_char(sub.period_end, 'YYYY-MM-DD') as sub_period_end,
      exists (select 1 from subscription_events e where e.subscription_id = sub.id and e.kind = 'renewed') as sub_renewed,
      to_char(fi.filed_on, 'YYYY-MM-DD') as filed_on
    from (select * from (${itemsQuery(filter, today, unrolled, cut)}) as i ${after} ${ORDER} ${window}) as i
    left join company_formations f on f.id = i.formation_id
    join users u on u.id = i.user_id
    left join user_profiles p on p.id = i.user_id
    left join compliance_marks m on m.user_id = i.user_id and m.item_key = i.rule_id || ':' || to_char(i.due_date, 'YYYY-MM-DD')
    left join subscriptions sub on i.rule_id = 'registered_agent_renewal' and sub.user_id = i.user_id
      and sub.product = 'registered_agent'
    left join filings fi on fi.user_id = i.user_id and fi.item_key = i.rule_id || ':' || to_char(i.due_date, 'YYYY-MM-DD')
      and fi.status in ('submitted', 'done')
    ${ORDER}`;
}

/** The status as the calendar computes it (effectiveStatus: the date's steps before the run writes them). */
function toRow(r: RawRow, today: string): DeadlineRow {
  return {
    userId: r.user_id,
    customerEmail: r.email,
    customerName: r.customer_name,
    businessName: r.business_name,
    state: r.state_selected,
    ruleId: r.rule_id,
    dueDate: r.due,
    daysLeft: Number(r.days_left),
    done: Boolean(r.done),
    renewal:
      r.sub_status && r.sub_period_end
        ? {
            status: effectiveStatus({ status: r.sub_status, periodEnd: r.sub_period_end }, today),
            periodEnd: r.sub_period_end,
            renewed: Boolean(r.sub_renewed),
          }
        : null,
    filedOn: r.filed_on ?? null,
  };
}

const toView = (row: DeadlineRow) => ({ ...row, itemKey: `${row.ruleId}:${row.dueDate}` });

/**
 * One page of the deadlines desk as GET /api/admin/compliance/deadlines answers it, with the facts staff
 * must check at their source (decision 0073) on every page. The route and the desk's boot data (decision
 * 0060) both read it.
 */
export async function deadlineDeskPage(deps: Pick<AppDeps, 'database' | 'env'>, query: DeadlineListQuery) {
  const today = serverToday(deps.env);
  const page = await listDeadlines(deps.database.db, query, today);
  return { ...mapPage(page, toView), watchNotes: watchNotesOn(today) };
}

/**
 * One page of the admin's "Upcoming deadlines", soonest first; the total is capped like every admin list.
 * `few`: up to how many matching customers a search is read by customer (FEW_CUSTOMERS; the tests read
 * the same search both ways).
 */
export async function listDeadlines(
  db: DbOrTx,
  query: DeadlineListQuery,
  today: string,
  few = FEW_CUSTOMERS,
): Promise<ListPage<DeadlineRow>> {
  const offset = (query.page - 1) * query.pageSize;
  const [unrolled, scoped] = await Promise.all([hasUnrolled(db, today), searchScope(db, query, few)]);
  if (scoped === null) return { items: [], total: 0, totalKind: 'exact', page: query.page, pageSize: query.pageSize };
  const [page, counted] = await Promise.all([
    db.execute<RawRow>(
      rowsQuery(
        scoped,
        today,
        unrolled,
        { limit: offset + query.pageSize },
        sql`limit ${query.pageSize} offset ${offset}`,
      ),
    ),
    db.execute<{ n: number | string }>(
      // Each branch in the list's order and cut at the cap (BranchCut): for a search that matches many
      // customers the planner then walks the due-date index, which carries search_text, and filters without
      // visiting the table (27 ms at a million customers), where it otherwise preferred a sequential scan
      // (62 ms). A rare match still goes through the trigram index (decision 0028).
      sql`select count(*) as n from (select 1 from (${itemsQuery(scoped, today, unrolled, { limit: COUNT_CAP + 1 })}) as i
        limit ${COUNT_CAP + 1}) as capped`,
    ),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  return {
    items: page.rows.map((r) => toRow(r, today)),
    ...(n > COUNT_CAP
      ? { total: COUNT_CAP, totalKind: 'atLeast' as const }
      : { total: n, totalKind: 'exact' as const }),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The filter's rows in keyset pages on (due date, rule, customer), for the CSV export. */
export async function* deadlinePages(
  db: DbOrTx,
  filter: DeadlineFilter,
  today: string,
  pageSize = 1000,
): AsyncGenerator<DeadlineRow[]> {
  let cursor: DeadlineRow | null = null;
  const [unrolled, scoped] = await Promise.all([hasUnrolled(db, today), searchScope(db, filter)]);
  if (scoped === null) return;
  for (;;) {
    const cut: BranchCut = { limit: pageSize, ...(cursor ? { after: cursor } : {}) };
    const result = await db.execute<RawRow>(rowsQuery(scoped, today, unrolled, cut, sql`limit ${pageSize}`));
    const page = result.rows.map((r) => toRow(r, today));
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    cursor = page[page.length - 1];
  }
}
