import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { RECENT_SIGN_IN_MS } from '../../../shared/domain/limits';
import { isStaff } from '../../../shared/domain/roles';
import type { TwoFactorState } from '../../../shared/features/two-factor/two-factor.contracts';
import { toLanguage } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { recoveryCodes, sessions, twoFactors, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { decryptField, encryptField } from '../../platform/crypto/field-encryption';
import { ApiError } from '../../platform/http/errors';
import { currentNetwork } from '../../platform/http/request-context';
import { signInCounters } from '../auth';
import {
  countFailure,
  forgetFailures,
  type LimitTx,
  lockedError,
  lockedUntil,
  lockLimitRow,
  mailLockout,
} from './code-limit.service';
import { qrSvgPath } from './qr-code.service';
import { base32Encode, matchingStep, newTotpSecret, otpauthUri } from './totp.service';

export const RECOVERY_CODE_COUNT = 10;
/** What authenticator apps show above the code. */
export const TOTP_ISSUER = 'ABD Şirket Kurulum Portalı';

type Deps = Pick<AppDeps, 'database' | 'encryptionKey' | 'rateLimiter' | 'mailer' | 'env'>;

export interface TwoFactorUser {
  id: string;
  email: string;
  role: string;
}

/** The key is encrypted bound to its owner: copied into another user's row it does not decrypt. */
const secretContext = (userId: string) => `two-factor:${userId}`;

function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest('hex');
}

/** Typed as shown (`ABCD-EFGH-…`), in lower case or with spaces: the same code. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Ten codes of 80 random bits each, shown once in groups of four (base32). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (base32Encode(randomBytes(10)).match(/.{4}/g) as string[]).join('-'),
  );
}

async function replaceRecoveryCodes(db: Pick<Db, 'delete' | 'insert'>, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code) })));
  return codes;
}

/**
 * Whether setting up the second factor must ask for the current password: the session signed in with
 * it more than RECENT_SIGN_IN_MS ago (or cannot be found).
 */
export async function setupNeedsPassword(db: Db, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return true;
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  return !row || Date.now() - row.createdAt.getTime() > RECENT_SIGN_IN_MS;
}

export async function twoFactorState(db: Db, user: TwoFactorUser, sessionId: string | null): Promise<TwoFactorState> {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
  const enabled = Boolean(row?.enabledAt);
  let left = 0;
  if (enabled) {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    left = count?.n ?? 0;
  }
  return {
    enabled,
    passwordNeeded: !enabled && (await setupNeedsPassword(db, sessionId)),
    required: isStaff(user.role as never),
    recoveryCodesLeft: left,
  };
}

/**
 * Enrolment, first half: a new key (replacing any unconfirmed one), shown as a QR code and as text.
 * Nothing changes for sign-in until a code from it is confirmed.
 */
export async function beginEnrolment(deps: Deps, user: TwoFactorUser) {
  const { db } = deps.database;
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
  if (row?.enabledAt) throw new ApiError('TWO_FACTOR_ALREADY_ENABLED');
  const secret = newTotpSecret();
  const secretEncrypted = encryptField(secret, deps.encryptionKey, secretContext(user.id));
  await db
    .insert(twoFactors)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactors.userId,
      set: { secretEncrypted, lastUsedStep: null, updatedAt: new Date() },
      // A concurrent confirmation may have just switched it on: that key stays.
      setWhere: isNull(twoFactors.enabledAt),
    });
  const uri = otpauthUri(secret, TOTP_ISSUER, user.email);
  return { secret, otpauthUri: uri, qr: qrSvgPath(uri) };
}

/**
 * Counts an attempt at a code like an attempt at a password (the same limits, per account and per
 * address: features/auth/sign-in-limit.ts); 429 once they are used up.
 */
async function admitAttempt(deps: Deps, email: string, address: string) {
  const counters = signInCounters(deps.rateLimiter, email, address);
  if (!(await counters.admit())) throw new ApiError('TOO_MANY_ATTEMPTS');
  return counters;
}

export type CodeKind = 'totp' | 'recovery';

/**
 * Six digits are the app's code, 16 base32 characters (however typed) a recovery code; anything else
 * can match nothing, so it is refused without counting in the account's limit.
 */
function kindOf(code: string): CodeKind | null {
  const given = code.trim();
  if (/^\d{6}$/.test(given)) return 'totp';
  return /^[A-Z2-7]{16}$/.test(normalizeRecoveryCode(given)) ? 'recovery' : null;
}

export interface CodeCheck {
  user: { id: string; role: string; email: string };
  code: string;
  address: string;
  /** What the code is for, kept on a failure's audit row. */
  purpose: 'sign_in' | 'step_up' | 'disable' | 'recovery_codes' | 'enrolment';
}

