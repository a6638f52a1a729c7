import { createHash, randomBytes } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { isCustomer } from '../../../shared/domain/roles';
import type {
  ErasureList,
  ErasureRequest,
  erasureListQuerySchema,
  MyErasure,
} from '../../../shared/features/privacy/privacy.contracts';
import { ERASURE_ANSWER_DAYS, ERASURE_LINK_HOURS, erasedEmail } from '../../../shared/features/privacy/privacy.domain';
import { addDays } from '../../../shared/format/calendar-days';
import { toLanguage } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { countedPage } from '../../db/paged-list';
import {
  accounts,
  auditEvents,
  bankAccountFeedback,
  bankAddresses,
  bankApplications,
  businessAddressFeedback,
  calendarFeeds,
  companyFormations,
  complianceMarks,
  documents,
  einApplications,
  einFollowUps,
  emailChanges,
  filings,
  formationFeedback,
  formationServiceRequests,
  forwardingAddresses,
  letters,
  localCheckoutSessions,
  mailOutbox,
  mailStandingRules,
  orders,
  privacyConsents,
  privacyErasureRequests,
  rateLimitCounters,
  recoveryCodes,
  renewalTasks,
  sessions,
  stageHistory,
  subscriptionEvents,
  subscriptions,
  supportThreads,
  twoFactorLimits,
  twoFactors,
  userProfiles,
  users,
  verifications,
} from '../../db/schema';
import { type DbOrTx, oneAtATime } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverNow, serverToday } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { paperHeldFor } from '../mail';
import { storedFilesOf } from './privacy-export.service';

/*
 * Erasure (decision 0047): the customer asks on /account and confirms by a mailed link; staff approve
 * or decline it in /admin/privacy within the legal 30 days. Approval erases in one transaction; the
 * stored files are removed after it, retried until every one is gone.
 */

type Deps = Pick<AppDeps, 'database' | 'mailer' | 'env' | 'storage' | 'logger'>;
type Row = typeof privacyErasureRequests.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The final mail's dedupe key: its outbox row is found (and removed) by it once the mail went out. */
const finalMailKey = (requestId: string) => `privacy-erased:${requestId}`;

function toRequest(row: Row): ErasureRequest {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    dueOn: row.dueOn,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    answer: row.answer,
  };
}

/** The customer's newest request (an unconfirmed one whose link ran out counts as none). */
export async function myErasure(deps: Pick<Deps, 'database' | 'env'>, userId: string): Promise<MyErasure> {
  const [row] = await deps.database.db
    .select()
    .from(privacyErasureRequests)
    .where(eq(privacyErasureRequests.userId, userId))
    .orderBy(desc(privacyErasureRequests.requestedAt))
    .limit(1);
  if (!row) return { request: null };
  if (row.status === 'unconfirmed' && (row.linkExpiresAt?.getTime() ?? 0) <= serverNow(deps.env).getTime())
    return { request: null };
  return { request: toRequest(row) };
}

/**
 * A customer asks to delete their account: a link is mailed, nothing else happens until it is
 * opened. Asking again while unconfirmed sends a new link (the old one stops working); while staff
 * hold a confirmed request it is refused with CONFLICT.
 */
export async function requestErasure(deps: Deps, user: SessionUser): Promise<MyErasure> {
  if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
  const { db } = deps.database;
  const token = randomBytes(32).toString('base64url');
  const now = serverNow(deps.env);
  const linkExpiresAt = new Date(now.getTime() + ERASURE_LINK_HOURS * 3600 * 1000);
  const row = await db.transaction(async (tx) => {
    // Two requests at once (a double tap) would otherwise both find no open request and both insert one:
    // the second broke the one-open-request index and answered 500 (the fuzz walk on PostgreSQL).
    await oneAtATime(tx, `privacy-erasure:${user.id}`);
    const [open] = await tx
      .select()
      .from(privacyErasureRequests)
      .where(
        and(
          eq(privacyErasureRequests.userId, user.id),
          inArray(privacyErasureRequests.status, ['unconfirmed', 'pending']),
        ),
      )
      .for('update');
    if (open?.status === 'pending') throw new ApiError('CONFLICT');
    const values = { tokenHash: hashToken(token), linkExpiresAt, requestedAt: now };
    const [saved] = open
      ? await tx.update(privacyErasureRequests).set(values).where(eq(privacyErasureRequests.id, open.id)).returning()
      : await tx
          .insert(privacyErasureRequests)
          .values({ ...values, userId: user.id })
          .returning();
    if (!saved) throw new Error('erasure request not saved');
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'privacy.erasure_requested',
      entityType: 'privacy_erasure_request',
      entityId: saved.id,
      subjectUserId: user.id,
    });
    await deps.mailer.enqueue(
      {
        to: user.email,
        template: 'privacy.erasureConfirm',
        lang: user.lang,
        vars: { name: user.name, url: `${deps.env.publicUrl}/account/confirm-deletion?token=${token}` },
      },
      tx,
    );
    return saved;
  });
  deps.mailer.kick();
  return { request: toRequest(row) };
}

