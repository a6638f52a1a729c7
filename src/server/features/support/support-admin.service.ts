import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListPage } from '../../../shared/contracts/common';
import { isUuid } from '../../../shared/domain/ids';
import type { ActingPerson } from '../../../shared/domain/roles';
import { CARE_WAIT_HOURS } from '../../../shared/features/overview/overview.domain';
import {
  SUPPORT_FINISHED_STATUSES,
  SUPPORT_STATUSES,
  type SupportStatus,
  waitingSince,
} from '../../../shared/features/support/support.domain';
import type { AdminSupportListQuery } from '../../../shared/features/support/support.schemas';
import { countedPage } from '../../db/paged-list';
import { supportThreads, users } from '../../db/schema';
import { foldedContains } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/uploads/multipart';
import {
  ENTITY,
  findThread,
  insertMessage,
  lockThread,
  type SupportMessageRow,
  type SupportThreadRow,
} from './support.service';
import { withStoredFile } from './support-attachments.service';
import { mailCustomerOfReply } from './support-mail.service';

// As in support-customer.service.ts: the outer thread is spelled out as support_threads.id.

/** Whether the newest message is a staff reply; null when the thread has no message. */
const lastIsAdminSql = sql<boolean | null>`(
  select m.is_admin_reply from support_messages m where m.thread_id = support_threads.id
  order by m.created_at desc, m.id desc limit 1)`;

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

/** The admin list's "waiting for us since" through the one rule of shared/features/support/support.domain.ts. */
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

/**
 * Waiting for us longer than CARE_WAIT_HOURS at `now`: active, the newest message the customer's
 * (last_message_by_staff, kept by a trigger, decision 0062), and that message older than the wait. The
 * statuses are literals so the partial index support_threads_waiting_idx serves it; the home's care panel
 * counts the same condition.
 */
export function waitingOverCondition(now: Date): SQL {
  const cutoff = new Date(now.getTime() - CARE_WAIT_HOURS * 3_600_000).toISOString();
  const active = SUPPORT_STATUSES.filter((s) => !SUPPORT_FINISHED_STATUSES.includes(s));
  return sql`not ${supportThreads.lastMessageByStaff} and ${supportThreads.status} in (${sql.raw(
    active.map((s) => `'${s}'`).join(', '),
  )}) and ${supportThreads.lastMessageAt} <= ${cutoff}::timestamptz`;
}

export async function listThreadsForAdmin(
  db: DbOrTx,
  query: AdminSupportListQuery,
  now: Date,
): Promise<ListPage<AdminThreadRow>> {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(supportThreads.status, query.status));
  if (query.q) conditions.push(supportSearchCondition(query.q));
  if (query.waiting) conditions.push(waitingOverCondition(now));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.sort === 'oldest' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    adminRowQuery(db)
      .where(where)
      // The id breaks ties so pages neither repeat nor skip threads with the same last message time.
      .orderBy(order(supportThreads.lastMessageAt), order(supportThreads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    // The users join only serves the search (every thread has its user): without one, a count of a
    // quarter of a million threads joined a million users (0.5 s at the bench's scale).
    query.q
      ? db
          .select({ total: count() })
          .from(supportThreads)
          .innerJoin(users, eq(users.id, supportThreads.userId))
          .where(where)
      : db.select({ total: count() }).from(supportThreads).where(where),
  ]);
  // The search's join with users keeps this list off the kit's id paging: it counts every match.
  return countedPage(query, rows, total);
}

/** Threads waiting for us (waitingSince not null), counted in SQL for the top bar. */
export async function countWaiting(db: DbOrTx): Promise<number> {
  const active = SUPPORT_STATUSES.filter((s) => !SUPPORT_FINISHED_STATUSES.includes(s));
  const [row] = await db
    .select({ n: count() })
    .from(supportThreads)
    // last_message_by_staff is the newest message's author, kept by a trigger (decision 0062).
    .where(and(inArray(supportThreads.status, active), eq(supportThreads.lastMessageByStaff, false)));
  return row?.n ?? 0;
}

/** A staff reply: stored with its attachment, audited, and mailed to the customer (at most every 10 minutes). */
export async function adminReply(
  deps: AppDeps,
  admin: ActingPerson,
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
  admin: ActingPerson,
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

/** product.md#support-statuses: an admin sets any of the four statuses in any order. Setting the current one changes nothing. */
export async function setThreadStatus(
  deps: AppDeps,
  admin: ActingPerson,
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
