import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { RateLimitName } from '../../../shared/domain/limits';
import { isCustomer } from '../../../shared/domain/roles';
import {
  acceptTextsSchema,
  approveErasureSchema,
  confirmErasureSchema,
  consentKindParams,
  consentsSchema,
  declineErasureSchema,
  erasureListQuerySchema,
  erasureListSchema,
  erasureRequestSchema,
  myErasureSchema,
  setConsentSchema,
} from '../../../shared/features/privacy/privacy.contracts';
import { toLanguage } from '../../../shared/i18n/languages';
import { users } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { adminRoute } from '../../platform/http/admin-door';
import type { AppEnv } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound, signedInOnly } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import { toWebStream } from '../../platform/zip/zip-entries';
import { acceptTexts, getConsents, setOptionalConsent } from './privacy-consents.service';
import {
  approveErasure,
  confirmErasure,
  declineErasure,
  listErasures,
  myErasure,
  requestErasure,
} from './privacy-erasure.service';
import { exportFileName, exportStream } from './privacy-export.service';

const tags = ['privacy'];
const tooMany = jsonResponse(errorSchema, 'TOO_MANY_REQUESTS');
const zipResponse = {
  description: 'application/zip, streamed, as an attachment: a JSON file per kind of record and every stored file',
  content: { 'application/zip': { schema: { type: 'string' as const, format: 'binary' } } },
};

const getConsentsRoute = createRoute({
  method: 'get',
  path: '/consents',
  tags,
  summary: 'What the signed-in user accepted and when, the current versions, and the optional consents',
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(consentsSchema, 'The consents'), ...signedInOnly },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/consents/accept',
  tags,
  summary: 'Accept the current terms and privacy notice (the versions shown); CONFLICT when a newer one exists',
  middleware: [requireUser()] as const,
  request: jsonBody(acceptTextsSchema),
  responses: {
    200: jsonResponse(consentsSchema, 'Accepted'),
    400: errorResponses[400],
    409: jsonResponse(errorSchema, 'CONFLICT: the page showed an older version'),
    ...signedInOnly,
  },
});

const setConsentRoute = createRoute({
  method: 'put',
  path: '/consents/{kind}',
  tags,
  summary: 'Give or withdraw an optional consent',
  middleware: [requireUser()] as const,
  request: { params: consentKindParams, ...jsonBody(setConsentSchema) },
  responses: { 200: jsonResponse(consentsSchema, 'Saved'), 400: errorResponses[400], ...signedInOnly },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/export.zip',
  tags,
  summary: "A ZIP of the signed-in customer's data and files; one an hour, audited and mailed",
  middleware: [requireUser()] as const,
  responses: {
    200: zipResponse,
    403: jsonResponse(errorSchema, 'FORBIDDEN: staff accounts have no customer records'),
    429: tooMany,
    ...signedInOnly,
  },
});

const getErasureRoute = createRoute({
  method: 'get',
  path: '/erasure',
  tags,
  summary: "The signed-in customer's latest erasure request",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(myErasureSchema, 'The request, or null'), ...signedInOnly },
});

const requestErasureRoute = createRoute({
  method: 'post',
  path: '/erasure',
  tags,
  summary: 'Ask to delete the account: a confirmation link is mailed to the account address',
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(myErasureSchema, 'Link mailed; nothing is deleted yet'),
    403: jsonResponse(errorSchema, 'FORBIDDEN: staff accounts are removed by an owner'),
    409: jsonResponse(errorSchema, 'CONFLICT: a confirmed request waits for staff'),
    429: tooMany,
    ...signedInOnly,
  },
});

const confirmErasureRoute = createRoute({
  method: 'post',
  path: '/erasure/confirm',
  tags,
  summary: "Confirm an erasure request with the mailed link's token (single use); it goes to the staff queue",
  request: jsonBody(confirmErasureSchema),
  responses: {
    200: jsonResponse(myErasureSchema, 'Confirmed; answered within 30 days'),
    400: jsonResponse(errorSchema, 'INVALID_TOKEN: unknown, used or expired'),
  },
});

async function within(c: Context<AppEnv>, name: RateLimitName, subject: string): Promise<void> {
  if (!(await c.var.deps.rateLimiter.hit(name, subject))) throw new ApiError('TOO_MANY_REQUESTS');
}

/**
 * Streams the ZIP of `userId`, after recording the download and queuing the customer's notice in one
 * transaction (a download that fails mid-way was still a download attempt of the whole copy).
 */
