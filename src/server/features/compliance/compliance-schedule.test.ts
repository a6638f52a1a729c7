import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { deadlinesFor, EVENT_RULE_IDS, rulesFor, trackedStates } from '../../../shared/catalogue/compliance';
import { federalDueDate, isFederalHoliday } from '../../../shared/catalogue/federal-holidays';
import { addDays } from '../../../shared/format/calendar-days';
import { companyFormations, complianceMarks, complianceSchedule, userProfiles, users } from '../../db/schema';
import { deadlinesPanel } from '../overview/overview.service';
import { listDeadlines } from './deadlines.service';

const test = apiTest;
let t: TestApp;
const db = () => t.deps.database.db;
const tag = `sch${Date.now().toString(36)}`;

test.beforeAll(({ app }) => {
  t = app;
});

/** A deterministic stream of numbers in [0, 1), so a failing case can be reproduced. */
function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

async function formation(state: string, formedOn: string | null) {
  const { id } = await signedInCustomer(t);
  const [row] = await db()
    .insert(companyFormations)
    .values({
      userId: id,
      companyFormationPreference: 'self',
      stateSelected: state,
      formedOn,
      businessName: `${tag} LLC`,
    })
    .returning({ id: companyFormations.id });
  return { userId: id, formationId: row.id };
}

async function scheduleOf(formationId: string): Promise<string[]> {
  const rows = await db()
    .select({ ruleId: complianceSchedule.ruleId, dueDate: complianceSchedule.dueDate })
    .from(complianceSchedule)
    .where(eq(complianceSchedule.formationId, formationId));
  return rows.map((r) => `${r.ruleId} ${r.dueDate}`).sort();
}

