import { and, asc, eq, gte } from 'drizzle-orm';
import {
  TWO_FACTOR_FAILURES,
  TWO_FACTOR_LOCKOUT_FORGOTTEN_MS,
  TWO_FACTOR_LOCKOUTS_MS,
} from '../../../shared/domain/limits';
import { translate } from '../../../shared/i18n';
import { type Language, toLanguage } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { auditEvents, twoFactorLimits, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';

/** The transaction every code check runs in, holding its account's limit row (decision 0070). */
export type LimitTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type LimitRow = typeof twoFactorLimits.$inferSelect;

/** `2026-11-28 03:10 UTC`-style, the same in both languages. */
export function utcMinute(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

export function lockedError(until: Date): ApiError {
  return new ApiError('TWO_FACTOR_LOCKED', { until: until.toISOString(), untilText: `${utcMinute(until)} UTC` });
}

/**
 * The account's limit row, made on first use and locked until the transaction ends: every copy of the
 * server checks one account's codes one at a time, so parallel guesses cannot all read "four so far".
 */
export async function lockLimitRow(tx: LimitTx, userId: string): Promise<LimitRow> {
  await tx.insert(twoFactorLimits).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(twoFactorLimits).where(eq(twoFactorLimits.userId, userId)).for('update');
  return row as LimitRow;
}

export function lockedUntil(row: LimitRow, now: Date): Date | null {
  return row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/** A right code: the counts, the lockout and its steps start afresh. */
export async function forgetFailures(tx: LimitTx, userId: string): Promise<void> {
  await tx.delete(twoFactorLimits).where(eq(twoFactorLimits.userId, userId));
}

/**
 * Counts one wrong code of the app. When it fills the 15-minute or the 24-hour window, the lockout
 * starts (each one longer than the last, TWO_FACTOR_LOCKOUTS_MS) and its end is answered, with the
 * start of the counted failures for the mail.
 */
export async function countFailure(
  tx: LimitTx,
  row: LimitRow,
  now: Date,
): Promise<{ lockedUntil: Date; since: Date; failures: number } | null> {
  const t = now.getTime();
  const inWindow = row.windowStartedAt !== null && t - row.windowStartedAt.getTime() < TWO_FACTOR_FAILURES.windowMs;
  const inDay = row.dayStartedAt !== null && t - row.dayStartedAt.getTime() < TWO_FACTOR_FAILURES.dayMs;
  const windowStartedAt = inWindow ? (row.windowStartedAt as Date) : now;
  const dayStartedAt = inDay ? (row.dayStartedAt as Date) : now;
  const failures = inWindow ? row.failures + 1 : 1;
  const dayFailures = inDay ? row.dayFailures + 1 : 1;
  if (failures < TWO_FACTOR_FAILURES.max && dayFailures < TWO_FACTOR_FAILURES.dayMax) {
    await tx
      .update(twoFactorLimits)
      .set({ windowStartedAt, failures, dayStartedAt, dayFailures, updatedAt: now })
      .where(eq(twoFactorLimits.userId, row.userId));
    return null;
  }
  // A day after the last lockout ended, the steps start again from the shortest.
  const forgotten = row.lockedUntil === null || t - row.lockedUntil.getTime() > TWO_FACTOR_LOCKOUT_FORGOTTEN_MS;
  const step = forgotten ? 0 : row.lockouts;
  const until = new Date(t + TWO_FACTOR_LOCKOUTS_MS[Math.min(step, TWO_FACTOR_LOCKOUTS_MS.length - 1)]);
  await tx
    .update(twoFactorLimits)
    .set({
      windowStartedAt: null,
      failures: 0,
      dayStartedAt: null,
      dayFailures: 0,
      lockouts: step + 1,
      lockedUntil: until,
      updatedAt: now,
    })
    .where(eq(twoFactorLimits.userId, row.userId));
  const since = failures >= TWO_FACTOR_FAILURES.max ? windowStartedAt : dayStartedAt;
  return { lockedUntil: until, since, failures: failures >= TWO_FACTOR_FAILURES.max ? failures : dayFailures };
}

/**
 * Tells the member their app's codes are locked: how many wrong codes, when and from which networks
 * (the failures' audit rows, written in this transaction too), and what to do.
 */
export async function mailLockout(
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  tx: LimitTx,
  userId: string,
  lock: { lockedUntil: Date; since: Date; failures: number },
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const lang: Language = toLanguage(user.lang) ?? 'tr';
  const attempts = await tx
    .select({ at: auditEvents.createdAt, network: auditEvents.network })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectUserId, userId),
        eq(auditEvents.action, 'auth.two_factor_failed'),
        gte(auditEvents.createdAt, lock.since),
      ),
    )
    .orderBy(asc(auditEvents.createdAt))
    .limit(TWO_FACTOR_FAILURES.dayMax);
  const lines = attempts.map((a) =>
    translate(lang, 'mail.twoFactorLocked.line', {
      time: utcMinute(a.at),
      network: a.network ?? translate(lang, 'mail.twoFactorLocked.unknownNetwork'),
    }),
  );
  await deps.mailer.enqueue(
    {
      to: user.email,
      template: 'twoFactorLocked',
      lang,
      vars: {
        name: user.name,
        url: `${deps.env.publicUrl}/account`,
        date: utcMinute(lock.lockedUntil),
        count: String(lock.failures),
        excerpt: lines.join('\n'),
      },
    },
    tx,
  );
}
