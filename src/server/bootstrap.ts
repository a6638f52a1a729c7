import path from 'node:path';
import { RATE_LIMITS, type RateLimits } from '../shared/domain/limits';
import { type DatabaseOptions, openDatabase } from './db/client';
import type { AppDeps } from './deps';
import type { Env } from './env';
import { createAdminSignupGate } from './features/auth/admin-signup-gate.service';
import { createAuth } from './features/auth/auth.instance';
import { anyAdminExists } from './features/auth/auth.service';
import { createLogger, type Logger } from './platform/logger';
import { createMailer } from './platform/mail/outbox';
import { createSmtpTransport } from './platform/mail/transport';
import { createPaymentProvider, type PaymentProvider } from './platform/payments';
import { createRateLimiter } from './platform/rate-limit/rate-limiter';
import { loadOrCreateSecret } from './platform/secrets';
import { createStorage } from './platform/storage';
import type { FileStorage } from './platform/storage/storage';

/** Builds every dependency of the app from the settings. Used by main.ts and by the tests. */
export async function buildDeps(
  env: Env,
  overrides: {
    database?: DatabaseOptions;
    logger?: Logger;
    storage?: FileStorage;
    /** The browser tests run every user from one loopback address; they raise the per-address limits. */
    rateLimits?: Partial<RateLimits>;
    payments?: PaymentProvider;
  } = {},
): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const databaseOptions: DatabaseOptions =
    overrides.database ??
    (env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(env.DATA_DIR, 'db') });
  const database = await openDatabase(databaseOptions, {
    onIdleError: (err) => logger.warn({ err }, 'an idle database connection was closed by the server'),
  });
  const secret = env.AUTH_SECRET ?? loadOrCreateSecret(env.DATA_DIR, 'auth-secret');
  const encryptionKey = env.DATA_ENCRYPTION_KEY ?? loadOrCreateSecret(env.DATA_DIR, 'encryption-key');
  const transport = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : null;
  const mailer = createMailer({ db: database.db, transport, from: env.MAIL_FROM, logger });
  const auth = createAuth({
    db: database.db,
    secret,
    publicUrl: env.publicUrl,
    production: env.production,
    passwordWork: env.NODE_ENV === 'test' ? 'test' : 'full',
    mailer,
    logger,
  });
  const rateLimiter = createRateLimiter(database.db, { ...RATE_LIMITS, ...overrides.rateLimits });
  const adminSignup = createAdminSignupGate(env.ADMIN_SIGNUP_CODE, await anyAdminExists(database.db));
  const storage = createStorage(env, encryptionKey, overrides.storage);
  const payments = overrides.payments ?? createPaymentProvider(env, database.db, secret);
  return { env, database, logger, mailer, auth, adminSignup, encryptionKey, storage, rateLimiter, payments };
}
