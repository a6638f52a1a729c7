import { createRoute } from '@hono/zod-openapi';
import { isStaff, toRole } from '../../../shared/domain/roles';
import { authResultSchema, okSchema } from '../../../shared/features/auth/auth.contracts';
import {
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  twoFactorStateSchema,
} from '../../../shared/features/two-factor/two-factor.contracts';
import { recordAudit } from '../../platform/audit';
import { adminRoute } from '../../platform/http/admin-door';
import { clientAddress } from '../../platform/http/client-address';
import { ApiError } from '../../platform/http/errors';
import {
  createRouter,
  errorResponses,
  errorSchema,
  jsonBody,
  jsonResponse,
  optionalJsonBody,
} from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import { checkCurrentPassword } from '../account';
import { homeFor, signInCounters } from '../auth';
import {
  beginEnrolment,
  checkCode,
  completeSignIn,
  confirmEnrolment,
  disableTwoFactor,
  findUserForReset,
  isEnabled,
  markCodeGiven,
  regenerateRecoveryCodes,
  resetTwoFactor,
  setupNeedsPassword,
  twoFactorState,
} from './two-factor.service';

const tags = ['two-factor'];
const wrongCode = jsonResponse(errorSchema, 'INVALID_TWO_FACTOR_CODE');
const tooMany = jsonResponse(
  errorSchema,
  'TOO_MANY_ATTEMPTS: counted with wrong passwords per account and address, or 10 wrong recovery codes an hour; ' +
    "TWO_FACTOR_LOCKED: the account's wrong app codes (5 in 15 minutes, 20 a day) locked them until `fields.until` " +
    '(decision 0070); a recovery code still works',
);

const signInCode = createRoute({
  method: 'post',
  path: '/sign-in/two-factor',
  tags,
  summary: "Sign-in's second step: a code (or a recovery code) for the session the password opened",
  description:
    'Only for a sign-in that answered `twoFactorRequired` (its cookie waits for 10 minutes). Wrong codes count ' +
    "against the same limits as wrong passwords, and against the account's own limit of wrong codes. A code is " +
    'accepted once.',
  request: jsonBody(twoFactorCodeSchema),
  responses: {
    200: jsonResponse(authResultSchema, 'Signed in'),
    400: wrongCode,
    401: jsonResponse(errorSchema, 'UNAUTHENTICATED: no sign-in is waiting for a code'),
    429: tooMany,
  },
});

const getState = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The user's second factor: on or off, required (staff), recovery codes left",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(twoFactorStateSchema, 'The state'), 401: errorResponses[401] },
});

