import type { z } from '@hono/zod-openapi';
import {
  adminReplyResultSchema,
  adminSupportListQuerySchema,
  adminSupportStatusSchema,
  adminSupportThreadCreateSchema,
  adminThreadCreatedSchema,
  adminThreadDetailSchema,
  adminThreadListSchema,
  adminThreadResultSchema,
  countSchema,
  supportReplySchema,
} from '../../../shared/features/support/support.contracts';
import type { Db } from '../../db/client';
import { mapPage } from '../../db/paged-list';
import type { AppDeps } from '../../deps';
import { serverNow } from '../../platform/clock';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, multipartDoc, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { findApplicationByUser } from '../ein';
import { findFormationByUser } from '../formations';
import { toAdminThread, toMessage } from './support.mapper';
import { readSupportForm, uploadErrors } from './support.routes';
import { loadMessages } from './support.service';
import {
  adminCreateThread,
  adminReply,
  countWaiting,
  findAdminThread,
  listThreadsForAdmin,
  setThreadStatus,
} from './support-admin.service';

const tags = ['admin'];
const text = { type: 'string' } as const;
const binary = { type: 'string', format: 'binary' } as const;

const list = listRoute('support.read', {
  path: '/threads',
  summary: 'Support threads: paged, by last message time, filtered by status, searched by subject or email',
  query: adminSupportListQuerySchema,
  page: adminThreadListSchema,
});

const waiting = adminRoute('support.read', {
  method: 'get',
  path: '/waiting-count',
  tags,
  summary: "Threads waiting for us: open or in progress, the newest message the customer's (the top bar)",
  responses: { 200: jsonResponse(countSchema, 'The count'), ...guarded },
});

const getOne = adminRoute('support.read', {
  method: 'get',
  path: '/threads/{id}',
  tags,
  summary: "One thread with its messages (oldest first) and the customer's formation and EIN status",
  request: { params: idParams },
  responses: { 200: jsonResponse(adminThreadDetailSchema, 'The thread'), 404: notFound(), ...guarded },
});

const status = adminRoute('support.status', {
  method: 'put',
  path: '/threads/{id}/status',
  tags,
  summary: 'Set the status: any of open, in_progress, resolved, closed, in any order; audited',
  request: { params: idParams, ...jsonBody(adminSupportStatusSchema) },
  responses: {
    200: jsonResponse(adminThreadResultSchema, 'Set'),
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
    201: jsonResponse(adminReplyResultSchema, 'Stored'),
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
    201: jsonResponse(adminThreadCreatedSchema, 'Created, open'),
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

/** The list's page as the route answers it; a desk's first view reads it into the boot data too (decision 0104). */
export async function supportDeskPage(
  deps: Pick<AppDeps, 'database' | 'env'>,
  query: z.output<typeof adminSupportListQuerySchema>,
) {
  return mapPage(await listThreadsForAdmin(deps.database.db, query, serverNow(deps.env)), toAdminThread);
}

/**
 * The back office's support screen (product.md#admin-pages "Admin support"), behind the admin door. A customer who
 * tries the create route is refused in the spec's words (ADMIN_REQUIRED), named at its mount.
 */
export function supportAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    return c.json(await supportDeskPage(c.var.deps, c.req.valid('query')), 200);
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
