import { and, asc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '../../../shared/domain/ids';
import type { ActingPerson } from '../../../shared/domain/roles';
import type {
  AdminEinFollowUp,
  CustomerEinFollowUp,
  EinOverdueSummary,
} from '../../../shared/features/ein/ein-follow-ups.contracts';
import { EIN_FOLLOW_UP_STATUS, overdueSubmittedBefore } from '../../../shared/features/ein/ein-follow-ups.domain';
import type { einFollowUpInputSchema } from '../../../shared/features/ein/ein-follow-ups.schemas';
import { calendarDateOfUtc, formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { toLanguage } from '../../../shared/i18n/languages';
import { cappedTotal } from '../../db/list-total';
import { einApplications, einFollowUps, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';

/*
 * EIN follow-ups (decision 0050): staff chase an EIN the IRS has not issued and log each call, fax or
 * letter; the customer sees the day and the outcome (and a note marked shareable) on the dashboard's EIN
 * timeline and History, and gets one mail per follow-up.
 */

type FollowUpInput = z.output<typeof einFollowUpInputSchema>;

/** The follow-up's mail exists once whatever retries or server copies run: keyed by the follow-up's id. */
export function followUpDedupeKey(followUpId: string): string {
  return `ein-follow-up:${followUpId}`;
}

/** The UTC day an application reached its current stage (for submitted_to_irs: the day the SS-4 went out). */
function dayOf(at: Date): string {
  return calendarDateOfUtc(at);
}

/** The overdue rule as of the server's today: the cutoff day, from EIN_FOLLOW_UP_BUSINESS_DAYS. */
export function overdueCutoff(env: AppDeps['env']): { businessDays: number; submittedBefore: string } {
  const businessDays = env.EIN_FOLLOW_UP_BUSINESS_DAYS;
  return { businessDays, submittedBefore: overdueSubmittedBefore(serverToday(env), businessDays) };
}

/**
 * The list's overdue condition: at submitted_to_irs since before the cutoff day's start (UTC). The
 * (ein_status, stage_reached_at, id) index serves it as a range.
 */
export function overdueCondition(submittedBefore: string): SQL {
  return and(
    eq(einApplications.einStatus, EIN_FOLLOW_UP_STATUS),
    lt(einApplications.stageReachedAt, new Date(`${submittedBefore}T00:00:00Z`)),
  ) as SQL;
}

/** The desk's top bar: how many applications are overdue now (capped like the list totals). */
export async function overdueSummary(db: DbOrTx, env: AppDeps['env']): Promise<EinOverdueSummary> {
  const { businessDays, submittedBefore } = overdueCutoff(env);
  const total = await cappedTotal(
    db,
    db.select({ id: einApplications.id }).from(einApplications).where(overdueCondition(submittedBefore)),
  );
  return { businessDays, submittedBefore, count: total.total, countKind: total.totalKind ?? 'exact' };
}

/**
 * Records one follow-up, audits it and queues its mail in the customer's language, in one transaction.
 * Refused (nothing written) for an unknown application, one not at submitted_to_irs, a day in the future
 * or a day before the SS-4 went to the IRS.
 */
export async function recordFollowUp(
  deps: AppDeps,
  admin: ActingPerson,
  applicationId: string,
  input: FollowUpInput,
): Promise<AdminEinFollowUp> {
  if (!isUuid(applicationId)) throw new ApiError('NOT_FOUND');
  const today = serverToday(deps.env);
  const created = await deps.database.db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(einApplications)
      .where(eq(einApplications.id, applicationId))
      .limit(1)
      .for('update');
    if (!app) throw new ApiError('NOT_FOUND');
    if (app.einStatus !== EIN_FOLLOW_UP_STATUS) throw new ApiError('EIN_NOT_AT_IRS');
    if (input.followedUpOn > today) {
      throw new ApiError('VALIDATION_FAILED', { followedUpOn: 'validation.followUpDateInFuture' });
    }
    if (input.followedUpOn < dayOf(app.stageReachedAt)) {
      throw new ApiError('VALIDATION_FAILED', { followedUpOn: 'validation.followUpDateBeforeSubmission' });
    }
    const note = input.note?.trim() ? input.note : null;
    const noteShareable = Boolean(note) && input.noteShareable;
    const [row] = await tx
      .insert(einFollowUps)
      .values({
        applicationId,
        userId: app.userId,
        kind: input.kind,
        followedUpOn: input.followedUpOn,
        outcome: input.outcome,
        note,
        noteShareable,
        createdBy: admin.id,
      })
      .returning();
    // The audit row carries what the customer may see (their History reads it): never an internal note.
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'ein.follow_up_recorded',
      entityType: 'ein_application',
      entityId: applicationId,
      subjectUserId: app.userId,
      before: null,
      after: {
        followUpId: row.id,
        kind: row.kind,
        followedUpOn: row.followedUpOn,
        outcome: row.outcome,
        noteShareable,
        ...(noteShareable ? { note } : {}),
      },
    });
    const [user] = await tx
      .select({ email: users.email, name: users.name, lang: users.lang })
      .from(users)
      .where(eq(users.id, app.userId))
      .limit(1);
    if (user) {
      const lang = toLanguage(user.lang) ?? 'tr';
      await deps.mailer.enqueue(
        {
          to: user.email,
          template: 'einFollowUp',
          lang,
          vars: {
            name: user.name,
            url: `${deps.env.publicUrl}/dashboard`,
            date: formatCalendarDateLong(row.followedUpOn, lang),
            outcome: translate(lang, `einFollowUps.outcome.${row.outcome}`),
            ...(noteShareable && note ? { excerpt: note } : {}),
          },
          dedupeKey: followUpDedupeKey(row.id),
        },
        tx,
      );
    }
    return row;
  });
  deps.mailer.kick();
  const [withName] = await listFollowUps(deps.database.db, applicationId, created.id);
  return withName;
}

/** The desk's log of one application, oldest first (or the one follow-up `onlyId`). */
export async function listFollowUps(db: DbOrTx, applicationId: string, onlyId?: string): Promise<AdminEinFollowUp[]> {
  if (!isUuid(applicationId)) return [];
  const rows = await db
    .select({ f: einFollowUps, name: users.name })
    .from(einFollowUps)
    .leftJoin(users, eq(users.id, einFollowUps.createdBy))
    .where(and(eq(einFollowUps.applicationId, applicationId), onlyId ? eq(einFollowUps.id, onlyId) : undefined))
    .orderBy(asc(einFollowUps.followedUpOn), asc(einFollowUps.createdAt));
  return rows.map(({ f, name }) => ({
    id: f.id,
    kind: f.kind,
    followedUpOn: f.followedUpOn,
    outcome: f.outcome,
    note: f.note,
    noteShareable: f.noteShareable,
    createdBy: { id: f.createdBy, name: name ?? null },
    createdAt: f.createdAt.toISOString(),
  }));
}

/** What the customer sees of their own application's follow-ups: never an internal note. */
export async function customerFollowUps(db: DbOrTx, userId: string): Promise<CustomerEinFollowUp[]> {
  const rows = await db
    .select()
    .from(einFollowUps)
    .where(eq(einFollowUps.userId, userId))
    .orderBy(asc(einFollowUps.followedUpOn), asc(einFollowUps.createdAt));
  return rows.map((f) => ({
    id: f.id,
    kind: f.kind,
    followedUpOn: f.followedUpOn,
    outcome: f.outcome,
    note: f.noteShareable ? f.note : null,
  }));
}