const setup = createRoute({
  method: 'post',
  path: '/setup',
  tags,
  summary:
    'Enrolment, first half: a new key as a QR code and as text (replaces an unconfirmed one); the current password when the sign-in is older than ten minutes',
  middleware: [requireUser()] as const,
  request: optionalJsonBody(twoFactorSetupRequestSchema),
  responses: {
    200: jsonResponse(twoFactorSetupSchema, 'The key'),
    400: jsonResponse(errorSchema, 'VALIDATION_FAILED (the current password is needed) or WRONG_PASSWORD'),
    401: errorResponses[401],
    409: jsonResponse(errorSchema, 'TWO_FACTOR_ALREADY_ENABLED'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS: too many password attempts'),
  },
});

const enable = createRoute({
  method: 'post',
  path: '/enable',
  tags,
  summary: 'Enrolment, second half: a code from the new key turns it on; answers the ten recovery codes, once',
  middleware: [requireUser()] as const,
  request: jsonBody(twoFactorCodeSchema),
  responses: {
    200: jsonResponse(recoveryCodesSchema, 'On'),
    400: wrongCode,
    401: errorResponses[401],
    409: jsonResponse(errorSchema, 'TWO_FACTOR_ALREADY_ENABLED or TWO_FACTOR_NOT_STARTED'),
    429: tooMany,
  },
});

const disable = createRoute({
  method: 'post',
  path: '/disable',
  tags,
  summary: 'A customer turns the second factor off, with a code; staff cannot (TWO_FACTOR_MANDATORY)',
  middleware: [requireUser()] as const,
  request: jsonBody(twoFactorCodeSchema),
  responses: {
    200: jsonResponse(okSchema, 'Off'),
    400: wrongCode,
    401: errorResponses[401],
    403: jsonResponse(errorSchema, 'TWO_FACTOR_MANDATORY'),
    409: jsonResponse(errorSchema, 'TWO_FACTOR_NOT_ENABLED'),
    429: tooMany,
  },
});

const regenerate = createRoute({
  method: 'post',
  path: '/recovery-codes',
  tags,
  summary: 'Ten new recovery codes for a code; the old ones stop working',
  middleware: [requireUser()] as const,
  request: jsonBody(twoFactorCodeSchema),
  responses: {
    200: jsonResponse(recoveryCodesSchema, 'The new codes, shown once'),
    400: wrongCode,
    401: errorResponses[401],
    409: jsonResponse(errorSchema, 'TWO_FACTOR_NOT_ENABLED'),
    429: tooMany,
  },
});

const verify = createRoute({
  method: 'post',
  path: '/verify',
  tags,
  summary: 'Step-up: a code now, so SSN reveals and exports are open for the next 15 minutes',
  middleware: [requireUser()] as const,
  request: jsonBody(twoFactorCodeSchema),
  responses: {
    200: jsonResponse(okSchema, 'Recorded on the session'),
    400: wrongCode,
    401: errorResponses[401],
    409: jsonResponse(errorSchema, 'TWO_FACTOR_NOT_ENABLED'),
    429: tooMany,
  },
});

/** POST /api/auth/sign-in/two-factor, beside the other sign-in routes. */
export function twoFactorSignInRoutes() {
  const router = createRouter();
  router.openapi(signInCode, async (c) => {
    const pending = c.var.pendingSignIn;
    if (!pending) throw new ApiError('UNAUTHENTICATED');
    const { db } = c.var.deps.database;
    const user = await findUserForReset(db, { id: pending.userId });
    if (!user) throw new ApiError('UNAUTHENTICATED');
    const kind = await checkCode(c.var.deps, {
      user,
      code: c.req.valid('json').code,
      address: clientAddress(c),
      purpose: 'sign_in',
    });
    await completeSignIn(db, pending.sessionId);
    // The password's attempt was held until now (auth.routes.ts): it was no failure either.
    await signInCounters(c.var.deps.rateLimiter, user.email, clientAddress(c)).succeeded();
    const role = toRole(user.role);
    await recordAudit(db, {
      actorId: user.id,
      actorRole: role,
      action: 'auth.sign_in',
      entityType: 'user',
      entityId: user.id,
      subjectUserId: user.id,
      after: { method: kind === 'totp' ? 'password+totp' : 'password+recovery_code' },
    });
    const { home, hasFormation } = await homeFor(db, user.id, role);
    const me = {
      id: user.id,
      email: user.email,
      fullName: user.name,
      role,
      emailVerified: user.emailVerified,
      lang: user.lang === 'en' ? ('en' as const) : ('tr' as const),
    };
    return c.json({ user: me, hasFormation, redirectTo: home }, 200);
  });
  return router;
}

/** /api/me/two-factor: the signed-in user's own second factor. */
export function twoFactorRoutes() {
  const router = createRouter();
  router.openapi(getState, async (c) => {
    return c.json(await twoFactorState(c.var.deps.database.db, currentUser(c), c.var.sessionId), 200);
  });
  router.openapi(setup, async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    if (await setupNeedsPassword(deps.database.db, c.var.sessionId)) {
      // A session taken over after the sign-in cannot tie the account to the taker's app (decision 0042).
      const given = (c.req.valid('json') as { currentPassword?: string } | undefined)?.currentPassword;
      if (!given) throw new ApiError('VALIDATION_FAILED', { currentPassword: 'validation.passwordRequired' });
      if (!(await deps.rateLimiter.hit('passwordChangePerUser', user.id))) throw new ApiError('TOO_MANY_REQUESTS');
      await checkCurrentPassword(deps, user.id, given);
    }
    return c.json(await beginEnrolment(deps, user), 200);
  });
  router.openapi(enable, async (c) => {
    const user = currentUser(c);
    const codes = await confirmEnrolment(
      c.var.deps,
      user,
      c.var.sessionId as string,
      c.req.valid('json').code,
      clientAddress(c),
    );
    return c.json({ recoveryCodes: codes }, 200);
  });
  router.openapi(disable, async (c) => {
    await disableTwoFactor(c.var.deps, {
      user: currentUser(c),
      code: c.req.valid('json').code,
      address: clientAddress(c),
    });
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(regenerate, async (c) => {
    const codes = await regenerateRecoveryCodes(
      c.var.deps,
      { user: currentUser(c), code: c.req.valid('json').code, address: clientAddress(c) },
      c.var.sessionId as string,
    );
    return c.json({ recoveryCodes: codes }, 200);
  });
  router.openapi(verify, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    if (!(await isEnabled(db, user.id))) throw new ApiError('TWO_FACTOR_NOT_ENABLED');
    await checkCode(c.var.deps, {
      user,
      code: c.req.valid('json').code,
      address: clientAddress(c),
      purpose: 'step_up',
    });
    await markCodeGiven(db, c.var.sessionId as string);
    return c.json({ ok: true as const }, 200);
  });
  return router;
}

const reset = adminRoute('staff.manage', {
  method: 'post',
  path: '/{id}/two-factor/reset',
  tags,
  summary:
    "Reset a staff member's second factor: it is removed, their sessions end, they enrol again; audited and mailed",
  request: { params: idParams },
  responses: {
    200: jsonResponse(okSchema, 'Reset'),
    404: notFound(),
    409: jsonResponse(errorSchema, 'TWO_FACTOR_NOT_ENABLED (nothing to reset), or CONFLICT for your own account'),
    ...guarded,
  },
});

/** Under the admin door at /staff (the staff screen's other operations live with the invitations). */
export function twoFactorAdminRoutes() {
  const router = createRouter();
  router.openapi(reset, async (c) => {
    const actor = currentUser(c);
    const { id } = c.req.valid('param');
    const { db } = c.var.deps.database;
    // An owner who lost their own phone uses a recovery code, or the server's `admin:reset-2fa`.
    if (id === actor.id) throw new ApiError('CONFLICT');
    const target = await findUserForReset(db, { id });
    if (!target || !isStaff(target.role)) throw new ApiError('NOT_FOUND');
    if (!(await resetTwoFactor(c.var.deps, { id: actor.id, role: actor.role }, target))) {
      throw new ApiError('TWO_FACTOR_NOT_ENABLED');
    }
    return c.json({ ok: true as const }, 200);
  });
  return router;
}
