import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  ABANDONED_SIGNUP_DAYS,
  SSN_NOTICE_DAYS,
  ssnPurgeDay,
} from '../../../shared/features/retention/retention.domain';
import { calendarDateOfUtc, formatCalendarDateLong } from '../../../shared/format/dates';
import {
  companyFormations,
  documents,
  einApplications,
  orders,
  supportAttachments,
  supportMessages,
  userProfiles,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverNow } from '../../platform/clock';
import { runDailyJob, startDailyJob } from '../../platform/daily-job';
import { purgeFilingTaxIdBatch } from '../filings';
import { expireLetters } from '../mail';

type RetentionDeps = Pick<AppDeps, 'database' | 'mailer' | 'env' | 'logger' | 'storage'>;

const DAY_MS = 86_400_000;

export interface RetentionResult {
  noticesQueued: number;
  ssnPurged: number;
  filingTaxIdsPurged: number;
  signupsRemoved: number;
  /** Letters past their retention: sent to shredding, or deleted once their paper is gone (decision 0089). */
  lettersExpired: number;
}

/** The outbox keys that make each retention mail exist once, whichever copy or run queues it. */
export const retentionDedupeKey = {
  notice: (applicationId: string) => `retention:ssn-notice:${applicationId}`,
  purged: (applicationId: string) => `retention:ssn-purged:${applicationId}`,
};

// Mails write dates as every other mail does (decision 0076): "1 Mart 2027", "March 1, 2027".
const formatDay = formatCalendarDateLong;

/**
 * One day's retention sweep (decision 0048), by the server clock:
 * 1. a notice to each customer whose SSN is purged within a week;
 * 2. the SSN (ciphertext and last four) and the SS-4 files (generated, prepared, signed, and vault
 *    documents filed as SS-4) of applications issued RETENTION_SSN_DAYS ago or earlier; the EIN letter stays;
 * 3. the owner's SSN or ITIN of Form 5472 filings done RETENTION_SSN_DAYS ago or earlier (decision 0058);
 * 4. accounts never verified, with no formation and no order, ABANDONED_SIGNUP_DAYS after sign-up;
 * 5. letters past their retention per sender (decision 0089): to the shred queue, then deleted.
 * Every step works in small batches, each its own transaction, and reads only what is still to do, so
 * an interrupted sweep is finished by the next one and a repeated one does nothing twice.
 */
export async function runRetentionSweep(deps: RetentionDeps, batchSize = 100): Promise<RetentionResult> {
  const now = serverNow(deps.env);
  const days = deps.env.RETENTION_SSN_DAYS;
  const purgeBefore = new Date(now.getTime() - days * DAY_MS);
  const noticeBefore = new Date(now.getTime() - (days - SSN_NOTICE_DAYS) * DAY_MS);
  const noticesQueued = await queueNotices(deps, purgeBefore, noticeBefore, batchSize);
  let ssnPurged = 0;
  for (;;) {
    const done = await purgeSsnBatch(deps, purgeBefore, now, batchSize);
    ssnPurged += done;
    if (done < batchSize) break;
  }
  let filingTaxIdsPurged = 0;
  for (;;) {
    const done = await purgeFilingTaxIdBatch(deps, purgeBefore, now, batchSize);
    filingTaxIdsPurged += done;
    if (done < batchSize) break;
  }
  let signupsRemoved = 0;
  const signupBefore = new Date(now.getTime() - ABANDONED_SIGNUP_DAYS * DAY_MS);
  for (;;) {
    const done = await removeAbandonedBatch(deps, signupBefore, batchSize);
    signupsRemoved += done;
    if (done < batchSize) break;
  }
  const lettersExpired = await expireLetters(deps, calendarDateOfUtc(now), batchSize);
  return { noticesQueued, ssnPurged, filingTaxIdsPurged, signupsRemoved, lettersExpired };
}

/** The issued applications whose SSN is still kept, in the partial index's order. */
const ssnKept = and(eq(einApplications.einStatus, 'ein_issued'), isNull(einApplications.ssnPurgedAt));