/** The link from the mail: the request goes to the staff queue with its legal answer date. */
export async function confirmErasure(deps: Deps, token: string): Promise<MyErasure> {
  const now = serverNow(deps.env);
  const due = addDays(serverToday(deps.env), ERASURE_ANSWER_DAYS);
  const row = await deps.database.db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(privacyErasureRequests)
      .where(
        and(eq(privacyErasureRequests.tokenHash, hashToken(token)), eq(privacyErasureRequests.status, 'unconfirmed')),
      )
      .for('update');
    if (!open || (open.linkExpiresAt?.getTime() ?? 0) <= now.getTime()) throw new ApiError('INVALID_TOKEN');
    const [saved] = await tx
      .update(privacyErasureRequests)
      .set({ status: 'pending', tokenHash: null, confirmedAt: now, dueOn: due })
      .where(eq(privacyErasureRequests.id, open.id))
      .returning();
    if (!saved) throw new Error('erasure request not saved');
    await recordAudit(tx, {
      actorId: open.userId,
      actorRole: 'customer',
      action: 'privacy.erasure_confirmed',
      entityType: 'privacy_erasure_request',
      entityId: open.id,
      subjectUserId: open.userId,
      after: { dueOn: saved.dueOn },
    });
    return saved;
  });
  return { request: toRequest(row) };
}

