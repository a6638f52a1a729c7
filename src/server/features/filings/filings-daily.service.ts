import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { findComplianceRule } from '../../../shared/catalogue/compliance';
import { complianceItemKey } from '../../../shared/features/compliance/compliance.schemas';
import { questionnaireReminderOwed, questionnaireYear } from '../../../shared/features/filings/filings.domain';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { auditEvents, filings, userProfiles, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { FILING_ENTITY } from './filings.service';

type DailyDeps = Pick<AppDeps, 'database' | 'mailer' | 'env' | 'logger'>;

const RULE_ID = 'federal_form_5472';

/** The Form 5472 of tax year `taxYear`: its statutory due date, from the compliance catalogue's rule. */
export function form5472Due(taxYear: number): { dueDate: string; extendedDueDate: string } {
  const [occurrence] = findComplianceRule(RULE_ID).due(`${taxYear}-01-01`, `${taxYear + 1}-01-01`);
  return { dueDate: occurrence.dueDate, extendedDueDate: occurrence.extendedDueDate ?? occurrence.dueDate };
}

export function filingMailKey(filingId: string, what: string): string {
  return `filing:${filingId}:${what}`;
}

const BATCH = 1000;

/**
 * From 2 January until the due date, opens the Form 5472 questionnaire of the year before for every
 * company formed by the end of that year that has none yet: a row per company (unique per company and
 * item, so any number of runs and copies open it once), its audit row and one mail. Companies whose
 * formation date is recorded later in the season are picked up by the next day's run.
 */
export async function openQuestionnaires(deps: DailyDeps, today: string): Promise<number> {
  const taxYear = questionnaireYear(today);
  if (taxYear === null) return 0;
  const { dueDate } = form5472Due(taxYear);
  if (today > dueDate) return 0;
  const db = deps.database.db;
  const itemKey = complianceItemKey(RULE_ID, dueDate);
  let opened = 0;
  for (;;) {
    const inserted = (await db.execute(sql`
      insert into filings (user_id, kind, rule_id, item_key, tax_year, status, due_date, sent_at, status_since)
      select cf.user_id, 'form_5472', ${RULE_ID}, ${itemKey}, ${taxYear}, 'questionnaire_sent', ${dueDate}::date, now(), now()
      from company_formations cf
      where cf.formed_on is not null and cf.formed_on <= ${`${taxYear}-12-31`}::date
        and not exists (select 1 from filings f where f.user_id = cf.user_id and f.item_key = ${itemKey})
      limit ${BATCH}
      on conflict (user_id, item_key) do nothing
      returning id, user_id`)) as unknown as { rows: { id: string; user_id: string }[] };
    const rows = inserted.rows;
    if (rows.length === 0) break;
    opened += rows.length;
    await db.insert(auditEvents).values(
      rows.map((r) => ({
        actorId: null,
        actorRole: 'system',
        action: 'filing.stage_changed',
        entityType: FILING_ENTITY,
        entityId: r.id,
        subjectUserId: r.user_id,
        before: null,
        after: { status: 'questionnaire_sent', kind: 'form_5472', ruleId: RULE_ID, taxYear },
      })),
    );
    const people = await db
      .select({
        id: users.id,
        email: users.email,
        lang: users.lang,
        name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
      })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.id, users.id))
      .where(
        inArray(
          users.id,
          rows.map((r) => r.user_id),
        ),
      );
    const byId = new Map(people.map((p) => [p.id, p]));
    for (const row of rows) {
      const person = byId.get(row.user_id);
      if (!person) continue;
      await deps.mailer.enqueue({
        to: person.email,
        template: 'filings.opened',
        lang: person.lang,
        vars: {
          name: person.name,
          url: `${deps.env.publicUrl}/filings/${row.id}`,
          subject: String(taxYear),
          excerpt: translate(person.lang, 'mail.filings.dueLine', {
            date: formatCalendarDateLong(dueDate, person.lang),
          }),
        },
        dedupeKey: filingMailKey(row.id, 'opened'),
      });
    }
    if (rows.length < BATCH) break;
  }
  return opened;
}

/**
 * The reminders of unanswered questionnaires (15 January, 15 February, 1 March, then weekly until the
 * due date; questionnaireReminderOwed). Filings share their reminder day by tax year and due date, so a
 * group whose owed day the last finished run (`sinceDay`) already covered is skipped without reading
 * its rows; each mail's dedupe key (the filing and the day) keeps it to one however often this runs.
 */
export async function sendQuestionnaireReminders(
  deps: DailyDeps,
  today: string,
  sinceDay: string | null,
): Promise<number> {
  const db = deps.database.db;
  const open = and(eq(filings.kind, 'form_5472'), eq(filings.status, 'questionnaire_sent'));
  const groups = await db
    .selectDistinct({ taxYear: filings.taxYear, dueDate: filings.dueDate })
    .from(filings)
    .where(and(open, gte(filings.dueDate, today)));
  let attempted = 0;
  for (const group of groups) {
    const owed = questionnaireReminderOwed(group.taxYear, group.dueDate, today);
    if (!owed || (sinceDay !== null && owed <= sinceDay)) continue;
    let after: string | null = null;
    for (;;) {
      const batch = await db
        .select({
          id: filings.id,
          email: users.email,
          lang: users.lang,
          name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
        })
        .from(filings)
        .innerJoin(users, eq(users.id, filings.userId))
        .leftJoin(userProfiles, eq(userProfiles.id, filings.userId))
        .where(
          and(
            open,
            eq(filings.taxYear, group.taxYear),
            eq(filings.dueDate, group.dueDate),
            after ? gt(filings.id, after) : undefined,
          ),
        )
        .orderBy(asc(filings.id))
        .limit(500);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].id;
      for (const row of batch) {
        await deps.mailer.enqueue({
          to: row.email,
          template: 'filings.reminder',
          lang: row.lang,
          vars: {
            name: row.name,
            url: `${deps.env.publicUrl}/filings/${row.id}`,
            subject: String(group.taxYear),
            excerpt: translate(row.lang, 'mail.filings.dueLine', {
              date: formatCalendarDateLong(group.dueDate, row.lang),
            }),
          },
          dedupeKey: filingMailKey(row.id, `reminder:${owed}`),
        });
        attempted += 1;
      }
      if (batch.length < 500) break;
    }
  }
  return attempted;
}

/**
 * The filings' share of the daily run (decision 0051): it runs inside the compliance reminders' daily
 * claim (runDailyReminders), so one copy does it per day, and it is safe to interrupt and run again.
 */
export async function runFilingsDay(deps: DailyDeps, today: string, sinceDay: string | null) {
  const opened = await openQuestionnaires(deps, today);
  const reminded = await sendQuestionnaireReminders(deps, today, sinceDay);
  return { opened, reminded };
}
