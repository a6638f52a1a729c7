import { createRoute, z } from '@hono/zod-openapi';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { RateLimitName } from '../../../shared/domain/limits';
import { STAFF_HOME } from '../../../shared/domain/permissions';
import { toRole } from '../../../shared/domain/roles';
import {
  adminSignUpSchema,
  authResultSchema,
  forgotPasswordSchema,
  okSchema,
  resetPasswordSchema,
  type SessionUser,
  signInResultSchema,
  signInSchema,
  signUpSchema,
} from '../../../shared/features/auth/auth.contracts';
import { REF_COOKIE } from '../../../shared/features/short-links/short-links.domain';
import { safeText } from '../../../shared/schemas/text';
import { isDatabaseUnavailable } from '../../db/errors';
import { sessions } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { clientAddress } from '../../platform/http/client-address';
import type { AppEnv } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { recordSignUpConsents } from '../privacy';
import { attributableSlug } from '../short-links';
import { holdForSecondFactor, isEnabled as secondFactorOn } from '../two-factor';
import { createPasswordAccount, noAdminYet } from './accounts.service';
import { anyAdminExists, homeFor, isDeactivated, resetTokenOwner } from './auth.service';
import { issuedBeforeReset, verificationLinkPredatesReset } from './credentials-reset.service';
import { clearSignInFailuresOf, signInCounters } from './sign-in-limit.service';

type AuthUser = { id: string; email: string; name: string; emailVerified: boolean; role?: unknown; lang?: unknown };

function toMeUser(u: AuthUser): SessionUser {
  return {
    id: u.id,
    email: u.email,
    fullName: u.name,
    role: toRole(u.role),
    emailVerified: u.emailVerified,
    lang: u.lang === 'en' ? ('en' as const) : ('tr' as const),
  };
}

