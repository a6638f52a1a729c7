import type { AdminThread, SupportMessage, SupportThread } from '../../../shared/features/support/support.contracts';
import { fileUrl } from '../../platform/storage/file-url';
import type { SupportMessageWithAttachments, SupportThreadRow } from './support.service';
import { type AdminThreadRow, adminWaitingSince } from './support-admin.service';

/** The support rows as the API answers them (src/shared/features/support/support.contracts.ts): dates as ISO strings. */

export function toThread(row: SupportThreadRow): SupportThread {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    lastMessageAt: row.lastMessageAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminThread(row: AdminThreadRow): AdminThread {
  return {
    ...toThread(row.thread),
    userId: row.thread.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    waitingSince: adminWaitingSince(row)?.toISOString() ?? null,
  };
}

export function toMessage(row: SupportMessageWithAttachments): SupportMessage {
  return {
    id: row.id,
    message: row.message,
    isAdminReply: row.isAdminReply,
    createdAt: row.createdAt.toISOString(),
    attachments: row.attachments.map((a) => ({
      id: a.id,
      fileName: a.fileName,
      fileSize: a.fileSize,
      contentType: a.contentType,
      url: fileUrl(a.filePath),
    })),
  };
}
