import { and, asc, between, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type DeadlineItem,
  deadlinesFor,
  REMINDER_OFFSETS_DAYS,
  reminderToSend,
} from '../../../shared/catalogue/compliance';
import { complianceItemKey } from '../../../shared/features/compliance/compliance.schemas';
import { addDays } from '../../../shared/format/calendar-days';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import {
  complianceMarks,
  complianceReminderRuns,
  complianceSchedule,
  subscriptions,
  userProfiles,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { serverToday } from '../../platform/clock';
import { form8822bItemsSql, writeBankRollups } from '../bank-readiness';
import { runFilingsDay } from '../filings';
import { writeMailRollups } from '../mail';
import { writeOverviewRollups } from '../overview';
import { runRenewalsDaily } from '../renewals';
import { itemDetails } from './calendar-feed.service';
import { form8822bDeadline } from './compliance.service';

type ReminderDeps = Pick<AppDeps, 'database' | 'mailer' | 'env' | 'logger'>;

/** Farther than the earliest reminder is never owed yet. */
const LOOKAHEAD_DAYS = Math.max(...REMINDER_OFFSETS_DAYS);

/** The outbox key that makes each reminder exist once, whichever server copy or run queues it. */
export function reminderDedupeKey(userId: string, ruleId: string, dueDate: string, offset: number): string {
  return `compliance:${userId}:${ruleId}:${dueDate}:${offset}`;
}

/**
 * Queues the deadline reminders owed on `today` (60, 30 and 7 days before; a missed one once, late, see
 * reminderToSend) for every company with a formation date, in the customer's language, skipping items
 * marked done. It first rolls compliance_schedule on to `today` (migration 0011, decision 0027), then
 * reads only the schedule's rows due within the lookahead, in keyset batches on its (due date, rule,
 * customer) index, so a start-up touches the companies that owe something soon rather than every one.
 * The items themselves come from the catalogue rules. Form 8822-B, owed once after a mailing address
 * change and not in the schedule, follows from the addresses (runForm8822bReminders). Safe to run any
 * number of times and on several servers at once: each reminder's outbox row has a unique dedupe key,
 * and the roll only moves dates forward. Returns how many reminders it tried to queue (duplicates included).
 */
export async function runComplianceReminders(
  deps: ReminderDeps,
  today: string,
  batchSize = 500,
  since: ReminderWindow | null = null,
): Promise<number> {
  const db = deps.database.db;
  const dashboardUrl = `${deps.env.publicUrl}/dashboard#compliance-calendar`;
  await db.execute(sql`select compliance_schedule_roll(${today}::date)`);
  const until = addDays(today, LOOKAHEAD_DAYS);
  const changed = since ? changedSince(since, today) : undefined;
  let after: { dueDate: string; ruleId: string; userId: string } | null = null;
  let attempted = 0;
  for (;;) {
    const batch = await db
      .select({
        userId: complianceSchedule.userId,
        ruleId: complianceSchedule.ruleId,
        dueDate: complianceSchedule.dueDate,
        state: complianceSchedule.stateSelected,
        formedOn: complianceSchedule.formedOn,
        email: users.email,
        lang: users.lang,
        name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
      })
      .from(complianceSchedule)
      .innerJoin(users, eq(users.id, complianceSchedule.userId))
      .leftJoin(userProfiles, eq(userProfiles.id, complianceSchedule.userId))
      .where(
        and(
          between(complianceSchedule.dueDate, today, until),
          changed,
          after
            ? sql`(${complianceSchedule.dueDate}, ${complianceSchedule.ruleId}, ${complianceSchedule.userId}) > (${after.dueDate}::date, ${after.ruleId}, ${after.userId})`
            : undefined,
        ),
      )
      .orderBy(asc(complianceSchedule.dueDate), asc(complianceSchedule.ruleId), asc(complianceSchedule.userId))
      .limit(batchSize);
    if (batch.length === 0) break;
    after = batch[batch.length - 1];

    // A company whose state was never chosen has no state rules to show yet: no reminders, as before.
    let owed = batch.flatMap((company) =>
      company.state === null
        ? []
        : deadlinesFor({ state: company.state, formationDate: company.formedOn, today, horizonDays: LOOKAHEAD_DAYS })
            .filter((item) => item.ruleId === company.ruleId)
            .flatMap((item) => {
              const offset = reminderToSend(item, today);
              return offset === null
                ? []
                : [{ company, item, offset, key: complianceItemKey(item.ruleId, item.dueDate) }];
            }),
    );
    // A customer's agent renewal with a subscription is mailed by the renewals' own notices (decision
    // 0053), which say what renews, the amount and the buttons: not a second time here.
    const agentUsers = [
      ...new Set(owed.filter((o) => o.item.ruleId === 'registered_agent_renewal').map((o) => o.company.userId)),
    ];
    if (agentUsers.length > 0) {
      const subscribed = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(and(inArray(subscriptions.userId, agentUsers), eq(subscriptions.product, 'registered_agent')));
      const covered = new Set(subscribed.map((r) => r.userId));
      // Without a subscription of ours the agent is the founder's own (decision 0074): it bills them, so
      // the reminder names no price of ours.
      owed = owed
        .filter((o) => o.item.ruleId !== 'registered_agent_renewal' || !covered.has(o.company.userId))
        .map((o) =>
          o.item.ruleId === 'registered_agent_renewal' ? { ...o, item: { ...o.item, amountCents: null } } : o,
        );
    }
    attempted += await sendOwed(deps, owed, dashboardUrl);
    if (batch.length < batchSize) break;
  }
  return attempted + (await runForm8822bReminders(deps, today, until, since, dashboardUrl));
}

interface Recipient {
  userId: string;
  email: string;
  lang: Language;
  name: string;
}

interface Owed {
  company: Recipient;
  item: DeadlineItem;
  offset: number;
  key: string;
}

/**
 * Queues the reminders of `owed` that nobody marked done, each under its dedupe key (once per item and
 * reminder step, whichever run or copy queues it). Returns how many it tried to queue.
 */
async function sendOwed(deps: ReminderDeps, owed: Owed[], dashboardUrl: string): Promise<number> {
  if (owed.length === 0) return 0;
  const marks = await deps.database.db
    .select({ userId: complianceMarks.userId, key: complianceMarks.itemKey })
    .from(complianceMarks)
    .where(
      and(
        inArray(complianceMarks.userId, [...new Set(owed.map((o) => o.company.userId))]),
        inArray(complianceMarks.itemKey, [...new Set(owed.map((o) => o.key))]),
      ),
    );
  const done = new Set(marks.map((m) => `${m.userId} ${m.key}`));
  let attempted = 0;
  for (const { company, item, offset, key } of owed) {
    if (done.has(`${company.userId} ${key}`)) continue;
    const lang = company.lang;
    const t = (k: string, vars: Record<string, string | number> = {}) => translate(lang, `compliance.${k}`, vars);
    const view = {
      ...item,
      key,
      checked: { kind: 'ours' as const, source: null, date: null },
      done: false,
      doneAt: null,
      service: null,
      penalty: item.penalty,
    };
    const excerpt = [
      t('feed.due', { date: formatCalendarDateLong(item.dueDate, lang), days: item.daysLeft }),
      ...itemDetails(view, lang, dashboardUrl),
    ].join('\n');
    await deps.mailer.enqueue({
      to: company.email,
      template: 'complianceReminder',
      lang,
      vars: { name: company.name, url: dashboardUrl, subject: t(`rules.${item.ruleId}.name`), excerpt },
      dedupeKey: reminderDedupeKey(company.userId, item.ruleId, item.dueDate, offset),
    });
    attempted += 1;
  }
  return attempted;
}

/**
 * The Form 8822-B reminders owed on `today` (decision 0100): the item is not in compliance_schedule
 * (decision 0092), so its rows come from the addresses, due from today through `until`. After a finished
 * run, as for the schedule (decision 0029), only the rows whose reminder day came since, or whose address
 * was saved since that run started (a change made after it, perhaps already inside a reminder window).
 */
async function runForm8822bReminders(
  deps: ReminderDeps,
  today: string,
  until: string,
  since: ReminderWindow | null,
  dashboardUrl: string,
): Promise<number> {
  const changed = since
    ? sql` and (${sql.join(
        REMINDER_OFFSETS_DAYS.map(
          (offset) =>
            sql`s.due_date between ${addDays(since.day, offset + 1)}::date and ${addDays(today, offset)}::date`,
        ),
        sql` or `,
      )} or s.saved_at >= ${since.startedAt.toISOString()}::timestamptz)`
    : sql``;
  const result = await deps.database.db.execute<{
    user_id: string;
    changed_on: string;
    email: string;
    lang: Language;
    name: string;
  }>(sql`select s.user_id, to_char(s.changed_on, 'YYYY-MM-DD') as changed_on, u.email, u.lang,
      coalesce(nullif(p.display_name, ''), u.name) as name
    from (${form8822bItemsSql(today, until)}) as s
    join users u on u.id = s.user_id left join user_profiles p on p.id = s.user_id
    where true${changed}`);
  const owed = result.rows.flatMap((r): Owed[] => {
    const item = form8822bDeadline(r.changed_on, today);
    const offset = reminderToSend(item, today);
    return offset === null
      ? []
      : [
          {
            company: { userId: r.user_id, email: r.email, lang: r.lang, name: r.name },
            item,
            offset,
            key: complianceItemKey(item.ruleId, item.dueDate),
          },
        ];
  });
  return sendOwed(deps, owed, dashboardUrl);
}

/** The last finished run: its day, and when it started (rows filed after that it may not have seen). */
export interface ReminderWindow {
  day: string;
  startedAt: Date;
}

/**
 * The rows whose reminder can be owed today and was not at the last finished run: a reminder day
 * (due date minus 60, 30 or 7) after that run's day and up to today, so days missed while no copy ran
 * are caught up; or a row filed since that run started (a formation date set or changed, possibly with
 * an item already inside a reminder window). Whatever else is owed was already queued by that run.
 */
function changedSince(since: ReminderWindow, today: string): SQL {
  const due = complianceSchedule.dueDate;
  return or(
    ...REMINDER_OFFSETS_DAYS.map((offset) => between(due, addDays(since.day, offset + 1), addDays(today, offset))),
    sql`${complianceSchedule.filedAt} >= ${since.startedAt.toISOString()}::timestamptz`,
  ) as SQL;
}

/** A claim older than this, not finished, belongs to a copy that died: another may take the day over. */
const CLAIM_TIMEOUT = '30 minutes';

/**
 * Today's reminder run, once for all copies of the portal (decision 0029): the copy whose insert claims
 * the day runs it, reading only what changed since the last finished run (all rows due within 60 days
 * when there is none); the others answer 'busy' (a copy is on it) or 'finished'.
 */
export async function runDailyReminders(
  deps: ReminderDeps,
  today: string,
): Promise<{ outcome: 'ran'; attempted: number } | { outcome: 'busy' | 'finished' }> {
  const db = deps.database.db;
  const claimed = await db.execute(sql`insert into compliance_reminder_runs (day) values (${today}::date)
    on conflict (day) do update set claimed_at = now()
      where compliance_reminder_runs.finished_at is null
        and compliance_reminder_runs.claimed_at < now() - ${CLAIM_TIMEOUT}::interval
    returning day`);
  if (claimed.rows.length === 0) {
    const [run] = await db
      .select({ finishedAt: complianceReminderRuns.finishedAt })
      .from(complianceReminderRuns)
      .where(eq(complianceReminderRuns.day, today));
    return { outcome: run?.finishedAt ? 'finished' : 'busy' };
  }
  const [last] = await db
    .select({ day: complianceReminderRuns.day, startedAt: complianceReminderRuns.claimedAt })
    .from(complianceReminderRuns)
    .where(sql`${complianceReminderRuns.finishedAt} is not null and ${complianceReminderRuns.day} < ${today}::date`)
    .orderBy(sql`${complianceReminderRuns.day} desc`)
    .limit(1);
  // Renewals' notices, grace mails and lapses (decision 0053) hang off the same claim: once a day for all.
  // First, so that the subscriptions it creates keep their agent renewal out of the deadline reminders.
  await runRenewalsDaily(deps, today);
  const attempted = await runComplianceReminders(deps, today, 500, last ?? null);
  // The home's daily rollups (decisions 0056, 0103) under the same claim: one copy writes them once a day.
  await writeOverviewRollups(db, today);
  await writeMailRollups(db, today);
  await writeBankRollups(db, today);
  // The filings' questionnaires and their reminders ride on the same daily claim (decision 0051).
  await runFilingsDay(deps, today, last?.day ?? null);
  await db
    .update(complianceReminderRuns)
    .set({ finishedAt: sql`now()`, attempted })
    .where(eq(complianceReminderRuns.day, today));
  return { outcome: 'ran', attempted };
}

/**
 * Runs the reminders at start-up and then checks every `intervalMs` (hourly by default) whether the UTC
 * day has changed since the last complete run: one run a day for all copies together, and a failed or
 * interrupted day is retried within the hour (by any copy, once its claim is 30 minutes old). Returns
 * stop().
 */
export function startComplianceReminders(deps: ReminderDeps, intervalMs = 60 * 60 * 1000): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let doneFor: string | null = null;
  const tick = () => {
    const today = serverToday(deps.env);
    if (running || doneFor === today) return;
    running = runDailyReminders(deps, today)
      .then((result) => {
        if (result.outcome === 'busy') return;
        doneFor = today;
        if (result.outcome === 'ran' && result.attempted > 0)
          deps.logger.info({ reminders: result.attempted }, 'compliance reminders queued');
      })
      .catch((err) => deps.logger.error({ err }, 'compliance reminders failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