/**
 * The one door every second-factor code goes through (decision 0070); `verify` checks and spends the
 * code inside the transaction that holds the account's limit row, answering null when it is wrong.
 * - the password limits per account and address count it (decision 0042);
 * - a code of neither shape is refused at once: it can match nothing, so it is no guess;
 * - the app's codes of a locked account are refused unread (TWO_FACTOR_LOCKED, with the end);
 * - a wrong app code counts in the account's own limit whatever the address; the one that fills it
 *   locks the app's codes out and mails the member;
 * - a recovery code is still read while locked, under its own limit (`recoveryCodePerUser`);
 * - a right code of either kind clears the account's limit.
 * Every failure is audited (`auth.two_factor_failed`, with the purpose and the code's kind).
 */
async function throughCodeLimit<T>(
  deps: Deps,
  check: CodeCheck,
  verify: (tx: LimitTx, kind: CodeKind) => Promise<T | null>,
): Promise<T> {
  const { db } = deps.database;
  const { user } = check;
  const kind = kindOf(check.code);
  const counters = await admitAttempt(deps, user.email, check.address);
  const failed = (tx: Pick<Db, 'insert'>) =>
    recordAudit(tx, { ...auditOf(user), action: 'auth.two_factor_failed', after: { purpose: check.purpose, kind } });
  if (kind === null) {
    await failed(db);
    throw new ApiError('INVALID_TWO_FACTOR_CODE', { code: 'errors.INVALID_TWO_FACTOR_CODE' });
  }
  if (kind === 'recovery' && !(await deps.rateLimiter.hit('recoveryCodePerUser', user.id))) {
    throw new ApiError('TOO_MANY_ATTEMPTS');
  }
  type Outcome = { value: T } | { locked: Date } | { wrong: true };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockLimitRow(tx, user.id);
    const now = new Date();
    const locked = lockedUntil(row, now);
    if (kind === 'totp' && locked) return { locked };
    const value = await verify(tx, kind);
    if (value !== null) {
      await forgetFailures(tx, user.id);
      return { value };
    }
    await failed(tx);
    if (kind === 'recovery') return { wrong: true };
    const tripped = await countFailure(tx, row, now);
    if (!tripped) return { wrong: true };
    await mailLockout(deps, tx, user.id, tripped);
    return { locked: tripped.lockedUntil };
  });
  if ('locked' in outcome) throw lockedError(outcome.locked);
  if ('wrong' in outcome) throw new ApiError('INVALID_TWO_FACTOR_CODE', { code: 'errors.INVALID_TWO_FACTOR_CODE' });
  await counters.succeeded();
  if (kind === 'recovery') await deps.rateLimiter.undo('recoveryCodePerUser', user.id);
  return outcome.value;
}

const auditOf = (user: CodeCheck['user']) => ({
  actorId: user.id,
  actorRole: user.role,
  entityType: 'user',
  entityId: user.id,
  subjectUserId: user.id,
});

/** Enrolment, second half: a code from the new key switches it on; the recovery codes come back, once. */
export async function confirmEnrolment(
  deps: Deps,
  user: TwoFactorUser,
  sessionId: string,
  code: string,
  address: string,
): Promise<string[]> {
  const { db } = deps.database;
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
  if (row?.enabledAt) throw new ApiError('TWO_FACTOR_ALREADY_ENABLED');
  if (!row) throw new ApiError('TWO_FACTOR_NOT_STARTED');
  const secret = decryptField(row.secretEncrypted, deps.encryptionKey, secretContext(user.id));
  const step = await throughCodeLimit(deps, { user, code, address, purpose: 'enrolment' }, async (_tx, kind) =>
    kind === 'totp' ? matchingStep(secret, code.trim(), Date.now(), null) : null,
  );
  return db.transaction(async (tx) => {
    const switched = await tx
      .update(twoFactors)
      .set({ enabledAt: new Date(), lastUsedStep: step, updatedAt: new Date() })
      .where(
        and(
          eq(twoFactors.userId, user.id),
          isNull(twoFactors.enabledAt),
          eq(twoFactors.secretEncrypted, row.secretEncrypted),
        ),
      )
      .returning({ userId: twoFactors.userId });
    // Another tab confirmed first, or started afresh with another key.
    if (switched.length === 0) throw new ApiError('TWO_FACTOR_NOT_STARTED');
    const codes = await replaceRecoveryCodes(tx, user.id);
    await tx.update(sessions).set({ twoFactorAt: new Date() }).where(eq(sessions.id, sessionId));
    await recordAudit(tx, { ...auditOf(user), action: 'auth.two_factor_enabled' });
    return codes;
  });
}

/**
 * Checks a code of an enabled second factor and uses it up: a TOTP code's step is stored (the update
 * only succeeds for a later step, so two requests with one code cannot both pass), a recovery code is
 * marked used. Null when the code is not good.
 */
