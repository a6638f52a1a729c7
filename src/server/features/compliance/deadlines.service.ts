import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  addDays,
  type ComplianceRuleId,
  daysInMonth,
  type IsoDate,
  yearOf,
} from '../../../shared/catalogue/compliance';
import { foldTurkish } from '../../../shared/domain/search';
import type { adminDeadlineFilterSchema, adminDeadlineListQuerySchema } from '../../../shared/schemas/compliance';
import { COUNT_CAP, type ListTotal } from '../../db/list-total';
import { escapeLike } from '../../db/search';
import type { DbOrTx } from '../../db/tx';

export type DeadlineFilter = z.output<typeof adminDeadlineFilterSchema>;
export type DeadlineListQuery = z.output<typeof adminDeadlineListQuerySchema>;

/**
 * The due dates of the tracked rules, in SQL, so that "who owes something in the next N days" is one
 * query over company_formations instead of a million companies loaded into Node. Each rule's occurrence
 * in a year is a simple function of the formation date; these mirror the `due` functions of
 * src/shared/catalogue/compliance.ts, and compliance.test.ts checks both agree (29 February, December,
 * 2 May). `state` limits a state rule to its companies; null means every company with a formation date.
 */
interface SqlRule {
  id: ComplianceRuleId;
  state: string | null;
  occurrence: (year: SQL) => SQL;
  /**
   * A condition every company with an occurrence among `days` (the window's dates) meets, cheap to test
   * before the due date is computed; 'none' when no company can have one (a fixed date outside the
   * window), null when it cannot narrow. Never exact on its own: the computed due date still decides.
   */
  narrow: (days: IsoDate[]) => SQL | 'none' | null;
}

