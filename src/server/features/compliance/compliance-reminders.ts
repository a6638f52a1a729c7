import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { addDays, deadlinesFor, REMINDER_OFFSETS_DAYS, reminderToSend } from '../../../shared/catalogue/compliance';
import { formatCalendarDate } from '../../../shared/catalogue/compliance-format';
import { translate } from '../../../shared/i18n';
import { complianceItemKey } from '../../../shared/schemas/compliance';
import { complianceMarks, complianceSchedule, userProfiles, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { itemDetails } from './calendar-feed';
import { todayUtc } from './compliance.service';

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
 * The items themselves come from the catalogue rules. Safe to run any number of times and on several
 * servers at once: each reminder's outbox row has a unique dedupe key, and the roll only moves dates
 * forward. Returns how many reminders it tried to queue (duplicates included).
 */
export async function runComplianceReminders(deps: ReminderDeps, today: string, batchSize = 500): Promise<number> {
  const db = deps.database.db;
  const dashboardUrl = `${deps.env.publicUrl}/dashboard#compliance-calendar`;
  await db.execute(sql`select compliance_schedule_roll(${today}::date)`);
  const until = addDays(today, LOOKAHEAD_DAYS);
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
    const owed = batch.flatMap((company) =>
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
    if (owed.length > 0) {
      const marks = await db
        .select({ userId: complianceMarks.userId, key: complianceMarks.itemKey })
        .from(complianceMarks)
        .where(
          and(
            inArray(complianceMarks.userId, [...new Set(owed.map((o) => o.company.userId))]),
            inArray(complianceMarks.itemKey, [...new Set(owed.map((o) => o.key))]),
          ),
        );
      const done = new Set(marks.map((m) => `${m.userId} ${m.key}`));
      for (const { company, item, offset, key } of owed) {
        if (done.has(`${company.userId} ${key}`)) continue;
        const lang = company.lang;
        const t = (k: string, vars: Record<string, string | number> = {}) => translate(lang, `compliance.${k}`, vars);
        const view = {
          ...item,
          key,
          lastChecked: '',
          done: false,
          doneAt: null,
          service: null,
          penalty: item.penalty,
        };
        const excerpt = [
          t('feed.due', { date: formatCalendarDate(item.dueDate, lang), days: item.daysLeft }),
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
    }
    if (batch.length < batchSize) break;
  }
  return attempted;
}

/**
 * Runs the reminders at start-up and then checks every `intervalMs` (hourly by default) whether the UTC
 * day has changed since the last complete run: one pass over the formations a day per server, and a
 * failed or interrupted day is retried within the hour. Returns stop().
 */
export function startComplianceReminders(deps: ReminderDeps, intervalMs = 60 * 60 * 1000): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let doneFor: string | null = null;
  const tick = () => {
    const today = todayUtc();
    if (running || doneFor === today) return;
    running = runComplianceReminders(deps, today)
      .then((n) => {
        doneFor = today;
        if (n > 0) deps.logger.info({ reminders: n }, 'compliance reminders queued');
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
