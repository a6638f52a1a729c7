import { desc, eq, sql } from 'drizzle-orm';
import { customerReplyReopens, statusAfterCustomerReply } from '../../../shared/features/support/support.domain';
import { supportThreads } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { ENTITY, insertMessage, lockThread, type SupportMessageRow, type SupportThreadRow } from './support.service';
import { withStoredFile } from './support-attachments.service';
import { mailStaff } from './support-mail.service';

// The outer thread is spelled out as support_threads.id: drizzle may leave a column unqualified in a
// single-table select, where "id" would then mean the subquery's own message id.

/**
 * Staff replies newer than the customer's last opening of the thread and their own newest message:
 * unreadStaffReplies (shared/features/support/support.domain.ts) in SQL, so lists and totals need no messages loaded.
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

/** The customer's reply to their own thread; a resolved or closed thread opens again (product.md#support-statuses). */
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