const monthDayOf = (date: IsoDate) => Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
const inList = (expr: SQL, values: number[]) =>
  sql`${expr} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

function fixedDate(month: number, day: number): SqlRule['narrow'] {
  return (days) => (days.some((d) => monthDayOf(d) === month * 100 + day) ? null : 'none');
}

const SQL_RULES: SqlRule[] = [
  {
    id: 'wyoming_annual_report',
    state: 'Wyoming',
    occurrence: (y) => sql`make_date(${y}, extract(month from f.formed_on)::int, 1)`,
    narrow: (days) => {
      const months = [...new Set(days.filter((d) => d.endsWith('-01')).map((d) => Number(d.slice(5, 7))))];
      return months.length ? inList(sql`extract(month from f.formed_on)::int`, months) : 'none';
    },
  },
  {
    id: 'delaware_llc_annual_tax',
    state: 'Delaware',
    occurrence: (y) => sql`make_date(${y}, 6, 1)`,
    narrow: fixedDate(6, 1),
  },
  {
    id: 'florida_annual_report',
    state: 'Florida',
    occurrence: (y) => sql`make_date(${y}, 5, 1)`,
    narrow: fixedDate(5, 1),
  },
  { id: 'federal_form_5472', state: null, occurrence: (y) => sql`make_date(${y}, 4, 15)`, narrow: fixedDate(4, 15) },
  {
    id: 'registered_agent_renewal',
    state: null,
    // PostgreSQL clamps to the month's end (29 Feb + 1 year = 28 Feb), as sameDayInYear does.
    occurrence: (y) => sql`(f.formed_on + make_interval(years => ${y} - extract(year from f.formed_on)::int))::date`,
    narrow: (days) => {
      const monthDays = new Set(days.map(monthDayOf));
      // A company formed on 29 February renews on the 28th in common years.
      if (days.some((d) => d.endsWith('-02-28') && daysInMonth(yearOf(d), 2) === 28)) monthDays.add(229);
      return inList(sql`(extract(month from f.formed_on)::int * 100 + extract(day from f.formed_on)::int)`, [
        ...monthDays,
      ]);
    },
  },
];

export const TRACKED_RULE_IDS = SQL_RULES.map((r) => r.id);

/**
 * The first occurrence on or after `today` in a year after the formation year: the later of "this
 * year's, else next year's" and "the one of the year after formation" (occurrences grow with the year).
 */
function nextDue(rule: SqlRule, today: string): SQL {
  const year = yearOf(today);
  const thisYear = rule.occurrence(sql`${year}::int`);
  const nextYear = rule.occurrence(sql`${year + 1}::int`);
  const firstYear = rule.occurrence(sql`(extract(year from f.formed_on)::int + 1)`);
  return sql`greatest(case when ${thisYear} >= ${today}::date then ${thisYear} else ${nextYear} end, ${firstYear})`;
}

/**
 * The customers a search finds, once for every branch: email or name, profile display name, business
 * name, each through its trigram index over fold_tr(...) (migrations 0004 and 0007).
 */
function matchedCustomers(q: string): SQL {
  const pattern = `%${escapeLike(foldTurkish(q))}%`;
  return sql`select u.id from users u where fold_tr(u.email) like ${pattern} or fold_tr(u.name) like ${pattern}
    union select p.id from user_profiles p where fold_tr(p.display_name) like ${pattern}
    union select s.user_id from company_formations s where fold_tr(s.business_name) like ${pattern}`;
}

/** Every (customer, rule, due date) of the filter, as a subquery `items`. */
function itemsQuery(filter: DeadlineFilter, today: string): SQL {
  const until = addDays(today, filter.days);
  const days = Array.from({ length: filter.days + 1 }, (_, i) => addDays(today, i));
  const branches = SQL_RULES.filter((r) => !filter.rule || r.id === filter.rule)
    .filter((r) => !filter.state || r.state === null || r.state === filter.state)
    .flatMap((rule) => {
      const narrowed = rule.narrow(days);
      if (narrowed === 'none') return [];
      const conditions: SQL[] = [sql`f.formed_on is not null`];
      if (rule.state) conditions.push(sql`f.state_selected = ${rule.state}`);
      if (filter.state) conditions.push(sql`f.state_selected = ${filter.state}`);
      if (narrowed) conditions.push(narrowed);
      if (filter.q) conditions.push(sql`f.user_id in (select id from matched)`);
      return [
        sql`select f.user_id, f.business_name, f.state_selected, ${rule.id}::text as rule_id, ${nextDue(rule, today)} as due_date
        from company_formations f where ${sql.join(conditions, sql` and `)}`,
      ];
    });
  if (branches.length === 0)
    return sql`select null::text as user_id, null::text as business_name, null::text as state_selected, null::text as rule_id, null::date as due_date where false`;
  const union = sql.join(branches, sql` union all `);
  const matched = filter.q ? sql`with matched as materialized (${matchedCustomers(filter.q)}) ` : sql``;
  return sql`${matched}select * from (${union}) as all_items where due_date between ${today}::date and ${until}::date`;
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
}

function rowsQuery(filter: DeadlineFilter, today: string, tail: SQL): SQL {
  return sql`select i.user_id, u.email, coalesce(nullif(p.display_name, ''), nullif(u.name, '')) as customer_name,
      i.business_name, i.state_selected, i.rule_id, to_char(i.due_date, 'YYYY-MM-DD') as due,
      (i.due_date - ${today}::date) as days_left, (m.user_id is not null) as done
    from (${itemsQuery(filter, today)}) as i
    join users u on u.id = i.user_id
    left join user_profiles p on p.id = i.user_id
    left join compliance_marks m on m.user_id = i.user_id and m.item_key = i.rule_id || ':' || to_char(i.due_date, 'YYYY-MM-DD')
    ${tail}`;
}

function toRow(r: RawRow): DeadlineRow {
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
  };
}

/** One page of the admin's "Upcoming deadlines", soonest first; the total is capped like every admin list. */
export async function listDeadlines(
  db: DbOrTx,
  query: DeadlineListQuery,
  today: string,
): Promise<{ rows: DeadlineRow[] } & ListTotal> {
  const offset = (query.page - 1) * query.pageSize;
  const [page, counted] = await Promise.all([
    db.execute<RawRow>(
      rowsQuery(query, today, sql`order by i.due_date, i.rule_id, i.user_id limit ${query.pageSize} offset ${offset}`),
    ),
    db.execute<{ n: number | string }>(
      sql`select count(*) as n from (select 1 from (${itemsQuery(query, today)}) as c limit ${COUNT_CAP + 1}) as capped`,
    ),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  return {
    rows: page.rows.map(toRow),
    ...(n > COUNT_CAP
      ? { total: COUNT_CAP, totalKind: 'atLeast' as const }
      : { total: n, totalKind: 'exact' as const }),
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
  for (;;) {
    const after: SQL = cursor
      ? sql`where (i.due_date, i.rule_id, i.user_id) > (${cursor.dueDate}::date, ${cursor.ruleId}::text, ${cursor.userId}::text)`
      : sql``;
    const result = await db.execute<RawRow>(
      rowsQuery(filter, today, sql`${after} order by i.due_date, i.rule_id, i.user_id limit ${pageSize}`),
    );
    const page = result.rows.map(toRow);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    cursor = page[page.length - 1];
  }
}
