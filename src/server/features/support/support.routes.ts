import { createRoute, type z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { isStaff } from '../../../shared/domain/roles';
import {
  countSchema,
  customerReplyResultSchema,
  customerThreadListSchema,
  supportReplySchema,
  supportThreadCreateSchema,
  threadWithMessagesSchema,
} from '../../../shared/features/support/support.contracts';
import { ApiError, zodFields } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { idParams, multipartDoc, notFound } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import { readMultipart, type UploadedFile } from '../../platform/uploads/multipart';
import { toMessage, toThread } from './support.mapper';
import { findOwnThread, loadMessages } from './support.service';
import {
  countUnread,
  createCustomerThread,
  customerReply,
  listOwnThreads,
  markReadByCustomer,
} from './support-customer.service';

const tags = ['support'];
const text = { type: 'string' } as const;
const binary = { type: 'string', format: 'binary' } as const;
export const uploadErrors = {
  400: jsonResponse(errorSchema, 'VALIDATION_FAILED (fields) or BAD_REQUEST (not multipart, malformed)'),
  413: jsonResponse(errorSchema, "FILE_SIZE_LIMIT: 'File size must be less than 5MB' (5,242,880 bytes)"),
  415: jsonResponse(errorSchema, 'UNSUPPORTED_FILE_TYPE: only PDF, JPG or PNG, recognised by their bytes'),
} as const;

const list = createRoute({
  method: 'get',
  path: '/threads',
  tags,
  summary: "The caller's own threads, newest last message first",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(customerThreadListSchema, 'The threads'),
    401: errorResponses[401],
  },
});

const unread = createRoute({
  method: 'get',
  path: '/unread-count',
  tags,
  summary: 'Staff replies the caller has not read yet, over all their threads (the dashboard button)',
  description: "Interim rule: staff replies newer than the customer's own newest message in each thread.",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(countSchema, 'The count'),
    401: errorResponses[401],
  },
});

const create = createRoute({
  method: 'post',
  path: '/threads',
  tags,
  summary: 'Open a support thread (multipart/form-data): subject, optional first message and attachment',
  description:
    'Fields: `subject` (required), `message` (optional; required when a `file` is sent), `file` (optional: PDF, ' +
    'JPG or PNG, at most 5 MB). Staff are mailed at SUPPORT_NOTIFY_EMAIL when it is set.',
  middleware: [requireUser()] as const,
  request: multipartDoc({ subject: text, message: text, file: binary }, ['subject']),
  responses: {
    201: jsonResponse(threadWithMessagesSchema, 'Created, open'),
    ...uploadErrors,
    401: errorResponses[401],
    403: jsonResponse(errorSchema, 'FORBIDDEN: admins open threads for a user under /api/admin/support'),
  },
});

const getOne = createRoute({
  method: 'get',
  path: '/threads/{id}',
  tags,
  summary: 'One own thread with its messages, oldest first, and their attachments',
  middleware: [requireUser()] as const,
  request: { params: idParams },
  responses: {
    200: jsonResponse(threadWithMessagesSchema, 'The thread'),
    401: errorResponses[401],
    404: notFound("NOT_FOUND: no such thread, or not the caller's"),
  },
});

const reply = createRoute({
  method: 'post',
  path: '/threads/{id}/messages',
  tags,
  summary: 'Reply to an own thread (multipart/form-data): `message` (not blank), optional `file`',
  description: 'A resolved or closed thread opens again; staff are mailed of that at SUPPORT_NOTIFY_EMAIL.',
  middleware: [requireUser()] as const,
  request: { params: idParams, ...multipartDoc({ message: text, file: binary }, ['message']) },
  responses: {
    201: jsonResponse(customerReplyResultSchema, 'Stored'),
    ...uploadErrors,
    401: errorResponses[401],
    404: notFound("NOT_FOUND: no such thread, or not the caller's"),
  },
});

/**
 * The create and reply bodies: at most one attachment, checked by size and bytes while it streams in;
 * nothing is stored until the text fields have passed `schema` too.
 */
export async function readSupportForm<T extends ZodType>(
  request: Request,
  schema: T,
): Promise<{ input: z.output<T>; file: UploadedFile | undefined }> {
  const { fields, files } = await readMultipart(request, {
    fileFields: ['file'],
    accept: ['pdf', 'png', 'jpeg'],
    wrongTypeError: 'UNSUPPORTED_FILE_TYPE',
    tooLargeError: 'FILE_SIZE_LIMIT',
  });
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ApiError('VALIDATION_FAILED', zodFields(parsed.error));
  return { input: parsed.data, file: files.file };
}

/** product.md#customer-support "Customer support": a customer sees and writes only their own threads. */
export function supportRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const rows = await listOwnThreads(c.var.deps.database.db, currentUser(c).id);
    return c.json({ threads: rows.map((r) => ({ ...toThread(r.thread), unreadCount: Number(r.unread) })) }, 200);
  });

  router.openapi(unread, async (c) => {
    return c.json({ count: await countUnread(c.var.deps.database.db, currentUser(c).id) }, 200);
  });

  router.openapi(create, async (c) => {
    const user = currentUser(c);
    if (isStaff(user.role)) throw new ApiError('FORBIDDEN');
    const { input, file } = await readSupportForm(c.req.raw, supportThreadCreateSchema);
    // The attachment belongs to a message: without text there is no message to carry it.
    if (file && !input.message)
      throw new ApiError('VALIDATION_FAILED', { message: 'validation.supportMessageRequired' });
    const thread = await createCustomerThread(c.var.deps, user, input, file);
    return c.json(
      { thread: toThread(thread), messages: (await loadMessages(c.var.deps.database.db, thread.id)).map(toMessage) },
      201,
    );
  });

  router.openapi(getOne, async (c) => {
    const { db } = c.var.deps.database;
    const thread = await findOwnThread(db, currentUser(c).id, c.req.valid('param').id);
    if (!thread) throw new ApiError('NOT_FOUND');
    const messages = await loadMessages(db, thread.id);
    // Read once the answer is built: a reply that lands meanwhile stays unread.
    await markReadByCustomer(db, thread.id);
    return c.json({ thread: toThread(thread), messages: messages.map(toMessage) }, 200);
  });

  router.openapi(reply, async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const { db } = c.var.deps.database;
    // Refused before the body is read: another customer's thread costs them no upload.
    if (!(await findOwnThread(db, user.id, id))) throw new ApiError('NOT_FOUND');
    const { input, file } = await readSupportForm(c.req.raw, supportReplySchema);
    const written = await customerReply(c.var.deps, user, id, input.message, file);
    const [message] = (await loadMessages(db, id)).filter((m) => m.id === written.message.id);
    return c.json({ thread: toThread(written.thread), message: toMessage(message) }, 201);
  });

  return router;
}