describe('compliance_schedule (migration 0011)', () => {
  it("computes in SQL the catalogue's rules and next due dates over many generated cases", async () => {
    for (const state of [...trackedStates, 'Texas', 'New Mexico']) {
      const got = await db().execute<{ r: string }>(sql`select r from compliance_rules_for(${state}) as r`);
      // Form 8822-B falls due after a change, not yearly: the SQL schedule leaves it out (decision 0092).
      const expected = rulesFor(state).filter((r) => r.status === 'required' && !EVENT_RULE_IDS.includes(r.id));
      expect(got.rows.map((row) => row.r).sort(), state).toEqual(expected.map((r) => r.id).sort());
    }
    const random = generator(20_261_125);
    const day = (from: string, span: number) => addDays(from, Math.floor(random() * span));
    const rules = rulesFor('Wyoming')
      .concat(rulesFor('Delaware'), rulesFor('Florida'), rulesFor('Texas'))
      .filter((r, i, all) => r.status === 'required' && !EVENT_RULE_IDS.includes(r.id) && all.indexOf(r) === i);
    // Leap days, month ends and year ends on purpose, then any day of 2020-2035.
    const formed = ['2024-02-29', '2028-02-29', '2025-12-31', '2025-01-01', '2025-05-02', '2025-06-01', '2025-04-15'];
    const cases: { rule: (typeof rules)[number]; formedOn: string; from: string }[] = [];
    for (let i = 0; i < 1500; i++) {
      const formedOn = i < formed.length * 20 ? formed[i % formed.length] : day('2020-01-01', 12 * 366);
      // From the formation day itself (the trigger's first occurrence) or any day up to six years on.
      const from = i % 5 === 0 ? formedOn : day(addDays(formedOn, -400), 7 * 366);
      cases.push({ rule: rules[i % rules.length], formedOn, from });
    }
    const values = sql.join(
      cases.map((c, i) => sql`(${i}::int, ${c.rule.id}::text, ${c.formedOn}::date, ${c.from}::date)`),
      sql`, `,
    );
    const result = await db().execute<{ i: number; due: string }>(
      sql`select c.i, to_char(compliance_next_due(c.rule, c.formed, c.from_day), 'YYYY-MM-DD') as due
        from (values ${values}) as c(i, rule, formed, from_day) order by c.i`,
    );
    const got = result.rows.map((r) => r.due);
    const expected = cases.map((c) => c.rule.due(c.formedOn, c.from)[0].dueDate);
    const mismatches = cases.flatMap((c, i) =>
      got[i] === expected[i] ? [] : [`${c.rule.id} formed ${c.formedOn} from ${c.from}: ${got[i]} ≠ ${expected[i]}`],
    );
    expect(mismatches).toEqual([]);
    expect(got).toHaveLength(cases.length);
  });

  it('computes the federal holidays and the due-date rule in SQL as the catalogue does, 2022-2029', async () => {
    // And every January to 2045, for Inauguration Day on a Saturday (2029), a weekday (2033, 2037) and a
    // Sunday (2041).
    const { rows } = await db().execute<{ day: string; holiday: boolean; due: string }>(
      sql`select to_char(d, 'YYYY-MM-DD') as day, federal_holiday(d::date) as holiday,
            to_char(federal_due_date(d::date), 'YYYY-MM-DD') as due
          from generate_series('2021-12-01'::date, '2045-01-31'::date, interval '1 day') as d
         where d < '2030-01-01' or extract(month from d) = 1`,
    );
    const mismatches = rows.flatMap((r) =>
      r.holiday === isFederalHoliday(r.day) && r.due === federalDueDate(r.day)
        ? []
        : [`${r.day}: ${r.holiday}/${r.due} ≠ ${isFederalHoliday(r.day)}/${federalDueDate(r.day)}`],
    );
    expect(mismatches).toEqual([]);
    expect(rows.filter((r) => r.holiday).length).toBeGreaterThan(8 * 12);
  });

  it("follows the formation's date and state: set, changed, cleared, deleted", async () => {
    const { formationId } = await formation('Wyoming', null);
    expect(await scheduleOf(formationId)).toEqual([]);

    const set = (values: { formedOn?: string | null; stateSelected?: string; businessName?: string }) =>
      db().update(companyFormations).set(values).where(eq(companyFormations.id, formationId));
    // Each row starts at the rule's first occurrence, the year after formation.
    await set({ formedOn: '2024-02-29' });
    expect(await scheduleOf(formationId)).toEqual([
      'federal_form_5472 2025-04-15',
      'registered_agent_renewal 2025-02-28',
      'wyoming_annual_report 2025-02-01',
    ]);
    await set({ stateSelected: 'Delaware' });
    expect(await scheduleOf(formationId)).toEqual([
      'delaware_llc_annual_tax 2025-06-01',
      'federal_form_5472 2025-04-15',
      'registered_agent_renewal 2025-02-28',
    ]);
    await set({ formedOn: '2025-07-10', businessName: `${tag} renamed` });
    expect(await scheduleOf(formationId)).toEqual([
      'delaware_llc_annual_tax 2026-06-01',
      'federal_form_5472 2026-04-15',
      'registered_agent_renewal 2026-07-10',
    ]);
    await set({ stateSelected: 'Texas' });
    expect(await scheduleOf(formationId)).toEqual([
      'federal_form_5472 2026-04-15',
      'registered_agent_renewal 2026-07-10',
      // Fact check 5c: below the threshold only the Public Information Report (decision 0073).
      'texas_public_information_report 2026-05-15',
    ]);
    await set({ stateSelected: 'New Mexico' });
    expect(await scheduleOf(formationId)).toEqual([
      'federal_form_5472 2026-04-15',
      'registered_agent_renewal 2026-07-10',
    ]);
    // A 2027 company's first Form 5472 falls on Saturday 15 April 2028: the schedule holds Tuesday the 18th.
    await set({ formedOn: '2027-03-01' });
    expect(await scheduleOf(formationId)).toContain('federal_form_5472 2028-04-18');
    await set({ formedOn: null });
    expect(await scheduleOf(formationId)).toEqual([]);

    await set({ formedOn: '2025-07-10' });
    expect(await scheduleOf(formationId)).toHaveLength(2);
    await db().delete(companyFormations).where(eq(companyFormations.id, formationId));
    expect(await scheduleOf(formationId)).toEqual([]);
  });

  it('rolls passed dates to the next occurrence, and the list shows the next one before and after the roll', async () => {
    const { formationId } = await formation('Wyoming', '2023-03-10');
    expect(await scheduleOf(formationId)).toEqual([
      'federal_form_5472 2024-04-15',
      'registered_agent_renewal 2024-03-10',
      'wyoming_annual_report 2024-03-01',
    ]);
    const listed = async (today: string, days: 30 | 60) => {
      const { items: rows } = await listDeadlines(db(), { days, q: `${tag} LLC`, page: 1, pageSize: 100 }, today);
      return rows.filter((r) => r.businessName === `${tag} LLC`).map((r) => `${r.ruleId} ${r.dueDate} ${r.daysLeft}`);
    };
    const expected = (today: string, days: number) =>
      deadlinesFor({ state: 'Wyoming', formationDate: '2023-03-10', today, horizonDays: days }).map(
        (d) => `${d.ruleId} ${d.dueDate} ${d.daysLeft}`,
      );
    // Not rolled yet: the list computes the next dates itself.
    expect(await listed('2026-02-15', 60)).toEqual(expected('2026-02-15', 60));
    expect(await listed('2026-02-15', 60)).toHaveLength(3);

    const roll = async (today: string) => {
      const result = await db().execute<{ n: number }>(sql`select compliance_schedule_roll(${today}::date) as n`);
      return Number(result.rows[0].n);
    };
    expect(await roll('2026-02-15')).toBeGreaterThanOrEqual(3);
    expect(await scheduleOf(formationId)).toEqual([
      'federal_form_5472 2026-04-15',
      'registered_agent_renewal 2026-03-10',
      'wyoming_annual_report 2026-03-01',
    ]);
    expect(await listed('2026-02-15', 60)).toEqual(expected('2026-02-15', 60));
    // Nothing passed since: the roll moves nothing.
    expect(await roll('2026-02-15')).toBe(0);

    // 1 March has passed on the 5th: only the annual report moves, to next year.
    await roll('2026-03-05');
    expect(await scheduleOf(formationId)).toEqual([
      'federal_form_5472 2026-04-15',
      'registered_agent_renewal 2026-03-10',
      'wyoming_annual_report 2027-03-01',
    ]);
    expect(await listed('2026-03-05', 30)).toEqual(['registered_agent_renewal 2026-03-10 5']);
    expect(await listed('2026-03-05', 30)).toEqual(expected('2026-03-05', 30));
  });

  it('lists the occurrences that passed unmarked in the last 30 days, before and after the roll (decision 0064)', async () => {
    const name = `${tag} overdue LLC`;
    const { id: userId } = await signedInCustomer(t);
    await db().insert(companyFormations).values({
      userId,
      companyFormationPreference: 'self',
      stateSelected: 'Wyoming',
      formedOn: '2023-03-10',
      businessName: name,
    });
    const roll = (today: string) => db().execute(sql`select compliance_schedule_roll(${today}::date)`);
    const overdue = async (today: string) => {
      const { items: rows, total } = await listDeadlines(
        db(),
        { days: 30, overdue: '1', page: 1, pageSize: 100 },
        today,
      );
      // The home's figure counts the same rows.
      expect((await deadlinesPanel(db(), today)).overdue).toBe(total);
      return rows.filter((r) => r.businessName === name).map((r) => `${r.ruleId} ${r.dueDate} ${r.daysLeft}`);
    };
    await roll('2026-02-20');
    expect(await overdue('2026-02-20')).toEqual([]);
    // 1 March passed on the 5th: listed before the roll moves the row on, and after it.
    expect(await overdue('2026-03-05')).toEqual(['wyoming_annual_report 2026-03-01 -4']);
    await roll('2026-03-05');
    expect(await overdue('2026-03-05')).toEqual(['wyoming_annual_report 2026-03-01 -4']);
    // The agent renewal passes on the 10th; marking the report done takes it off the list.
    await roll('2026-03-15');
    expect(await overdue('2026-03-15')).toEqual([
      'wyoming_annual_report 2026-03-01 -14',
      'registered_agent_renewal 2026-03-10 -5',
    ]);
    await db().insert(complianceMarks).values({ userId, itemKey: 'wyoming_annual_report:2026-03-01' });
    expect(await overdue('2026-03-15')).toEqual(['registered_agent_renewal 2026-03-10 -5']);
    // Thirty days on, neither is overdue any longer (the list covers the last thirty days).
    expect(await overdue('2026-04-10')).toEqual([]);
    // A company formed lately has no occurrence before its first due date, whatever the calendar says.
    const late = await formation('Wyoming', '2026-02-20');
    await roll('2026-03-15');
    expect(
      (await listDeadlines(db(), { days: 30, overdue: '1', page: 1, pageSize: 100 }, '2026-03-15')).items.some(
        (r) => r.userId === late.userId,
      ),
    ).toBe(false);
  });

  it("keeps a search text that follows the customer's email, name, display name and business name", async () => {
    const { userId, formationId } = await formation('Wyoming', '2024-05-20');
    const today = '2026-01-10';
    await db().execute(sql`select compliance_schedule_roll(${today}::date)`);
    const found = async (q: string) => {
      const { items: rows } = await listDeadlines(db(), { days: 180, q, page: 1, pageSize: 100 }, today);
      return rows.filter((r) => r.userId === userId).length;
    };
    const searchTexts = async () => {
      const rows = await db()
        .select({ text: complianceSchedule.searchText })
        .from(complianceSchedule)
        .where(eq(complianceSchedule.formationId, formationId));
      return [...new Set(rows.map((r) => r.text))];
    };
    // Three items within 180 days of 10 January: the annual report, Form 5472 and the agent renewal.
    expect(await found(`${tag} LLC`)).toBe(3);
    expect(await found(`${tag} ŞİMŞEKÇİ`)).toBe(0);

    await db()
      .update(companyFormations)
      .set({ businessName: `${tag} Şimşekçi Dijital` })
      .where(eq(companyFormations.id, formationId));
    // Folded on both sides, whatever the case and the Turkish letters typed.
    expect(await found(`${tag} ŞİMŞEKÇİ`)).toBe(3);
    expect(await found(`${tag} simsekci dijital`)).toBe(3);
    expect(await found(`${tag} LLC`)).toBe(0);

    await db()
      .update(users)
      .set({ name: `Işıl ${tag}Kılıç` })
      .where(eq(users.id, userId));
    expect(await found(`isil ${tag}kilic`)).toBe(3);
    const email = `${tag}.yeni@örnek.test`;
    await db().update(users).set({ email }).where(eq(users.id, userId));
    expect(await found(`${tag}.YENI@ORNEK`)).toBe(3);

    await db()
      .update(userProfiles)
      .set({ displayName: `Görünen ${tag}Ad` })
      .where(eq(userProfiles.id, userId));
    expect(await found(`gorunen ${tag}ad`)).toBe(3);
    // A query never spans two fields: the name's end and the display name's start are not one word.
    expect(await found(`${tag}kilic gorunen`)).toBe(0);

    expect(await searchTexts()).toEqual([
      [`${tag}.yeni@ornek.test`, `isil ${tag}kilic`, `gorunen ${tag}ad`, `${tag} simsekci dijital`].join('\n'),
    ]);
  });
});