async function spendCode(
  db: LimitTx,
  encryptionKey: string,
  userId: string,
  code: string,
  kind: CodeKind,
): Promise<CodeKind | null> {
  const given = code.trim();
  if (kind === 'totp') {
    const [row] = await db
      .select()
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)));
    if (!row) return null;
    const secret = decryptField(row.secretEncrypted, encryptionKey, secretContext(userId));
    const step = matchingStep(secret, given, Date.now(), row.lastUsedStep);
    if (step === null) return null;
    const taken = await db
      .update(twoFactors)
      .set({ lastUsedStep: step, updatedAt: new Date() })
      .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step))))
      .returning({ userId: twoFactors.userId });
    return taken.length ? 'totp' : null;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(userId, given)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length ? 'recovery' : null;
}

/**
 * A code for a user whose second factor is on, through the account's code limit (throughCodeLimit):
 * audited when wrong (`auth.two_factor_failed`) or when a recovery code was spent
 * (`auth.recovery_code_used`). Throws INVALID_TWO_FACTOR_CODE for a wrong one, TWO_FACTOR_LOCKED for an
 * app code while locked, TOO_MANY_ATTEMPTS when the password limits are used up.
 */
export async function checkCode(deps: Deps, check: CodeCheck): Promise<CodeKind> {
  const kind = await throughCodeLimit(deps, check, (tx, given) =>
    spendCode(tx, deps.encryptionKey, check.user.id, check.code, given),
  );
  if (kind === 'recovery') {
    await recordAudit(deps.database.db, {
      ...auditOf(check.user),
      action: 'auth.recovery_code_used',
      after: { purpose: check.purpose },
    });
  }
  return kind;
}

export async function isEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactors.userId })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)));
  return Boolean(row);
}

/** Marks the session's last code now: step-up is satisfied for the next 15 minutes. */
export async function markCodeGiven(db: Pick<Db, 'update'>, sessionId: string): Promise<void> {
  await db.update(sessions).set({ twoFactorAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * A password-only session of a user with a second factor: it waits for the code (session-check.ts). Its
 * network is kept now, so the devices list can say where a sign-in waiting for its code came from.
 */
export async function holdForSecondFactor(db: Db, token: string): Promise<void> {
  const network = currentNetwork();
  await db
    .update(sessions)
    .set({ twoFactorPending: true, ...(network ? { network } : {}) })
    .where(eq(sessions.token, token));
}

/** A waiting sign-in whose code was right becomes a full session. */
export async function completeSignIn(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ twoFactorPending: false, twoFactorAt: new Date(), updatedAt: new Date() })
    .where(eq(sessions.id, sessionId));
}

/** A customer turns the second factor off (with a code); staff cannot. */
export async function disableTwoFactor(deps: Deps, check: Omit<CodeCheck, 'purpose'>): Promise<void> {
  const { db } = deps.database;
  if (isStaff(check.user.role as never)) throw new ApiError('TWO_FACTOR_MANDATORY');
  if (!(await isEnabled(db, check.user.id))) throw new ApiError('TWO_FACTOR_NOT_ENABLED');
  await checkCode(deps, { ...check, purpose: 'disable' });
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, check.user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, check.user.id));
    await recordAudit(tx, {
      actorId: check.user.id,
      actorRole: check.user.role,
      action: 'auth.two_factor_disabled',
      entityType: 'user',
      entityId: check.user.id,
      subjectUserId: check.user.id,
    });
  });
}

/** Ten new recovery codes (the old ones stop working), for a code of the second factor. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  check: Omit<CodeCheck, 'purpose'>,
  sessionId: string,
): Promise<string[]> {
  const { db } = deps.database;
  if (!(await isEnabled(db, check.user.id))) throw new ApiError('TWO_FACTOR_NOT_ENABLED');
  await checkCode(deps, { ...check, purpose: 'recovery_codes' });
  return db.transaction(async (tx) => {
    await markCodeGiven(tx, sessionId);
    return replaceRecoveryCodes(tx, check.user.id);
  });
}

/**
 * Removes a user's second factor and ends their sessions, so their next sign-in starts with enrolment
 * again. Audited as `auth.two_factor_reset` (actor null and role 'operator' from the server's CLI) and
 * mailed to the member. False when the user has none.
 */
export async function resetTwoFactor(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'env'>,
  actor: { id: string | null; role: string },
  target: { id: string; email: string; name: string; lang: string },
): Promise<boolean> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(twoFactors)
      .where(eq(twoFactors.userId, target.id))
      .returning({ enabledAt: twoFactors.enabledAt });
    if (!removed.some((r) => r.enabledAt)) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id));
    await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'auth.two_factor_reset',
      entityType: 'user',
      entityId: target.id,
      subjectUserId: target.id,
    });
    await deps.mailer.enqueue(
      {
        to: target.email,
        template: 'twoFactorReset',
        lang: toLanguage(target.lang) ?? 'tr',
        vars: { name: target.name, url: `${deps.env.publicUrl}/signin` },
      },
      tx,
    );
    return true;
  });
}

export async function findUserForReset(db: Db, where: { id: string } | { email: string }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      lang: users.lang,
      role: users.role,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email.toLowerCase()));
  return row ?? null;
}