interface NoticeRow {
  id: string;
  userId: string;
  issuedAt: Date;
  email: string;
  lang: 'tr' | 'en';
  name: string;
}

async function queueNotices(deps: RetentionDeps, purgeBefore: Date, noticeBefore: Date, batchSize: number) {
  const db = deps.database.db;
  let after: { at: Date; id: string } | null = null;
  let queued = 0;
  for (;;) {
    const batch: NoticeRow[] = await db
      .select({
        id: einApplications.id,
        userId: einApplications.userId,
        issuedAt: einApplications.stageReachedAt,
        email: users.email,
        lang: users.lang,
        name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
      })
      .from(einApplications)
      .innerJoin(users, eq(users.id, einApplications.userId))
      .leftJoin(userProfiles, eq(userProfiles.id, einApplications.userId))
      .where(
        and(
          ssnKept,
          sql`${einApplications.stageReachedAt} > ${purgeBefore.toISOString()}::timestamptz`,
          lte(einApplications.stageReachedAt, noticeBefore),
          or(
            sql`${einApplications.responsiblePartySsnEncrypted} is not null`,
            sql`${einApplications.responsiblePartySsnLast4} is not null`,
          ),
          after
            ? sql`(${einApplications.stageReachedAt}, ${einApplications.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(einApplications.stageReachedAt), asc(einApplications.id))
      .limit(batchSize);
    for (const row of batch) {
      await deps.mailer.enqueue({
        to: row.email,
        template: 'retention.ssnPurgeSoon',
        lang: row.lang,
        vars: {
          name: row.name,
          url: `${deps.env.publicUrl}/dashboard`,
          date: formatDay(ssnPurgeDay(row.issuedAt, deps.env.RETENTION_SSN_DAYS), row.lang),
        },
        dedupeKey: retentionDedupeKey.notice(row.id),
      });
      queued += 1;
    }
    if (batch.length < batchSize) break;
    const last = batch[batch.length - 1];
    after = { at: last.issuedAt, id: last.id };
  }
  return queued;
}

/** SS-4 keys of an application: the generated draft, the prepared form, the signed form. */
function ss4Keys(row: {
  generatedSs4Key: string | null;
  uploadedSs4Key: string | null;
  uploadedSignedSs4Key: string | null;
}) {
  return [row.generatedSs4Key, row.uploadedSs4Key, row.uploadedSignedSs4Key].filter((k): k is string => !!k);
}

async function purgeSsnBatch(deps: RetentionDeps, purgeBefore: Date, now: Date, batchSize: number): Promise<number> {
  const db = deps.database.db;
  const batch = await db
    .select({ id: einApplications.id })
    .from(einApplications)
    .where(and(ssnKept, lte(einApplications.stageReachedAt, purgeBefore)))
    .orderBy(asc(einApplications.stageReachedAt), asc(einApplications.id))
    .limit(batchSize);
  for (const { id } of batch) await purgeOne(deps, id, now);
  return batch.length;
}

/**
 * Purges one application's SSN and SS-4 files. The files go first: should the transaction then fail,
 * the row still says "kept" and the next sweep deletes again (a missing file is not an error), so a file
 * never outlives the row's "purged on".
 */
async function purgeOne(deps: RetentionDeps, id: string, now: Date): Promise<void> {
  const db = deps.database.db;
  const [row] = await db.select().from(einApplications).where(eq(einApplications.id, id));
  if (!row || row.ssnPurgedAt) return;
  const vaultSs4 = await db
    .select({ filePath: documents.filePath })
    .from(documents)
    .where(and(eq(documents.userId, row.userId), eq(documents.category, 'ss4')));
  const keys = [...new Set([...ss4Keys(row), ...vaultSs4.map((d) => d.filePath)])];
  for (const key of keys) await deps.storage.delete(key);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(einApplications).where(eq(einApplications.id, id)).for('update');
    if (!locked || locked.ssnPurgedAt) return;
    await tx
      .update(einApplications)
      .set({
        responsiblePartySsnEncrypted: null,
        responsiblePartySsnLast4: null,
        generatedSs4Key: null,
        uploadedSs4Key: null,
        uploadedSignedSs4Key: null,
        ssnPurgedAt: now,
        updatedAt: now,
      })
      .where(eq(einApplications.id, id));
    if (keys.length)
      await tx.delete(documents).where(and(eq(documents.userId, row.userId), inArray(documents.filePath, keys)));
    await recordAudit(tx, {
      actorId: null,
      actorRole: null,
      action: 'retention.ssn_purged',
      entityType: 'ein_application',
      entityId: id,
      subjectUserId: row.userId,
      before: { ssnStored: Boolean(locked.responsiblePartySsnEncrypted), files: keys.length },
      after: { ssnPurgedAt: now.toISOString(), retentionDays: deps.env.RETENTION_SSN_DAYS },
      network: null,
    });
    const [user] = await tx
      .select({
        email: users.email,
        lang: users.lang,
        name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
      })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.id, users.id))
      .where(eq(users.id, row.userId));
    if (user) {
      await deps.mailer.enqueue(
        {
          to: user.email,
          template: 'retention.ssnPurged',
          lang: user.lang,
          vars: {
            name: user.name,
            url: `${deps.env.publicUrl}/dashboard`,
            date: formatDay(calendarDateOfUtc(now), user.lang),
          },
          dedupeKey: retentionDedupeKey.purged(id),
        },
        tx,
      );
    }
  });
  deps.mailer.kick();
}

/**
 * One batch of abandoned sign-ups: customers never verified, created before `before`, with no formation
 * and no order (an order is kept for the accountant even without a company). Their stored files go
 * first, then the user row, whose deletion cascades to every row of theirs.
 */
async function removeAbandonedBatch(deps: RetentionDeps, before: Date, batchSize: number): Promise<number> {
  const db = deps.database.db;
  const batch = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.emailVerified, false),
        lt(users.createdAt, before),
        eq(users.role, 'customer'),
        sql`not exists (select 1 from ${companyFormations} where ${companyFormations.userId} = ${users.id})`,
        sql`not exists (select 1 from ${orders} where ${orders.userId} = ${users.id})`,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(batchSize);
  if (batch.length === 0) return 0;
  const ids = batch.map((u) => u.id);
  const files = [
    ...(await db.select({ key: documents.filePath }).from(documents).where(inArray(documents.userId, ids))),
    ...(await db
      .select({ key: supportAttachments.filePath })
      .from(supportAttachments)
      .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
      .where(inArray(supportMessages.userId, ids))),
  ];
  for (const { key } of files) await deps.storage.delete(key);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(users)
      .where(
        and(
          inArray(users.id, ids),
          eq(users.emailVerified, false),
          sql`not exists (select 1 from ${companyFormations} where ${companyFormations.userId} = ${users.id})`,
          sql`not exists (select 1 from ${orders} where ${orders.userId} = ${users.id})`,
        ),
      )
      .returning({ id: users.id, createdAt: users.createdAt });
    for (const user of removed) {
      // No personal field: the id alone says which account went, for an operator who is asked.
      await recordAudit(tx, {
        actorId: null,
        actorRole: null,
        action: 'retention.signup_removed',
        entityType: 'user',
        entityId: user.id,
        subjectUserId: null,
        after: { signedUpAt: user.createdAt.toISOString(), afterDays: ABANDONED_SIGNUP_DAYS },
        network: null,
      });
    }
    return removed.length;
  });
}

/** Today's sweep, once for all copies (ops_runs, the reminder run's claim pattern). */
export function runDailyRetention(deps: RetentionDeps, today: string) {
  return runDailyJob(deps.database.db, 'retention', today, () => runRetentionSweep(deps));
}

export function startRetention(deps: RetentionDeps): () => Promise<void> {
  return startDailyJob(deps, 'retention', () => runRetentionSweep(deps));
}
