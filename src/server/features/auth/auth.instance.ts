import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { REMEMBER_ME_DAYS } from '../../../shared/domain/limits';
import { toLanguage } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/outbox';
import { type PasswordWork, passwordHasher } from './password-hash.service';
import { VERIFICATION_EXPIRES_SECONDS } from './verification.service';

export interface AuthOptions {
  db: Db;
  /** `test` only under NODE_ENV=test (password-hash.service.ts). */
  passwordWork?: PasswordWork;
  secret: string;
  publicUrl: string;
  production: boolean;
  mailer: Mailer;
  logger: Logger;
}

/**
 * better-auth does passwords (scrypt), sessions in the database, email verification and reset
 * tokens. Its own HTTP handler is not mounted: our routes call `auth.api` so that every response uses
 * the portal's error codes and languages, and no endpoint can change a user's role.
 */
export function createAuth(opts: AuthOptions) {
  const { mailer, publicUrl } = opts;
  return betterAuth({
    appName: 'ABD Şirket Kurulum Portalı',
    baseURL: `${publicUrl}/api/auth`,
    secret: opts.secret,
    trustedOrigins: [publicUrl],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      // One log stream: better-auth's lines go through pino (and its redaction) like ours.
      log: (level, message) => opts.logger[level]({ source: 'better-auth' }, message),
    },
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // The portal limits failed sign-ins per email itself (features/auth/sign-in-limit.service.ts).
    rateLimit: { enabled: false },
    // Decision 0071: a reset or verification token is kept only as its SHA-256 (base64url), so a copy
    // of the database (a backup, a dump) holds no live link. verification-token.service.ts hashes alike.
    verification: { storeIdentifier: 'hashed' },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        lang: { type: 'string', required: false, defaultValue: 'tr', input: true },
      },
    },
    session: {
      expiresIn: REMEMBER_ME_DAYS * 24 * 3600,
      updateAge: 24 * 3600,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: passwordHasher(opts.passwordWork ?? 'full'),
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, token }) => {
        const u = user as typeof user & { lang?: string };
        await mailer.enqueue({
          to: user.email,
          template: 'reset',
          lang: toLanguage(u.lang) ?? 'tr',
          vars: { name: user.name, url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
        });
      },
    },
    emailVerification: {
      // Sign-up queues the verification mail itself, in the transaction that makes the account
      // (accounts.service.ts); this sender serves the resend route.
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_EXPIRES_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const u = user as typeof user & { lang?: string };
        await mailer.enqueue({
          to: user.email,
          template: 'verify',
          lang: toLanguage(u.lang) ?? 'tr',
          vars: { name: user.name, url: `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}` },
        });
      },
    },
    advanced: {
      // better-auth would store the full address from X-Forwarded-For, which any client writes; the
      // portal records the session's network itself from the address it trusts (decision 0044).
      ipAddress: { disableIpTracking: true },
      cookiePrefix: 'portal',
      // In production the cookies are `__Host-`: Secure, Path=/ and no Domain, so a sibling subdomain
      // cannot plant or overwrite a session cookie for this host. better-auth knows only `__Secure-`,
      // so its own prefix is off and the names carry ours.
      useSecureCookies: false,
      cookies: opts.production ? hostPrefixedCookies() : undefined,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: opts.production, path: '/' },
    },
  });
}

function hostPrefixedCookies() {
  const names = ['session_token', 'session_data', 'dont_remember', 'account_data'] as const;
  return Object.fromEntries(names.map((name) => [name, { name: `__Host-portal.${name}` }]));
}

export type Auth = ReturnType<typeof createAuth>;
