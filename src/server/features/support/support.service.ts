import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import {
  customerReplyReopens,
  messageExcerpt,
  SUPPORT_FINISHED_STATUSES,
  SUPPORT_REPLY_MAIL_WINDOW_MINUTES,
  SUPPORT_STATUSES,
  type SupportStatus,
  statusAfterCustomerReply,
  waitingSince,
} from '../../../shared/domain/support';
import { translate } from '../../../shared/i18n';
import { toLanguage } from '../../../shared/i18n/languages';
import type { AdminSupportListQuery } from '../../../shared/schemas/support';
import { auditEvents, supportAttachments, supportMessages, supportThreads, users } from '../../db/schema';
import { foldedContains } from '../../db/search';
import type { DbOrTx, Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import type { MailTemplate } from '../../platform/mail/templates';
import { putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';

export type SupportThreadRow = typeof supportThreads.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportAttachmentRow = typeof supportAttachments.$inferSelect;
export type SupportMessageWithAttachments = SupportMessageRow & { attachments: SupportAttachmentRow[] };

export interface SupportActor {
  id: string;
  role: 'customer' | 'admin';
}

const ENTITY = 'support_thread';

// ---------------------------------------------------------------------------------------------------
// Reads

/** The thread when `ownerId` owns it; another customer's thread is "not found", never "forbidden". */
export async function findOwnThread(db: DbOrTx, ownerId: string, id: string): Promise<SupportThreadRow | null> {
  // A malformed id would be a database error (invalid uuid) rather than "not found".
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(supportThreads)
    .where(and(eq(supportThreads.id, id), eq(supportThreads.userId, ownerId)))
    .limit(1);
  return row ?? null;
}

export async function findThread(db: DbOrTx, id: string): Promise<SupportThreadRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id)).limit(1);
  return row ?? null;
}

// The outer thread is spelled out as support_threads.id: drizzle may leave a column unqualified in a
// single-table select, where "id" would then mean the subquery's own message id.

/**
 * Staff replies newer than the customer's last opening of the thread and their own newest message:
 * unreadStaffReplies (shared/domain/support.ts) in SQL, so lists and totals need no messages loaded.
 */
const unreadSql = sql<number>`(
  select count(*)::int from support_messages m
  where m.thread_id = support_threads.id and m.is_admin_reply
    and m.created_at > greatest(
      coalesce(support_threads.customer_read_at, '-infinity'::timestamptz),
      coalesce(
        (select max(c.created_at) from support_messages c where c.thread_id = support_threads.id and not c.is_admin_reply),
        '-infinity'::timestamptz)))`;

/** The customer opened the thread: every staff reply in it so far is read. */
export async function markReadByCustomer(db: DbOrTx, threadId: string): Promise<void> {
  await db.update(supportThreads).set({ customerReadAt: sql`now()` }).where(eq(supportThreads.id, threadId));
}

/** Whether the newest message is a staff reply; null when the thread has no message. */
const lastIsAdminSql = sql<boolean | null>`(
  select m.is_admin_reply from support_messages m where m.thread_id = support_threads.id
  order by m.created_at desc, m.id desc limit 1)`;

/** The customer's threads, newest last message first, each with its unread staff replies. */
export async function listOwnThreads(db: DbOrTx, ownerId: string) {
  return db
    .select({ thread: supportThreads, unread: unreadSql })
    .from(supportThreads)
    .where(eq(supportThreads.userId, ownerId))
    .orderBy(desc(supportThreads.lastMessageAt), desc(supportThreads.id));
}

