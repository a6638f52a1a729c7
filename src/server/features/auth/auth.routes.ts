import { createRoute, z } from '@hono/zod-openapi';
import { APIError } from 'better-auth/api';
import type { Context } from 'hono';
import {
  adminSignUpSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '../../../shared/schemas/auth';
import { recordAudit } from '../../platform/audit';
import type { AppEnv } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, jsonBody, jsonResponse, okSchema } from '../../platform/http/openapi';
import { requireUser } from '../../platform/http/session';
import { anyAdminExists, findUserByEmail, homeFor, setRole, upsertProfile } from './auth.service';
import { clearSignInFailures, isSignInLocked, recordSignInFailure } from './sign-in-limit';

export const meUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    role: z.enum(['customer', 'admin']),
    emailVerified: z.boolean(),
    lang: z.enum(['tr', 'en']),
  })
  .openapi('MeUser');

const authResultSchema = z.object({
  user: meUserSchema,
  hasFormation: z.boolean(),
  redirectTo: z.enum(['/admin/ein', '/dashboard', '/onboarding']),
});

type AuthUser = { id: string; email: string; name: string; emailVerified: boolean; role?: unknown; lang?: unknown };

function toMeUser(u: AuthUser) {
  return {
    id: u.id,
    email: u.email,
    fullName: u.name,
    role: u.role === 'admin' ? ('admin' as const) : ('customer' as const),
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
  },
});

const signIn = createRoute({
  method: 'post',
  path: '/sign-in',
  tags,
  summary: 'Sign in with email and password',
  request: jsonBody(signInSchema),
  responses: {
    200: jsonResponse(authResultSchema, 'Signed in; session cookie set (a browser-session cookie unless rememberMe)'),
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
  responses: { 200: jsonResponse(okSchema, 'Accepted'), 400: errorResponses[400] },
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
  responses: { 200: jsonResponse(okSchema, 'Queued'), 401: errorResponses[401] },
});

const verifyEmail = createRoute({
  method: 'get',
  path: '/verify-email',
  tags,
  summary: 'The link in the verification email; redirects to the dashboard',
  request: { query: z.object({ token: z.string().min(1) }) },
  responses: { 302: { description: 'Redirect to /dashboard?verified=1 (or 0 when the token is bad)' } },
});

export function authRoutes() {
  const router = createRouter();

  router.openapi(signUp, async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps.database;
    const { auth, logger } = c.var.deps;
    try {
      const { headers, response } = await auth.api.signUpEmail({
        body: { name: body.fullName, email: body.email.toLowerCase(), password: body.password, lang: c.var.lang },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      forwardCookies(c, headers);
      try {
        await upsertProfile(db, {
          id: response.user.id,
          email: response.user.email,
          displayName: body.fullName,
          utmSource: body.utmSource,
          utmMedium: body.utmMedium,
          utmCampaign: body.utmCampaign,
        });
      } catch (err) {
        // SPEC §7: a failed profile upsert at sign-up is only logged; the account exists.
        logger.error({ err, userId: response.user.id }, 'profile upsert failed');
      }
      const user = toMeUser(response.user as AuthUser);
      return c.json({ user, hasFormation: false, redirectTo: '/onboarding' as const }, 201);
    } catch (err) {
      const code = errorCode(err);
      if (code?.startsWith('USER_ALREADY_EXISTS')) {
        throw new ApiError('EMAIL_TAKEN', { email: 'errors.EMAIL_TAKEN' });
      }
      logger.error({ err }, 'sign-up failed');
      throw new ApiError('SIGN_UP_FAILED');
    }
  });

  router.openapi(signIn, async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps.database;
    const { auth, logger } = c.var.deps;
    const email = body.email.toLowerCase();
    if (await isSignInLocked(db, email)) throw new ApiError('TOO_MANY_ATTEMPTS');
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: body.password, rememberMe: body.rememberMe ?? false },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      forwardCookies(c, headers);
      await clearSignInFailures(db, email);
      const user = toMeUser(response.user as AuthUser);
      const { home, hasFormation } = await homeFor(db, user.id, user.role);
      return c.json({ user, hasFormation, redirectTo: home }, 200);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'USER_NOT_FOUND') {
        await recordSignInFailure(db, email);
        throw new ApiError('INVALID_CREDENTIALS', {
          email: 'auth.invalidCredentials',
          password: 'auth.invalidCredentials',
        });
      }
      logger.error({ err }, 'sign-in failed');
      throw new ApiError('SIGN_IN_FAILED');
    }
  });

  router.openapi(adminSignUp, async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps.database;
    const { auth, logger, adminSignup } = c.var.deps;
    if (adminSignup.state() === 'closed') throw new ApiError('ADMIN_SIGNUP_CLOSED');
    if (!adminSignup.check(body.adminCode)) {
      throw new ApiError('INVALID_ADMIN_CODE', { adminCode: 'errors.INVALID_ADMIN_CODE' });
    }
    const email = body.email.toLowerCase();
    if (await findUserByEmail(db, email)) {
      throw new ApiError('EMAIL_TAKEN', { email: 'errors.EMAIL_TAKEN' });
    }
    try {
      const { headers, response } = await auth.api.signUpEmail({
        body: { name: body.fullName, email, password: body.password, lang: c.var.lang },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      await setRole(db, response.user.id, 'admin');
      adminSignup.consumed();
      await upsertProfile(db, { id: response.user.id, email, displayName: body.fullName }).catch((err) =>
        logger.error({ err }, 'profile upsert failed'),
      );
      await recordAudit(db, {
        actorId: response.user.id,
        actorRole: 'admin',
        action: 'admin.created',
        entityType: 'user',
        entityId: response.user.id,
        subjectUserId: response.user.id,
        after: { role: 'admin', via: 'admin-sign-up' },
      });
      forwardCookies(c, headers);
      const user = { ...toMeUser(response.user as AuthUser), role: 'admin' as const };
      return c.json({ user, hasFormation: false, redirectTo: '/admin/ein' as const }, 201);
    } catch (err) {
      if (errorCode(err)?.startsWith('USER_ALREADY_EXISTS')) {
        throw new ApiError('EMAIL_TAKEN', { email: 'errors.EMAIL_TAKEN' });
      }
      logger.error({ err }, 'admin sign-up failed');
      throw new ApiError('SIGN_UP_FAILED');
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
      // SPEC §7: sign-out with a missing session is tolerated.
    }
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(forgotPassword, async (c) => {
    const { email } = c.req.valid('json');
    try {
      await c.var.deps.auth.api.requestPasswordReset({
        body: { email: email.toLowerCase(), redirectTo: '/reset-password' },
      });
    } catch (err) {
      c.var.deps.logger.warn({ err: (err as Error).message }, 'password reset request failed');
    }
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(resetPassword, async (c) => {
    const body = c.req.valid('json');
    try {
      await c.var.deps.auth.api.resetPassword({ body: { token: body.token, newPassword: body.password } });
    } catch (err) {
      const code = errorCode(err);
      if (code !== 'INVALID_TOKEN') c.var.deps.logger.warn({ code }, 'password reset failed');
      throw new ApiError('INVALID_TOKEN');
    }
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(resendVerification, async (c) => {
    const user = c.var.user;
    if (user && !user.emailVerified) {
      await c.var.deps.auth.api.sendVerificationEmail({ body: { email: user.email } });
    }
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(verifyEmail, async (c) => {
    const { token } = c.req.valid('query');
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