/** The staff queue: by status, the nearest answer date first (an index range on status, due_on, id). */
export async function listErasures(db: Db, query: z.output<typeof erasureListQuerySchema>): Promise<ErasureList> {
  const { page, pageSize, status } = query;
  const where = eq(privacyErasureRequests.status, status);
  const paidOrders = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${privacyErasureRequests.userId} and ${orders.status} = 'paid')`;
  const rows = await db
    .select({
      request: privacyErasureRequests,
      name: users.name,
      email: users.email,
      paidOrders,
    })
    .from(privacyErasureRequests)
    .innerJoin(users, eq(users.id, privacyErasureRequests.userId))
    .where(where)
    .orderBy(
      status === 'pending' ? asc(privacyErasureRequests.dueOn) : desc(privacyErasureRequests.dueOn),
      asc(privacyErasureRequests.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(privacyErasureRequests).where(where);
  return countedPage(
    query,
    rows.map((r) => ({
      ...toRequest(r.request),
      userId: r.request.userId,
      customer: r.request.status === 'erased' ? null : { name: r.name, email: r.email },
      paidOrders: Number(r.paidOrders),
      filesPending: r.request.filesPending.length,
    })),
    total?.n ?? 0,
  );
}

async function lockPending(tx: DbOrTx, id: string): Promise<Row> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError('NOT_FOUND');
  const [row] = await tx.select().from(privacyErasureRequests).where(eq(privacyErasureRequests.id, id)).for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  if (row.status !== 'pending') throw new ApiError('INVALID_TRANSITION');
  return row;
}

/** Staff decline, with the answer the customer is mailed (e.g. what must be kept and why). */
export async function declineErasure(
  deps: Deps,
  staff: SessionUser,
  id: string,
  answer: string,
): Promise<ErasureRequest> {
  const row = await deps.database.db.transaction(async (tx) => {
    const open = await lockPending(tx, id);
    const [saved] = await tx
      .update(privacyErasureRequests)
      .set({ status: 'declined', decidedBy: staff.id, decidedAt: serverNow(deps.env), answer })
      .where(eq(privacyErasureRequests.id, open.id))
      .returning();
    if (!saved) throw new Error('erasure request not saved');
    const [user] = await tx.select().from(users).where(eq(users.id, open.userId));
    await recordAudit(tx, {
      actorId: staff.id,
      actorRole: staff.role,
      action: 'privacy.erasure_declined',
      entityType: 'privacy_erasure_request',
      entityId: open.id,
      subjectUserId: open.userId,
    });
    if (user) {
      await deps.mailer.enqueue(
        {
          to: user.email,
          template: 'privacy.erasureDeclined',
          lang: toLanguage(user.lang) ?? 'tr',
          vars: { name: user.name, url: `${deps.env.publicUrl}/account`, excerpt: answer },
        },
        tx,
      );
    }
    return saved;
  });
  deps.mailer.kick();
  return toRequest(row);
}

/**
 * Approval: in one transaction every personal record of the customer is deleted, and what must stay
 * (the user row with its id, orders, audit rows) loses every personal field. The final mail is queued
 * in it; the stored files are removed after the commit (removeErasedFiles).
 */
export async function approveErasure(
  deps: Deps,
  staff: SessionUser,
  id: string,
  answer: string | undefined,
): Promise<ErasureRequest> {
  const { db } = deps.database;
  const row = await db.transaction(async (tx) => {
    const open = await lockPending(tx, id);
    const userId = open.userId;
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new ApiError('NOT_FOUND');
    const files = (await storedFilesOf(tx as unknown as Db, userId)).map((f) => f.key);
    // Paper still at the US address is shredded with the rest (decision 0089); the proof says which.
    const paperShredded = await paperHeldFor(tx, userId);
    await eraseUserRows(tx, userId, user.email);
    const [saved] = await tx
      .update(privacyErasureRequests)
      .set({
        status: 'erased',
        decidedBy: staff.id,
        decidedAt: serverNow(deps.env),
        answer: answer?.trim() || null,
        filesPending: files,
      })
      .where(eq(privacyErasureRequests.id, open.id))
      .returning();
    if (!saved) throw new Error('erasure request not saved');
    await recordAudit(tx, {
      actorId: staff.id,
      actorRole: staff.role,
      action: 'privacy.erasure_approved',
      entityType: 'privacy_erasure_request',
      entityId: open.id,
      subjectUserId: userId,
      after: { files: files.length, paperShredded: paperShredded.length, letters: paperShredded },
    });
    await deps.mailer.enqueue(
      {
        to: user.email,
        template: 'privacy.erasureDone',
        lang: toLanguage(user.lang) ?? 'tr',
        vars: { name: user.name, url: deps.env.publicUrl, ...(saved.answer ? { excerpt: saved.answer } : {}) },
        dedupeKey: finalMailKey(open.id),
      },
      tx,
    );
    return saved;
  });
  deps.mailer.kick();
  // The files now; the final mail's row stays until the next round, so the mail is sent (or readable
  // at /dev/mail without SMTP) before its row goes.
  await removeErasedFiles(deps, { finalMail: 'keep' }).catch((err) =>
    deps.logger.error({ err }, 'erased files: removal failed, retried later'),
  );
  return toRequest(row);
}

/** Every personal row of the user, deleted or stripped (the proof test dumps the tables after it). */
async function eraseUserRows(tx: DbOrTx, userId: string, email: string): Promise<void> {
  // Sign-in and devices: sessions (network, last seen), the password, the second factor.
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.delete(twoFactorLimits).where(eq(twoFactorLimits.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await tx
    .delete(verifications)
    .where(
      or(
        eq(verifications.identifier, email),
        eq(verifications.value, userId),
        like(verifications.value, `%${userId}%`),
      ),
    );
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  // The rate limits' keys name the address.
  await tx.delete(rateLimitCounters).where(like(rateLimitCounters.key, `%${escapeLike(email)}%`));
  // Records: formation (its compliance schedule with the search text goes with it), turnkey request,
  // EIN application (SSN), documents, support threads (messages and attachments go with them).
  await tx.delete(companyFormations).where(eq(companyFormations.userId, userId));
  await tx.delete(formationServiceRequests).where(eq(formationServiceRequests.userId, userId));
  // Follow-up notes, the yearly filings' answers (the owner's address, tax numbers, amounts) and the
  // subscriptions with their cancel reasons and staff tasks are the customer's too. Orders that paid
  // for them stay, stripped, as accounting requires.
  await tx.delete(einFollowUps).where(eq(einFollowUps.userId, userId));
  await tx.delete(filings).where(eq(filings.userId, userId));
  await tx.delete(renewalTasks).where(eq(renewalTasks.userId, userId));
  await tx.delete(subscriptionEvents).where(eq(subscriptionEvents.userId, userId));
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  // The company's addresses (the owner's home) and the bank applications with the banks' reasons.
  await tx.delete(bankAddresses).where(eq(bankAddresses.userId, userId));
  await tx.delete(bankApplications).where(eq(bankApplications.userId, userId));
  await tx.delete(einApplications).where(eq(einApplications.userId, userId));
  // The mailroom's letters before the documents their scans are (decision 0086).
  await tx.delete(letters).where(eq(letters.userId, userId));
  // The forwarding address and the standing rules (decision 0089).
  await tx.delete(forwardingAddresses).where(eq(forwardingAddresses.userId, userId));
  await tx.delete(mailStandingRules).where(eq(mailStandingRules.userId, userId));
  await tx.delete(documents).where(eq(documents.userId, userId));
  await tx.delete(supportThreads).where(eq(supportThreads.userId, userId));
  await tx.delete(complianceMarks).where(eq(complianceMarks.userId, userId));
  await tx.delete(stageHistory).where(eq(stageHistory.userId, userId));
  await tx.delete(formationFeedback).where(eq(formationFeedback.userId, userId));
  await tx.delete(bankAccountFeedback).where(eq(bankAccountFeedback.userId, userId));
  await tx.delete(businessAddressFeedback).where(eq(businessAddressFeedback.userId, userId));
  await tx.delete(privacyConsents).where(eq(privacyConsents.userId, userId));
  await tx.delete(userProfiles).where(eq(userProfiles.id, userId));
  // Mail to the person (bodies hold the name and the address).
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
  // What stays keeps its id and loses every personal field.
  const orderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  await tx
    .update(localCheckoutSessions)
    .set({ customerEmail: null })
    .where(inArray(localCheckoutSessions.orderId, orderIds));
  await tx
    .update(auditEvents)
    .set({ before: null, after: null, network: null })
    .where(
      or(eq(auditEvents.subjectUserId, userId), eq(auditEvents.actorId, userId), eq(auditEvents.entityId, userId)),
    );
  await tx
    .update(privacyErasureRequests)
    .set({ tokenHash: null })
    .where(and(eq(privacyErasureRequests.userId, userId), isNull(privacyErasureRequests.decidedAt)));
  await tx
    .update(users)
    .set({ name: '', email: erasedEmail(userId), emailVerified: false, image: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Removes the stored files of erased accounts, retried until done (on approval, then by the hourly
 * timer of every server copy: a delete of a missing key is no error, so copies may overlap). Once
 * the files are gone and the final mail left the outbox, its row (which holds the address) goes too.
 * Returns how many requests are still unfinished.
 */
export async function removeErasedFiles(
  deps: Pick<Deps, 'database' | 'storage' | 'logger'>,
  options: { finalMail?: 'keep' | 'removeOnceSent' } = {},
): Promise<number> {
  const { db } = deps.database;
  const open = await db
    .select()
    .from(privacyErasureRequests)
    .where(and(eq(privacyErasureRequests.status, 'erased'), isNull(privacyErasureRequests.filesDoneAt)))
    .limit(100);
  let unfinished = 0;
  for (const request of open) {
    const left: string[] = [];
    for (const key of request.filesPending) {
      try {
        await deps.storage.delete(key);
      } catch (err) {
        deps.logger.warn({ err, requestId: request.id }, 'erased file not removed yet');
        left.push(key);
      }
    }
    const [mail] = await db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, finalMailKey(request.id)));
    const mailDone =
      options.finalMail !== 'keep' &&
      (!mail || mail.status === 'sent' || mail.status === 'stored' || mail.status === 'failed');
    await db.transaction(async (tx) => {
      if (mailDone && mail) await tx.delete(mailOutbox).where(eq(mailOutbox.dedupeKey, finalMailKey(request.id)));
      await tx
        .update(privacyErasureRequests)
        .set({ filesPending: left, filesDoneAt: left.length === 0 && mailDone ? new Date() : null })
        .where(eq(privacyErasureRequests.id, request.id));
    });
    if (left.length > 0 || !mailDone) unfinished++;
  }
  return unfinished;
}

/** Runs removeErasedFiles now and every `intervalMs` (an hour) until stopped. */
export function startErasureFileRemoval(deps: Deps, intervalMs = 60 * 60 * 1000): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = removeErasedFiles(deps)
      .catch((err) => deps.logger.error({ err }, 'erased files: removal failed'))
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
