import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import type { ActingPerson } from '../../../shared/domain/roles';
import type { SupportStatus } from '../../../shared/features/support/support.domain';
import { supportAttachments, supportMessages, supportThreads } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/tx';
import { ApiError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/uploads/multipart';

/*
 * Support's threads and messages as both sides see them. The customer's side is in
 * support-customer.service.ts, the staff's in support-admin.service.ts, the mails either sends in
 * support-mail.service.ts and the attachments' storage in support-attachments.service.ts.
 */

export type SupportThreadRow = typeof supportThreads.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportAttachmentRow = typeof supportAttachments.$inferSelect;
export type SupportMessageWithAttachments = SupportMessageRow & { attachments: SupportAttachmentRow[] };

/** The audit rows' entity type for a thread and what happens in it. */
export const ENTITY = 'support_thread';

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

/**
 * One message with its attachment, and the thread's last_message_at moved to it. The thread row must
 * be locked by the caller: clock_timestamp() under that lock orders a thread's messages the way they
 * committed, which now() (the transaction's start) would not.
 */
export async function insertMessage(
  tx: Tx,
  thread: SupportThreadRow,
  author: ActingPerson,
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

export async function lockThread(tx: Tx, id: string, ownerId?: string): Promise<SupportThreadRow> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  const where = ownerId
    ? and(eq(supportThreads.id, id), eq(supportThreads.userId, ownerId))
    : eq(supportThreads.id, id);
  const [row] = await tx.select().from(supportThreads).where(where).limit(1).for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}
