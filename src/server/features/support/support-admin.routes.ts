import { z } from '@hono/zod-openapi';
import {
  adminSupportListQuerySchema,
  adminSupportStatusSchema,
  adminSupportThreadCreateSchema,
  supportReplySchema,
} from '../../../shared/schemas/support';
import type { Db } from '../../db/client';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { findApplicationByUser } from '../ein/ein.service';
import { findFormationByUser } from '../formations/formations.service';
import { readSupportForm } from './support.routes';
import {
  adminThreadSchema,
  multipartDoc,
  supportCustomerStateSchema,
  supportMessageSchema,
  toAdminThread,
  toMessage,
} from './support.schemas';
import {
  adminCreateThread,
  adminReply,
  countWaiting,
  findAdminThread,
  listThreadsForAdmin,
  loadMessages,
  setThreadStatus,
} from './support.service';

const tags = ['admin'];
const text = { type: 'string' } as const;
const binary = { type: 'string', format: 'binary' } as const;
const uploadErrors = {
  400: jsonResponse(errorSchema, 'VALIDATION_FAILED (fields) or BAD_REQUEST (not multipart, malformed)'),
  413: jsonResponse(errorSchema, "FILE_SIZE_LIMIT: 'File size must be less than 5MB' (5,242,880 bytes)"),
  415: jsonResponse(errorSchema, 'UNSUPPORTED_FILE_TYPE: only PDF, JPG or PNG, recognised by their bytes'),
} as const;
const threadResult = z.object({ thread: adminThreadSchema });
const detailSchema = z
  .object({
    thread: adminThreadSchema,
    messages: z.array(supportMessageSchema),
    customer: supportCustomerStateSchema,
  })
  .openapi('AdminSupportThreadDetail');

const list = adminRoute('support.read', {
  method: 'get',
  path: '/threads',
  tags,
  summary: 'Support threads: paged, by last message time, filtered by status, searched by subject or email',
  request: { query: adminSupportListQuerySchema },
  responses: {
    200: jsonResponse(
      z
        .object({
          items: z.array(adminThreadSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
        })
        .openapi('AdminSupportThreadList'),
      'One page',
    ),
    400: errorResponses[400],
    ...guarded,
  },
});

const waiting = adminRoute('support.read', {
  method: 'get',
  path: '/waiting-count',
  tags,
  summary: "Threads waiting for us: open or in progress, the newest message the customer's (the top bar)",
  responses: { 200: jsonResponse(z.object({ count: z.number().int() }), 'The count'), ...guarded },
});

const getOne = adminRoute('support.read', {
  method: 'get',
  path: '/threads/{id}',
  tags,
  summary: "One thread with its messages (oldest first) and the customer's formation and EIN status",
  request: { params: idParams },
  responses: { 200: jsonResponse(detailSchema, 'The thread'), 404: notFound(), ...guarded },
});

const status = adminRoute('support.status', {
  method: 'put',
  path: '/threads/{id}/status',
  tags,
  summary: 'Set the status: any of open, in_progress, resolved, closed, in any order; audited',
  request: { params: idParams, ...jsonBody(adminSupportStatusSchema) },
  responses: {
    200: jsonResponse(threadResult, 'Set'),
    400: errorResponses[400],
    404: notFound(),
    ...guarded,
  },
});

const reply = adminRoute('support.reply', {
  method: 'post',
  path: '/threads/{id}/messages',
  tags,
  summary: 'Staff reply (multipart/form-data): `message` (not blank), optional `file`; audited, mails the customer',
  description: 'The customer gets at most one mail per thread per 10 minutes however many replies follow.',
  request: { params: idParams, ...multipartDoc({ message: text, file: binary }, ['message']) },
  responses: {
    201: jsonResponse(z.object({ thread: adminThreadSchema, message: supportMessageSchema }), 'Stored'),
    ...uploadErrors,
    404: notFound(),
    ...guarded,
  },
});

const create = adminRoute('support.reply', {
  method: 'post',
  path: '/threads',
  tags,
  summary: 'Open a thread for a user (multipart/form-data): `userId`, `subject`, `message`, optional `file`',
  description:
    "The first message is an admin reply and mails the customer. Missing fields: 'Please fill in all required " +
    "fields' (validation.requiredFieldsMissing). A non-admin gets ADMIN_REQUIRED (403).",
  request: multipartDoc({ userId: text, subject: text, message: text, file: binary }, ['userId', 'subject', 'message']),
  responses: {
    201: jsonResponse(detailSchema.omit({ customer: true }), 'Created, open'),
    ...uploadErrors,
    401: errorResponses[401],
    403: jsonResponse(errorSchema, "ADMIN_REQUIRED: 'Unauthorized: Admin access required'"),
    404: jsonResponse(errorSchema, 'NOT_FOUND: no such user'),
  },
});

async function adminView(db: Db, id: string) {
  const row = await findAdminThread(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/**
 * The back office's support screen (SPEC §2 "Admin support"), behind the admin door. A customer who
 * tries the create route is refused in the spec's words (ADMIN_REQUIRED), named at its mount.
 */
export function supportAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { rows, total } = await listThreadsForAdmin(c.var.deps.database.db, query);
    return c.json({ items: rows.map(toAdminThread), total, page: query.page, pageSize: query.pageSize }, 200);
  });

  router.openapi(waiting, async (c) => {
    return c.json({ count: await countWaiting(c.var.deps.database.db) }, 200);
  });

  router.openapi(getOne, async (c) => {
    const { db } = c.var.deps.database;
    const row = await adminView(db, c.req.valid('param').id);
    const [messages, formation, application] = await Promise.all([
      loadMessages(db, row.thread.id),
      findFormationByUser(db, row.thread.userId),
      findApplicationByUser(db, row.thread.userId),
    ]);
    return c.json(
      {
        thread: toAdminThread(row),
        messages: messages.map(toMessage),
        customer: {
          formationStatus: formation?.formationStatus ?? null,
          einStatus: application?.einStatus ?? null,
        },
      },
      200,
    );
  });

  router.openapi(status, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    await setThreadStatus(c.var.deps, { id: admin.id, role: 'admin' }, id, c.req.valid('json').status);
    return c.json({ thread: toAdminThread(await adminView(c.var.deps.database.db, id)) }, 200);
  });

  router.openapi(reply, async (c) => {
    const admin = currentUser(c);
    const { id } = c.req.valid('param');
    const { db } = c.var.deps.database;
    await adminView(db, id);
    const { input, file } = await readSupportForm(c.req.raw, supportReplySchema);
    const written = await adminReply(c.var.deps, { id: admin.id, role: 'admin' }, id, input.message, file);
    const [message] = (await loadMessages(db, id)).filter((m) => m.id === written.message.id);
    return c.json({ thread: toAdminThread(await adminView(db, id)), message: toMessage(message) }, 201);
  });

  router.openapi(create, async (c) => {
    const admin = currentUser(c);
    const { input, file } = await readSupportForm(c.req.raw, adminSupportThreadCreateSchema);
    const thread = await adminCreateThread(c.var.deps, { id: admin.id, role: 'admin' }, input, file);
    const { db } = c.var.deps.database;
    return c.json(
      {
        thread: toAdminThread(await adminView(db, thread.id)),
        messages: (await loadMessages(db, thread.id)).map(toMessage),
      },
      201,
    );
  });

  return router;
}
