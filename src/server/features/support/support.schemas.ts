import { z } from '@hono/zod-openapi';
import { EIN_STATUSES } from '../../../shared/domain/ein';
import { FORMATION_STATUSES } from '../../../shared/domain/formation';
import { SUPPORT_STATUSES } from '../../../shared/domain/support';
import { fileUrl } from '../../platform/storage/file-url';
import {
  type AdminThreadRow,
  adminWaitingSince,
  type SupportMessageWithAttachments,
  type SupportThreadRow,
} from './support.service';

/** Response shapes of the support routes (customer and admin) and the mappers that fill them. */

export const supportAttachmentSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    fileSize: z.number().int(),
    contentType: z.string(),
    /** GET it: /api/files/support/{name}, for the thread's owner and admins only. */
    url: z.string(),
  })
  .openapi('SupportAttachment');

export const supportMessageSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    isAdminReply: z.boolean(),
    createdAt: z.string(),
    attachments: z.array(supportAttachmentSchema),
  })
  .openapi('SupportMessage');

export const supportThreadSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    status: z.enum(SUPPORT_STATUSES),
    lastMessageAt: z.string(),
    createdAt: z.string(),
  })
  .openapi('SupportThread');

export const customerThreadSchema = supportThreadSchema
  .extend({ unreadCount: z.number().int().describe('Staff replies since you last opened the thread or wrote in it') })
  .openapi('CustomerSupportThread');

export const adminThreadSchema = supportThreadSchema
  .extend({
    userId: z.string(),
    userEmail: z.string(),
    userName: z.string(),
    /** The newest message's time while it is the customer's and the thread is open or in progress. */
    waitingSince: z.string().nullable(),
  })
  .openapi('AdminSupportThread');

export const supportCustomerStateSchema = z
  .object({
    formationStatus: z.enum(FORMATION_STATUSES).nullable(),
    einStatus: z.enum(EIN_STATUSES).nullable(),
  })
  .openapi('SupportCustomerState');

export function toThread(row: SupportThreadRow): z.infer<typeof supportThreadSchema> {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    lastMessageAt: row.lastMessageAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminThread(row: AdminThreadRow): z.infer<typeof adminThreadSchema> {
  return {
    ...toThread(row.thread),
    userId: row.thread.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    waitingSince: adminWaitingSince(row)?.toISOString() ?? null,
  };
}

export function toMessage(row: SupportMessageWithAttachments): z.infer<typeof supportMessageSchema> {
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

/**
 * The body of the multipart routes, for the OpenAPI document only. A plain JSON schema on purpose: a
 * zod schema would make @hono/zod-openapi read the whole body before our checks (size, type) run.
 */
export function multipartDoc(properties: Record<string, { type: 'string'; format?: 'binary' }>, required: string[]) {
  return {
    body: {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object' as const, properties, required } } },
    },
  };
}