/** better-auth answers with Set-Cookie headers; pass them on to the browser. */
function forwardCookies(c: Context<AppEnv>, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

function errorCode(err: unknown): string | undefined {
  if (err instanceof APIError) return (err.body as { code?: string } | undefined)?.code;
  return undefined;
}

const tags = ['auth'];

const signUp = createRoute({
  method: 'post',
  path: '/sign-up',
  tags,
  summary: 'Create a customer account and sign in',
  request: jsonBody(signUpSchema),
  responses: {
    201: jsonResponse(authResultSchema, 'Account created; session cookie set'),
    400: errorResponses[400],
    409: jsonResponse(errorResponses[400].content['application/json'].schema, 'Email already registered'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS: too many attempts from this address or for this email'),
  },
});

const signIn = createRoute({
  method: 'post',
  path: '/sign-in',
  tags,
  summary: 'Sign in with email and password',
  request: jsonBody(signInSchema),
  responses: {
    200: jsonResponse(
      signInResultSchema,
      'Signed in; session cookie set (a browser-session cookie unless rememberMe). With a second factor: ' +
        '`{ twoFactorRequired: true }` and a cookie that only POST /api/auth/sign-in/two-factor accepts',
    ),
    400: errorResponses[400],
    401: jsonResponse(errorResponses[401].content['application/json'].schema, 'INVALID_CREDENTIALS'),
    429: jsonResponse(errorResponses[401].content['application/json'].schema, 'TOO_MANY_ATTEMPTS'),
  },
});

const adminSignUp = createRoute({
  method: 'post',
  path: '/admin-sign-up',
  tags,
  summary: 'Create an admin account with the server-side admin code',
  request: jsonBody(adminSignUpSchema),
  responses: {
    201: jsonResponse(authResultSchema, 'Admin created and signed in'),
    400: errorResponses[400],
    403: jsonResponse(
      errorResponses[403].content['application/json'].schema,
      'INVALID_ADMIN_CODE or ADMIN_SIGNUP_CLOSED',
    ),
    409: jsonResponse(errorResponses[400].content['application/json'].schema, 'EMAIL_TAKEN'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS: too many attempts from this address or for this email'),
  },
});

const signOut = createRoute({
  method: 'post',
  path: '/sign-out',
  tags,
  summary: 'End the current session (a missing session is fine)',
  responses: { 200: jsonResponse(okSchema, 'Signed out') },
});

const forgotPassword = createRoute({
  method: 'post',
  path: '/forgot-password',
  tags,
  summary: 'Email a reset link; answers the same whether or not the address has an account',
  request: jsonBody(forgotPasswordSchema),
  responses: {
    200: jsonResponse(okSchema, 'Accepted'),
    400: errorResponses[400],
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS: too many attempts from this address or for this email'),
  },
});

const resetPassword = createRoute({
  method: 'post',
  path: '/reset-password',
  tags,
  summary: 'Set a new password from an emailed token; ends every session of the user',
  request: jsonBody(resetPasswordSchema),
  responses: { 200: jsonResponse(okSchema, 'Password changed'), 400: errorResponses[400] },
});

const resendVerification = createRoute({
  method: 'post',
  path: '/verify-email/resend',
  tags,
  summary: 'Send the verification email again',
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(okSchema, 'Queued'),
    401: errorResponses[401],
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS: too many attempts from this address or for this email'),
  },
});

const verifyEmail = createRoute({
  method: 'get',
  path: '/verify-email',
  tags,
  summary: 'The link in the verification email; redirects to the dashboard',
  // A signed JWT of a few hundred characters; anything far longer is not one of ours.
  request: { query: z.object({ token: safeText(2048).pipe(z.string().min(1)) }) },
  responses: { 302: { description: 'Redirect to /dashboard?verified=1 (or 0 when the token is bad)' } },
});

/** 429 unless every named limit still has room for this hit (each hit is counted). */
async function within(c: Context<AppEnv>, checks: [RateLimitName, string][]): Promise<void> {
  const { rateLimiter } = c.var.deps;
  const results = await Promise.all(checks.map(([name, subject]) => rateLimiter.hit(name, subject)));
  if (!results.every(Boolean)) throw new ApiError('TOO_MANY_REQUESTS');
}

/**
 * A sign-up that fails for a reason the user cannot fix is SIGN_UP_FAILED (product.md#error-catalogue: 'Failed to create
 * account'), logged; refusals (ApiError) and outages (503) keep their own answers.
 */
function signUpFailure(c: Context<AppEnv>, err: unknown): never {
  if (err instanceof ApiError || isDatabaseUnavailable(err)) throw err;
  c.var.deps.logger.error({ err }, 'sign-up failed');
  throw new ApiError('SIGN_UP_FAILED');
}

/** A session for an account just made: better-auth signs the password in and sets its cookie. */
async function openSession(c: Context<AppEnv>, email: string, password: string) {
  const { headers } = await c.var.deps.auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  forwardCookies(c, headers);
}

export function authRoutes() {
  const router = createRouter();

  router.openapi(signUp, async (c) => {
    const body = c.req.valid('json');
    const email = body.email.toLowerCase();
    await within(c, [['signUpPerAddress', clientAddress(c)]]);
    // The short link the visitor came through: the page's `ref`, else the cookie /go/{slug} set.
    const shortLinkSlug = await attributableSlug(c.var.deps.database.db, [body.ref, getCookie(c, REF_COOKIE)]);
    const account = await createPasswordAccount(c.var.deps, {
      fullName: body.fullName,
      email,
      password: body.password,
      lang: c.var.lang,
      role: 'customer',
      utmSource: body.utmSource,
      utmMedium: body.utmMedium,
      utmCampaign: body.utmCampaign,
      shortLinkSlug,
    }).catch((err) => signUpFailure(c, err));
    // Decision 0046: the notice and terms as accepted on this page, and the optional consents ticked.
    await recordSignUpConsents(c.var.deps.database.db, account.id, { productMails: body.productMails === true });
    if (getCookie(c, REF_COOKIE) !== undefined) deleteCookie(c, REF_COOKIE, { path: '/' });
    await openSession(c, email, body.password);
    const user = toMeUser(account);
    return c.json({ user, hasFormation: false, redirectTo: '/onboarding' as const }, 201);
  });

  router.openapi(signIn, async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps.database;
    const { auth, logger, rateLimiter } = c.var.deps;
    const email = body.email.toLowerCase();
    const counters = signInCounters(rateLimiter, email, clientAddress(c));
    if (!(await counters.admit())) throw new ApiError('TOO_MANY_ATTEMPTS');
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: body.password, rememberMe: body.rememberMe ?? false },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      if (await isDeactivated(db, response.user.id)) {
        // The right password of a deactivated member: the session just made goes, unsent.
        await db.delete(sessions).where(eq(sessions.token, response.token));
        throw new ApiError('ACCOUNT_DEACTIVATED');
      }
      const user = toMeUser(response.user as AuthUser);
      if (await secondFactorOn(db, user.id)) {
        // Decision 0042: the session waits for the code and opens nothing else. The attempt stays
        // counted until the code is right, so a known password does not reset the count of guessed codes.
        await holdForSecondFactor(db, response.token);
        forwardCookies(c, headers);
        return c.json({ twoFactorRequired: true as const }, 200);
      }
      forwardCookies(c, headers);
      await counters.succeeded();
      await recordAudit(db, {
        actorId: user.id,
        actorRole: user.role,
        action: 'auth.sign_in',
        entityType: 'user',
        entityId: user.id,
        subjectUserId: user.id,
        after: { method: 'password' },
      });
      const { home, hasFormation } = await homeFor(db, user.id, user.role);
      return c.json({ user, hasFormation, redirectTo: home }, 200);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'USER_NOT_FOUND') {
        throw new ApiError('INVALID_CREDENTIALS', {
          email: 'auth.invalidCredentials',
          password: 'auth.invalidCredentials',
        });
      }
      // better-auth checks the shape again with its own rules; what it refuses is a bad field, not a fault.
      if (code === 'INVALID_EMAIL') throw new ApiError('VALIDATION_FAILED', { email: 'validation.emailInvalid' });
      if (code === 'PASSWORD_TOO_LONG' || code === 'PASSWORD_TOO_SHORT') {
        throw new ApiError('INVALID_CREDENTIALS', {
          email: 'auth.invalidCredentials',
          password: 'auth.invalidCredentials',
        });
      }
      if (!(err instanceof APIError)) throw err;
      logger.error({ err, code }, 'sign-in failed');
      throw new ApiError('SIGN_IN_FAILED');
    }
  });

  router.openapi(adminSignUp, async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps.database;
    const { adminSignup } = c.var.deps;
    // Counted before the code is compared: the code is what an attacker would be guessing.
    await within(c, [['adminSignUpPerAddress', clientAddress(c)]]);
    const oneTime = adminSignup.state() === 'one-time';
    // Either code makes the first owner only; later staff come by invitation (decision 0043).
    if (await anyAdminExists(db)) {
      adminSignup.close();
      throw new ApiError('ADMIN_SIGNUP_CLOSED');
    }
    if (adminSignup.state() === 'closed') throw new ApiError('ADMIN_SIGNUP_CLOSED');
    if (!adminSignup.check(body.adminCode)) {
      throw new ApiError('INVALID_ADMIN_CODE', { adminCode: 'errors.INVALID_ADMIN_CODE' });
    }
    const email = body.email.toLowerCase();
    try {
      const account = await createPasswordAccount(
        c.var.deps,
        { fullName: body.fullName, email, password: body.password, lang: c.var.lang, role: 'owner' },
        noAdminYet,
      );
      if (oneTime) adminSignup.close();
      await openSession(c, email, body.password);
      const user = toMeUser(account);
      return c.json({ user, hasFormation: false, redirectTo: STAFF_HOME.owner }, 201);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ADMIN_SIGNUP_CLOSED') adminSignup.close();
      signUpFailure(c, err);
    }
  });

  router.openapi(signOut, async (c) => {
    try {
      const { headers } = await c.var.deps.auth.api.signOut({
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      forwardCookies(c, headers);
    } catch {
      // product.md#api-at-a-glance: sign-out with a missing session is tolerated.
    }
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(forgotPassword, async (c) => {
    const email = c.req.valid('json').email.toLowerCase();
    await within(c, [
      ['passwordResetPerAddress', clientAddress(c)],
      ['passwordResetPerEmail', email],
    ]);
    try {
      await c.var.deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
    } catch (err) {
      // The answer must not tell whether the address has an account; an outage is still an outage.
      if (!(err instanceof APIError)) throw err;
      c.var.deps.logger.warn({ err }, 'password reset request failed');
    }
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(resetPassword, async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps.database;
    const owner = await resetTokenOwner(db, body.token);
    // Decision 0067: a reset link issued before a staff grant ended the account's credentials is dead.
    if (owner && issuedBeforeReset(owner.issuedAt, owner.credentialsResetAt)) throw new ApiError('INVALID_TOKEN');
    try {
      await c.var.deps.auth.api.resetPassword({ body: { token: body.token, newPassword: body.password } });
    } catch (err) {
      if (!(err instanceof APIError)) throw err;
      const code = errorCode(err);
      if (code !== 'INVALID_TOKEN') c.var.deps.logger.warn({ code }, 'password reset failed');
      throw new ApiError('INVALID_TOKEN');
    }
    if (owner) await clearSignInFailuresOf(c.var.deps.rateLimiter, owner.email);
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(resendVerification, async (c) => {
    const user = currentUser(c);
    await within(c, [
      ['verificationPerAddress', clientAddress(c)],
      ['verificationPerEmail', user.email],
    ]);
    if (!user.emailVerified) {
      await c.var.deps.auth.api.sendVerificationEmail({ body: { email: user.email } });
    }
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(verifyEmail, async (c) => {
    const { token } = c.req.valid('query');
    if (await verificationLinkPredatesReset(c.var.deps.database.db, token)) {
      return c.redirect('/dashboard?verified=0', 302);
    }
    try {
      await c.var.deps.auth.api.verifyEmail({ query: { token } });
      return c.redirect('/dashboard?verified=1', 302);
    } catch {
      return c.redirect('/dashboard?verified=0', 302);
    }
  });

  return router;
}

export { anyAdminExists };