export async function countUnread(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadSql}), 0)::int` })
    .from(supportThreads)
    .where(eq(supportThreads.userId, ownerId));
  return Number(row?.n ?? 0);
}

/** A thread's messages, oldest first, each with its attachments. */
export async function loadMessages(db: DbOrTx, threadId: string): Promise<SupportMessageWithAttachments[]> {
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.threadId, threadId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  if (!messages.length) return [];
  const attachments = await db
    .select()
    .from(supportAttachments)
    .where(
      inArray(
        supportAttachments.messageId,
        messages.map((m) => m.id),
      ),
    )
    .orderBy(asc(supportAttachments.createdAt));
  return messages.map((m) => ({ ...m, attachments: attachments.filter((a) => a.messageId === m.id) }));
}

export interface AdminThreadRow {
  thread: SupportThreadRow;
  userEmail: string;
  userName: string;
  lastIsAdmin: boolean | null;
}

function adminRowQuery(db: DbOrTx) {
  return db
    .select({ thread: supportThreads, userEmail: users.email, userName: users.name, lastIsAdmin: lastIsAdminSql })
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId));
}

/** The admin list's "waiting for us since" through the one rule of shared/domain/support.ts. */
export function adminWaitingSince(row: AdminThreadRow): Date | null {
  const last = row.lastIsAdmin === null ? [] : [{ isAdminReply: row.lastIsAdmin, createdAt: row.thread.lastMessageAt }];
  return waitingSince(row.thread, last);
}

export async function findAdminThread(db: DbOrTx, id: string): Promise<AdminThreadRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await adminRowQuery(db).where(eq(supportThreads.id, id)).limit(1);
  return row ?? null;
}

/** The admin's search: part of the subject or of the user's email, Turkish letters folded (ARCHITECTURE). */
export function supportSearchCondition(q: string): SQL {
  return foldedContains([supportThreads.subject, users.email], q);
}

export async function listThreadsForAdmin(
  db: DbOrTx,
  query: AdminSupportListQuery,
): Promise<{ rows: AdminThreadRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(supportThreads.status, query.status));
  if (query.q) conditions.push(supportSearchCondition(query.q));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.sort === 'oldest' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    adminRowQuery(db)
      .where(where)
      // The id breaks ties so pages neither repeat nor skip threads with the same last message time.
      .orderBy(order(supportThreads.lastMessageAt), order(supportThreads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(supportThreads)
      .innerJoin(users, eq(users.id, supportThreads.userId))
      .where(where),
  ]);
  return { rows, total };
}

/** Threads waiting for us (waitingSince not null), counted in SQL for the top bar. */
export async function countWaiting(db: DbOrTx): Promise<number> {
  const active = SUPPORT_STATUSES.filter((s) => !SUPPORT_FINISHED_STATUSES.includes(s));
  const [row] = await db
    .select({ n: count() })
    .from(supportThreads)
    .where(and(inArray(supportThreads.status, active), sql`coalesce(${lastIsAdminSql}, false) = false`));
  return row?.n ?? 0;
}

/**
 * Who may download a support attachment (GET /api/files/support/...): the thread's owner or an admin.
 * Null for anyone else and for keys no attachment has, so the route answers both with 404.
 */
export async function findAttachmentForDownload(
  db: DbOrTx,
  key: string,
  user: { id: string },
): Promise<{ fileName: string; contentType: string; mine: boolean } | null> {
  const [row] = await db
    .select({
      fileName: supportAttachments.fileName,
      contentType: supportAttachments.contentType,
      ownerId: supportThreads.userId,
    })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
    .where(eq(supportAttachments.filePath, key))
    .limit(1);
  if (!row) return null;
  return { fileName: row.fileName, contentType: row.contentType, mine: row.ownerId === user.id };
}

// ---------------------------------------------------------------------------------------------------
// Writes

/** Removes a stored file after a failed change; a failure here must not hide the original error. */
async function discardFile(deps: AppDeps, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await deps.storage.delete(key);
  } catch (err) {
    deps.logger.error({ err, key }, 'could not delete a stored file after a failed change');
  }
}

/**
 * Storage is not part of a database transaction: the file is stored first, then `write` runs in one
 * transaction, and a failure of the transaction removes the file again.
 */
async function withStoredFile<T>(
  deps: AppDeps,
  ownerId: string,
  file: UploadedFile | undefined,
  write: (tx: Tx, key: string | null) => Promise<T>,
): Promise<T> {
  const key = file
    ? await putNewFile(deps.storage, {
        folder: 'support',
        userId: ownerId,
        kind: file.kind,
        data: file.data,
        contentType: file.contentType,
      })
    : null;
  try {
    return await deps.database.db.transaction((tx) => write(tx, key));
  } catch (err) {
    await discardFile(deps, key);
    throw err;
  }
}

/**
 * One message with its attachment, and the thread's last_message_at moved to it. The thread row must
 * be locked by the caller: clock_timestamp() under that lock orders a thread's messages the way they
 * committed, which now() (the transaction's start) would not.
 */
async function insertMessage(
  tx: Tx,
  thread: SupportThreadRow,
  author: SupportActor,
  text: string,
  key: string | null,
  file: UploadedFile | undefined,
  status: SupportStatus = thread.status,
): Promise<{ message: SupportMessageRow; thread: SupportThreadRow }> {
  const [message] = await tx
    .insert(supportMessages)
    .values({
      threadId: thread.id,
      userId: author.id,
      message: text,
      isAdminReply: author.role === 'admin',
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  if (key && file) {
    await tx.insert(supportAttachments).values({
      messageId: message.id,
      fileName: file.fileName,
      filePath: key,
      fileSize: file.size,
      contentType: file.contentType,
    });
  }
  const [updated] = await tx
    .update(supportThreads)
    .set({ lastMessageAt: message.createdAt, status })
    .where(eq(supportThreads.id, thread.id))
    .returning();
  return { message, thread: updated };
}

async function lockThread(tx: Tx, id: string, ownerId?: string): Promise<SupportThreadRow> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  const where = ownerId
    ? and(eq(supportThreads.id, id), eq(supportThreads.userId, ownerId))
    : eq(supportThreads.id, id);
  const [row] = await tx.select().from(supportThreads).where(where).limit(1).for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

function threadUrl(deps: AppDeps, threadId: string, admin: boolean): string {
  return `${deps.env.publicUrl}${admin ? '/admin/support' : '/support'}?thread=${threadId}`;
}

/** SUPPORT_NOTIFY_EMAIL's notice of a new thread or a reopening; nothing when the setting is unset. */
async function mailStaff(
  deps: AppDeps,
  tx: Tx,
  template: Extract<MailTemplate, 'supportNewThread' | 'supportReopened'>,
  thread: SupportThreadRow,
  text: string | undefined,
): Promise<void> {
  const to = deps.env.SUPPORT_NOTIFY_EMAIL;
  if (!to) return;
  // The staff address has no account and so no language: the portal's default, Turkish.
  const lang = 'tr';
  await deps.mailer.enqueue(
    {
      to,
      template,
      lang,
      vars: {
        name: translate(lang, 'mail.staffName'),
        url: threadUrl(deps, thread.id, true),
        subject: thread.subject,
        excerpt: text ? messageExcerpt(text) : undefined,
      },
    },
    tx,
  );
}

/**
 * Mails the customer about a staff reply, unless one was queued for this thread in the last
 * SUPPORT_REPLY_MAIL_WINDOW_MINUTES. The marker is the audit row of that earlier reply
 * (`after.customerMailed`): the outbox row cannot serve, since a sent mail's body (where the thread's
 * link is) is blanked. The caller holds the thread's lock, so two replies at once cannot both mail.
 * Returns whether a mail was queued.
 */
async function mailCustomerOfReply(deps: AppDeps, tx: Tx, thread: SupportThreadRow, text: string): Promise<boolean> {
  const [recent] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, ENTITY),
        eq(auditEvents.entityId, thread.id),
        sql`${auditEvents.after} ->> 'customerMailed' = 'true'`,
        sql`${auditEvents.createdAt} > now() - interval '${sql.raw(String(SUPPORT_REPLY_MAIL_WINDOW_MINUTES))} minutes'`,
      ),
    )
    .limit(1);
  if (recent) return false;
  const [user] = await tx
    .select({ email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, thread.userId))
    .limit(1);
  if (!user) return false;
  await deps.mailer.enqueue(
    {
      to: user.email,
      template: 'supportReply',
      lang: toLanguage(user.lang) ?? 'tr',
      vars: {
        name: user.name,
        url: threadUrl(deps, thread.id, false),
        subject: thread.subject,
        excerpt: messageExcerpt(text),
      },
    },
    tx,
  );
  return true;
}

/** The customer's new thread (subject, optional first message and attachment); staff are told. */
export async function createCustomerThread(
  deps: AppDeps,
  user: { id: string },
  input: { subject: string; message?: string },
  file: UploadedFile | undefined,
): Promise<SupportThreadRow> {
  if (file && !input.message) throw new Error('createCustomerThread: an attachment needs a message');
  const result = await withStoredFile(deps, user.id, file, async (tx, key) => {
    const [created] = await tx
      .insert(supportThreads)
      .values({ userId: user.id, subject: input.subject, status: 'open' })
      .returning();
    let thread = created;
    if (input.message) {
      thread = (await insertMessage(tx, created, { id: user.id, role: 'customer' }, input.message, key, file)).thread;
    }
    await mailStaff(deps, tx, 'supportNewThread', thread, input.message);
    return thread;
  });
  deps.mailer.kick();
  return result;
}

/** The customer's reply to their own thread; a resolved or closed thread opens again (SPEC §4). */
export async function customerReply(
  deps: AppDeps,
  user: { id: string },
  threadId: string,
  text: string,
  file: UploadedFile | undefined,
): Promise<{ message: SupportMessageRow; thread: SupportThreadRow }> {
  const result = await withStoredFile(deps, user.id, file, async (tx, key) => {
    const thread = await lockThread(tx, threadId, user.id);
    const status = statusAfterCustomerReply(thread.status);
    const written = await insertMessage(tx, thread, { id: user.id, role: 'customer' }, text, key, file, status);
    if (customerReplyReopens(thread.status)) {
      await recordAudit(tx, {
        actorId: user.id,
        actorRole: 'customer',
        action: 'support.reopened',
        entityType: ENTITY,
        entityId: thread.id,
        subjectUserId: thread.userId,
        before: { status: thread.status },
        after: { status, messageId: written.message.id },
      });
      await mailStaff(deps, tx, 'supportReopened', written.thread, text);
    }
    return written;
  });
  deps.mailer.kick();
  return result;
}

/** A staff reply: stored with its attachment, audited, and mailed to the customer (at most every 10 minutes). */
export async function adminReply(
  deps: AppDeps,
  admin: SupportActor,
  threadId: string,
  text: string,
  file: UploadedFile | undefined,
): Promise<{ message: SupportMessageRow; thread: SupportThreadRow }> {
  if (!isUuid(threadId)) throw new ApiError('NOT_FOUND');
  // The key is named after the thread's owner, whose file it becomes, whoever uploads it.
  const owner = await findThread(deps.database.db, threadId);
  if (!owner) throw new ApiError('NOT_FOUND');
  const result = await withStoredFile(deps, owner.userId, file, async (tx, key) => {
    const thread = await lockThread(tx, threadId);
    const written = await insertMessage(tx, thread, admin, text, key, file);
    const customerMailed = await mailCustomerOfReply(deps, tx, thread, text);
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'support.admin_replied',
      entityType: ENTITY,
      entityId: thread.id,
      subjectUserId: thread.userId,
      before: { status: thread.status, lastMessageAt: thread.lastMessageAt },
      after: { messageId: written.message.id, attachment: key, customerMailed },
    });
    return written;
  });
  deps.mailer.kick();
  return result;
}

/** An admin's thread for a user; its first message is an admin reply, so the customer is mailed. */
export async function adminCreateThread(
  deps: AppDeps,
  admin: SupportActor,
  input: { userId: string; subject: string; message: string },
  file: UploadedFile | undefined,
): Promise<SupportThreadRow> {
  const [target] = await deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!target) throw new ApiError('NOT_FOUND');
  const result = await withStoredFile(deps, target.id, file, async (tx, key) => {
    const [created] = await tx
      .insert(supportThreads)
      .values({ userId: target.id, subject: input.subject, status: 'open' })
      .returning();
    const written = await insertMessage(tx, created, admin, input.message, key, file);
    const customerMailed = await mailCustomerOfReply(deps, tx, created, input.message);
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'support.thread_created',
      entityType: ENTITY,
      entityId: created.id,
      subjectUserId: target.id,
      after: {
        subject: created.subject,
        status: created.status,
        messageId: written.message.id,
        attachment: key,
        customerMailed,
      },
    });
    return written.thread;
  });
  deps.mailer.kick();
  return result;
}

/** SPEC §4: an admin sets any of the four statuses in any order. Setting the current one changes nothing. */
export async function setThreadStatus(
  deps: AppDeps,
  admin: SupportActor,
  threadId: string,
  status: SupportStatus,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (thread.status === status) return;
    await tx.update(supportThreads).set({ status }).where(eq(supportThreads.id, thread.id));
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'support.status_changed',
      entityType: ENTITY,
      entityId: thread.id,
      subjectUserId: thread.userId,
      before: { status: thread.status },
      after: { status },
    });
  });
}
