import { z } from '@hono/zod-openapi';
import { EIN_STATUSES } from '../ein/ein.domain';
import { FORMATION_STATUSES } from '../formations/formation.domain';
import { SUPPORT_STATUSES } from './support.domain';

export { type Count, countSchema } from '../../contracts/common';

/**
 * The support API's contract (customer and staff): the request schemas (src/shared/features/support/support.schemas.ts,
 * re-exported) and the response shapes. The web imports the types only (`import type`).
 */

export {
  type AdminSupportListQuery,
  type AdminSupportListQueryInput,
  adminSupportListQuerySchema,
  adminSupportStatusSchema,
  adminSupportThreadCreateSchema,
  SUPPORT_STATUS_FILTERS,
  supportReplySchema,
  supportThreadCreateSchema,
} from './support.schemas';

import { pageOf } from '../../contracts/common';

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

// ---- Customer (/api/support) ----

export const customerThreadListSchema = z.object({ threads: z.array(customerThreadSchema) });
export const threadWithMessagesSchema = z.object({
  thread: supportThreadSchema,
  messages: z.array(supportMessageSchema),
});
export const customerReplyResultSchema = z.object({ thread: supportThreadSchema, message: supportMessageSchema });

// ---- Staff (/api/admin/support) ----

export const adminThreadResultSchema = z.object({ thread: adminThreadSchema });
export const adminThreadDetailSchema = z
  .object({
    thread: adminThreadSchema,
    messages: z.array(supportMessageSchema),
    customer: supportCustomerStateSchema,
  })
  .openapi('AdminSupportThreadDetail');
export const adminThreadCreatedSchema = adminThreadDetailSchema.omit({ customer: true });
export const adminThreadListSchema = pageOf(adminThreadSchema, 'AdminSupportThreadList');
export const adminReplyResultSchema = z.object({ thread: adminThreadSchema, message: supportMessageSchema });

export type SupportAttachment = z.output<typeof supportAttachmentSchema>;
export type SupportMessage = z.output<typeof supportMessageSchema>;
export type SupportThread = z.output<typeof supportThreadSchema>;
export type CustomerThread = z.output<typeof customerThreadSchema>;
export type AdminThread = z.output<typeof adminThreadSchema>;
export type CustomerThreadList = z.output<typeof customerThreadListSchema>;
export type AdminThreadResult = z.output<typeof adminThreadResultSchema>;
export type ThreadWithMessages = z.output<typeof threadWithMessagesSchema>;
export type CustomerReplyResult = z.output<typeof customerReplyResultSchema>;
export type AdminThreadDetail = z.output<typeof adminThreadDetailSchema>;
export type AdminThreadCreated = z.output<typeof adminThreadCreatedSchema>;
export type AdminThreadList = z.output<typeof adminThreadListSchema>;
export type AdminReplyResult = z.output<typeof adminReplyResultSchema>;
