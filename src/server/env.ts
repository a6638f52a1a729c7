import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ADMIN_SIGNUP_CODE_MIN_LENGTH } from '../shared/domain/limits';
import { EIN_OVERDUE_BUSINESS_DAYS_DEFAULT } from '../shared/features/ein/ein-follow-ups.domain';
import {
  RETENTION_MAIL_ADVERTISING_DEFAULT_DAYS,
  RETENTION_MAIL_IRS_DEFAULT_DAYS,
  RETENTION_SSN_DEFAULT_DAYS,
} from '../shared/features/retention/retention.domain';

/**
 * The settings of ARCHITECTURE.md, read once at start-up. A bad value stops the server with a
 * message that names the setting, so a misconfigured deploy fails loudly instead of half-working.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 outside production (nobody else can reach a development server), 0.0.0.0 in production. */
  HOST: optionalString,
  /**
   * How many proxies in front of the server append to X-Forwarded-For. Unset or 0: the header is
   * ignored and the client address is the socket's (decision 0008).
   */
  TRUST_PROXY: optionalString.pipe(
    z
      .enum(['false', 'true', '0', '1', '2', '3', '4', '5'], 'must be a number of proxy hops (0-5), true or false')
      .optional()
      .transform((v) => (v === undefined || v === 'false' ? 0 : v === 'true' ? 1 : Number(v))),
  ),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url('must be a full URL such as https://portal.example.com').optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_SIGNUP_CODE: optionalString.pipe(
    z
      .string()
      .min(ADMIN_SIGNUP_CODE_MIN_LENGTH, `must be at least ${ADMIN_SIGNUP_CODE_MIN_LENGTH} characters`)
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('ABD Şirket Kurulum Portalı <no-reply@localhost>'),
  DATA_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url('must be a full URL such as https://s3.example.com').optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the stripe library sends its calls; unset: Stripe's own API. The tests point it at a fake Stripe server. */
  STRIPE_API_BASE_URL: optionalString.pipe(z.url('must be a full URL such as http://127.0.0.1:12111').optional()),
  /** Where staff are told of new support threads and of replies that reopen one; unset: no such mail. */
  SUPPORT_NOTIFY_EMAIL: optionalString.pipe(z.email('must be an email address such as support@example.com').optional()),
  /** The official fillable IRS Form SS-4 (fss4.pdf) the EIN desk fills; unset: the desk offers the SS-4 data sheet. */
  SS4_TEMPLATE_PATH: optionalString,
  /** Decision 0050: business days at "Submitted to IRS" without an EIN before the EIN desk calls it overdue. */
  EIN_FOLLOW_UP_BUSINESS_DAYS: z.coerce.number().int().min(1).max(250).default(EIN_OVERDUE_BUSINESS_DAYS_DEFAULT),
  /**
   * The fillable IRS Form 5472 and Form 1120 the filings desk fills (decision 0051), with the field names
   * of src/shared/features/filings/form-5472.domain.ts; unset: "Prepare" makes the data sheet instead.
   */
  F5472_TEMPLATE_PATH: optionalString,
  F1120_TEMPLATE_PATH: optionalString,
  /**
   * JSON files naming, for each of the portal's field names of a form, the field inside the operator's
   * PDF (the IRS's own names, such as `topmostSubform[0].Page1[0].f1_4[0]`): the official PDFs can be
   * used as they are, without renaming their fields. Unset: the template carries the portal's names.
   */
  F5472_FIELD_MAP_PATH: optionalString,
  F1120_FIELD_MAP_PATH: optionalString,
  /**
   * Tests alone: whole days added to the server's clock (platform/clock.ts), so a test can stand the
   * portal a year on and watch the daily runs, deadlines and renewals. Refused outside NODE_ENV=test.
   */
  TEST_CLOCK_OFFSET_DAYS: z.coerce.number().int().min(-3650).max(3650).default(0),
  /** Days after the EIN is issued until the SSN and the SS-4 files are purged (decision 0048). */
  RETENTION_SSN_DAYS: z.coerce.number().int().min(8).max(3650).default(RETENTION_SSN_DEFAULT_DAYS),
  /** Days a letter from the IRS is kept after it arrived (decision 0089): seven years by default. */
  RETENTION_MAIL_IRS_DAYS: z.coerce.number().int().min(30).max(7300).default(RETENTION_MAIL_IRS_DEFAULT_DAYS),
  /** Days an advertising letter is kept after it arrived (decision 0089): one year by default. */
  RETENTION_MAIL_ADVERTISING_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7300)
    .default(RETENTION_MAIL_ADVERTISING_DEFAULT_DAYS),
  /** Unset: /metrics answers loopback requests only; set: it needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Where the daily backup is written (decision 0049); unset: no scheduled backup. */
  BACKUP_DIR: optionalString,
  /**
   * Decision 0071: the age recipient (`age1…`) every backup is encrypted to. The server needs only this;
   * the matching secret key is kept off it and given to restore alone.
   */
  BACKUP_RECIPIENT: optionalString.pipe(
    z
      .string()
      .regex(/^age1[0-9a-z]{58}$/, 'must be an age recipient (age1…): npm run backup -- --new-key makes one')
      .optional(),
  ),
  /**
   * The age secret key (`AGE-SECRET-KEY-1…`) that opens the backups: what restore needs. A backup can
   * also derive its recipient from it, but a server that holds it can read its own backups.
   */
  BACKUP_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^AGE-SECRET-KEY-1[0-9A-Z]{58}$/, 'must be an age secret key (AGE-SECRET-KEY-1…)')
      .optional(),
  ),
  /** How many daily backups BACKUP_DIR keeps; older ones are removed after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
});

export type Env = Omit<z.infer<typeof schema>, 'HOST'> & { HOST: string; publicUrl: string; production: boolean };

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const production = env.NODE_ENV === 'production';
  if (production) {
    const missing: string[] = [];
    if (!env.AUTH_SECRET) missing.push('AUTH_SECRET (a random string of at least 32 characters)');
    if (!env.PUBLIC_URL) missing.push('PUBLIC_URL (the https origin users reach)');
    if (!env.DATA_ENCRYPTION_KEY) missing.push('DATA_ENCRYPTION_KEY (64 hex characters)');
    if (missing.length) {
      throw new EnvError(`Production mode requires these settings:\n  ${missing.join('\n  ')}`);
    }
  }
  if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET) {
    // Half a Stripe setup would take real payments that are never confirmed, or confirm none at all.
    throw new EnvError(
      'Invalid settings:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take payments with Stripe, or neither for the local test checkout',
    );
  }
  if (env.TEST_CLOCK_OFFSET_DAYS !== 0 && env.NODE_ENV !== 'test') {
    throw new EnvError('Invalid settings:\n  TEST_CLOCK_OFFSET_DAYS: only tests may move the clock (NODE_ENV=test)');
  }
  if (env.BACKUP_DIR && !env.BACKUP_RECIPIENT && !env.BACKUP_KEY) {
    // Decision 0071: no backup is ever written in clear, so a daily backup without a key cannot start.
    throw new EnvError(
      'Invalid settings:\n  BACKUP_DIR needs BACKUP_RECIPIENT (age1…): backups are written only encrypted. npm run backup -- --new-key makes a key; keep the secret part off this server',
    );
  }
  const s3Problem = s3SettingsProblem(env);
  if (s3Problem) throw new EnvError(`Invalid settings:\n  ${s3Problem}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '');
  const HOST = env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const exposed = reachableFromElsewhere(HOST, publicUrl);
  if (!production && !env.STRIPE_SECRET_KEY && exposed) {
    // The local TEST MODE checkout marks orders paid without any money; it may only ever serve this machine.
    throw new EnvError(
      `Invalid settings:\n  the local TEST MODE checkout (no STRIPE_SECRET_KEY, NODE_ENV not production) would hand out free payments, and ${exposed}.\n  Set NODE_ENV=production (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments), or keep a trial on this machine: HOST=127.0.0.1 and PUBLIC_URL=http://localhost:${env.PORT || 3000}`,
    );
  }
  return {
    ...env,
    HOST,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BACKUP_DIR: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    publicUrl,
    production,
  };
}

/**
 * Why others than this machine could reach the server, or null: it listens on an address that is not
 * loopback, or its public origin is not localhost (a proxy or tunnel then forwards to it).
 */
export function reachableFromElsewhere(host: string, publicUrl: string): string | null {
  const loopbackHost = host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  if (!loopbackHost) return `HOST=${host} is not a loopback address`;
  const name = new URL(publicUrl).hostname;
  if (name !== 'localhost' && name !== '127.0.0.1' && name !== '[::1]')
    return `PUBLIC_URL=${publicUrl} is not localhost`;
  return null;
}

/** Half an S3 setup would silently keep files on the local disk, so it stops the start instead. */
function s3SettingsProblem(env: z.infer<typeof schema>): string | null {
  if (!env.S3_ENDPOINT !== !env.S3_BUCKET) {
    return 'S3_ENDPOINT and S3_BUCKET: set both to store files in S3, or neither to keep them in DATA_DIR/files';
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credentials';
  }
  return null;
}

/** Loads `.env` (when present) under the real environment, which wins. */
export async function loadDotEnv(file = '.env'): Promise<void> {
  if (!existsSync(file)) return;
  const dotenv = await import('dotenv');
  dotenv.config({ path: file, quiet: true });
}
