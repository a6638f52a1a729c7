import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { RateLimitName } from '../../../shared/domain/limits';
import {
  accountSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  devicesSchema,
  emailChangedSchema,
  emailChangeResultSchema,
  emailChangeSchema,
  okSchema,
  sessionsEndedSchema,
  updateAccountSchema,
} from '../../../shared/features/account/account.contracts';
import { clientAddress } from '../../platform/http/client-address';
import type { AppEnv } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { idParams, notFound, signedInOnly } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import {
  changePassword,
  confirmEmailChange,
  endOtherSessions,
  endSession,
  getAccount,
  listDevices,
  requestEmailChange,
  updateName,
} from './account.service';

/*
 * The account page's API (decision 0043, decision 0044): the signed-in user's own name, email, password and
 * sessions, for customers and staff alike. Nothing here takes a user id: every operation is about the
 * caller, except the email link, whose token names the change.
 */

const tags = ['account'];
const tooMany = jsonResponse(errorSchema, 'TOO_MANY_REQUESTS');

const getAccountRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The signed-in user's name, email and a pending email change",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(accountSchema, 'The account'), ...signedInOnly },
});

const patchAccount = createRoute({
  method: 'patch',
  path: '/',
  tags,
  summary: "Change the signed-in user's name (the language is PATCH /api/me)",
  middleware: [requireUser()] as const,
  request: jsonBody(updateAccountSchema),
  responses: { 200: jsonResponse(accountSchema, 'Saved'), 400: errorResponses[400], ...signedInOnly },
});

const requestEmailChangeRoute = createRoute({
  method: 'post',
  path: '/email-change',
  tags,
  summary: 'Mail a confirmation link to a new email address (needs the current password)',
  middleware: [requireUser()] as const,
  request: jsonBody(emailChangeSchema),
  responses: {
    200: jsonResponse(emailChangeResultSchema, 'Link mailed to the new address; nothing changed yet'),
    400: jsonResponse(errorSchema, 'VALIDATION_FAILED, WRONG_PASSWORD or EMAIL_UNCHANGED'),
    409: jsonResponse(errorSchema, 'EMAIL_TAKEN'),
    429: tooMany,
    ...signedInOnly,
  },
});

const confirmEmailChangeRoute = createRoute({
  method: 'post',
  path: '/email-change/confirm',
  tags,
  summary: 'Confirm an email change with the token of the mailed link (single use); the old address is told',
  request: jsonBody(confirmEmailChangeSchema),
  responses: {
    200: jsonResponse(emailChangedSchema, 'The account now has the new address'),
    400: jsonResponse(errorSchema, 'INVALID_TOKEN: unknown, used or expired'),
    409: jsonResponse(errorSchema, 'EMAIL_TAKEN'),
  },
});

const changePasswordRoute = createRoute({
  method: 'post',
  path: '/password',
  tags,
  summary: "Change the password (needs the current one); ends the user's other sessions",
  middleware: [requireUser()] as const,
  request: jsonBody(changePasswordSchema),
  responses: {
    200: jsonResponse(okSchema, 'Changed'),
    400: jsonResponse(errorSchema, 'VALIDATION_FAILED or WRONG_PASSWORD'),
    429: tooMany,
    ...signedInOnly,
  },
});

const listSessions = createRoute({
  method: 'get',
  path: '/sessions',
  tags,
  summary: "The signed-in user's devices (sessions), this one first",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(devicesSchema, 'The devices'), ...signedInOnly },
});

const endSessionRoute = createRoute({
  method: 'delete',
  path: '/sessions/{id}',
  tags,
  summary: "End one of the user's other sessions",
  middleware: [requireUser()] as const,
  request: { params: idParams },
  responses: {
    200: jsonResponse(okSchema, 'Ended'),
    404: notFound('NOT_FOUND: no such session of this user'),
    409: jsonResponse(errorSchema, 'CURRENT_SESSION: sign out instead'),
    ...signedInOnly,
  },
});

const endOthersRoute = createRoute({
  method: 'post',
  path: '/sessions/end-others',
  tags,
  summary: 'End every session of the user but this one',
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(sessionsEndedSchema, 'How many were ended'), ...signedInOnly },
});

/** 429 unless every named limit still has room for this hit (each hit is counted). */
async function within(c: Context<AppEnv>, checks: [RateLimitName, string][]): Promise<void> {
  const { rateLimiter } = c.var.deps;
  const results = await Promise.all(checks.map(([name, subject]) => rateLimiter.hit(name, subject)));
  if (!results.every(Boolean)) throw new ApiError('TOO_MANY_REQUESTS');
}

function sessionIdOf(c: Context<AppEnv>): string {
  const id = c.var.sessionId;
  if (!id) throw new ApiError('UNAUTHENTICATED');
  return id;
}

export function accountRoutes() {
  const router = createRouter();

  router.openapi(getAccountRoute, async (c) => {
    return c.json(await getAccount(c.var.deps, currentUser(c).id), 200);
  });

  router.openapi(patchAccount, async (c) => {
    const user = currentUser(c);
    await updateName(c.var.deps, user.id, c.req.valid('json').fullName);
    return c.json(await getAccount(c.var.deps, user.id), 200);
  });

  router.openapi(requestEmailChangeRoute, async (c) => {
    const user = currentUser(c);
    await within(c, [
      ['emailChangePerUser', user.id],
      ['emailChangePerAddress', clientAddress(c)],
    ]);
    return c.json(await requestEmailChange(c.var.deps, user, c.req.valid('json')), 200);
  });

  router.openapi(confirmEmailChangeRoute, async (c) => {
    return c.json(await confirmEmailChange(c.var.deps, c.req.valid('json').token), 200);
  });

  router.openapi(changePasswordRoute, async (c) => {
    const user = currentUser(c);
    await within(c, [['passwordChangePerUser', user.id]]);
    await changePassword(c.var.deps, user, sessionIdOf(c), c.req.valid('json'));
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(listSessions, async (c) => {
    return c.json(await listDevices(c.var.deps, currentUser(c), sessionIdOf(c)), 200);
  });

  router.openapi(endSessionRoute, async (c) => {
    await endSession(c.var.deps, currentUser(c), sessionIdOf(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(endOthersRoute, async (c) => {
    const ended = await endOtherSessions(c.var.deps, currentUser(c), sessionIdOf(c));
    return c.json({ ended }, 200);
  });

  return router;
}