async function sendExport(c: Context<AppEnv>, userId: string, producedBy: 'customer' | 'staff') {
  const deps = c.var.deps;
  const actor = currentUser(c);
  const [user] = await deps.database.db
    .select({ name: users.name, email: users.email, lang: users.lang, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!isCustomer(user?.role)) throw new ApiError('NOT_FOUND');
  await deps.database.db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: producedBy === 'customer' ? 'privacy.export_downloaded' : 'privacy.export_produced',
      entityType: 'user',
      entityId: userId,
      subjectUserId: userId,
    });
    await deps.mailer.enqueue(
      {
        to: user.email,
        template: 'privacy.exportDownloaded',
        lang: toLanguage(user.lang) ?? 'tr',
        vars: { name: user.name, url: `${deps.env.publicUrl}/account` },
      },
      tx,
    );
  });
  deps.mailer.kick();
  const stream = exportStream(deps, userId);
  c.header('Content-Type', 'application/zip');
  c.header('Content-Disposition', `attachment; filename="${exportFileName(userId, serverToday(deps.env))}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(toWebStream(stream), 200);
}

/** /api/privacy: the signed-in customer's own consents, data copy and erasure request. */
export function privacyRoutes() {
  const router = createRouter();

  router.openapi(getConsentsRoute, async (c) =>
    c.json(await getConsents(c.var.deps.database.db, currentUser(c).id), 200),
  );

  router.openapi(acceptRoute, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    const before = await getConsents(db, user.id);
    await acceptTexts(db, user.id, c.req.valid('json'));
    const after = await getConsents(db, user.id);
    if (before.needsAcceptance) {
      await recordAudit(db, {
        actorId: user.id,
        actorRole: user.role,
        action: 'privacy.texts_accepted',
        entityType: 'user',
        entityId: user.id,
        subjectUserId: user.id,
        before: before.accepted,
        after: after.accepted,
      });
    }
    return c.json(after, 200);
  });

  router.openapi(setConsentRoute, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    const { kind } = c.req.valid('param');
    const { given } = c.req.valid('json');
    const before = await getConsents(db, user.id);
    await setOptionalConsent(db, user.id, kind, given);
    if (before.optional[kind] !== given) {
      await recordAudit(db, {
        actorId: user.id,
        actorRole: user.role,
        action: 'privacy.consent_changed',
        entityType: 'user',
        entityId: user.id,
        subjectUserId: user.id,
        before: { [kind]: before.optional[kind] },
        after: { [kind]: given },
      });
    }
    return c.json(await getConsents(db, user.id), 200);
  });

  router.openapi(exportRoute, async (c) => {
    const user = currentUser(c);
    if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
    await within(c, 'dataExportPerUser', user.id);
    return sendExport(c, user.id, 'customer') as never;
  });

  router.openapi(getErasureRoute, async (c) => c.json(await myErasure(c.var.deps, currentUser(c).id), 200));

  router.openapi(requestErasureRoute, async (c) => {
    const user = currentUser(c);
    if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
    await within(c, 'erasureRequestPerUser', user.id);
    return c.json(await requestErasure(c.var.deps, user), 200);
  });

  router.openapi(confirmErasureRoute, async (c) => {
    return c.json(await confirmErasure(c.var.deps, c.req.valid('json').token), 200);
  });

  return router;
}

const erasureQueueRoute = listRoute('privacy.manage', {
  path: '/erasures',
  summary: 'The erasure queue: requests by status, the nearest legal answer date first, paged',
  query: erasureListQuerySchema,
  page: erasureListSchema,
});

const approveRoute = adminRoute('privacy.erase', {
  method: 'post',
  path: '/erasures/{id}/approve',
  tags: ['admin'],
  summary: "Erase the customer's personal data and files; orders and audit rows keep their ids only",
  request: { params: idParams, ...jsonBody(approveErasureSchema) },
  responses: {
    200: jsonResponse(erasureRequestSchema, 'Erased (the files are removed after, retried until done)'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: not waiting for an answer'),
    ...guarded,
  },
});

const declineRoute = adminRoute('privacy.manage', {
  method: 'post',
  path: '/erasures/{id}/decline',
  tags: ['admin'],
  summary: 'Decline an erasure request with an answer mailed to the customer (what must be kept and why)',
  request: { params: idParams, ...jsonBody(declineErasureSchema) },
  responses: {
    200: jsonResponse(erasureRequestSchema, 'Declined'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: not waiting for an answer'),
    ...guarded,
  },
});

const staffExportRoute = adminRoute('privacy.export', {
  method: 'get',
  path: '/customers/{id}/export.zip',
  tags: ['admin'],
  summary: "The same ZIP as the customer's own, for a customer who asked by mail; audited and mailed to them",
  request: { params: idParams },
  responses: { 200: zipResponse, 404: notFound(), 429: tooMany, ...guarded },
});

/** /api/admin/privacy (decision 0047). */
export function privacyAdminRoutes() {
  const router = createRouter();
  router.openapi(erasureQueueRoute, async (c) =>
    c.json(await listErasures(c.var.deps.database.db, c.req.valid('query')), 200),
  );
  router.openapi(approveRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await approveErasure(c.var.deps, currentUser(c), id, c.req.valid('json').answer), 200);
  });
  router.openapi(declineRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await declineErasure(c.var.deps, currentUser(c), id, c.req.valid('json').answer), 200);
  });
  router.openapi(staffExportRoute, async (c) => {
    const { id } = c.req.valid('param');
    await within(c, 'dataExportPerStaff', currentUser(c).id);
    return sendExport(c, id, 'staff') as never;
  });
  return router;
}
