import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from '../../../shared/domain/limits';
import type { Db } from '../../db/client';
import { signInAttempts } from '../../db/schema';

/**
 * At most SIGN_IN_MAX_FAILURES failed sign-ins per email within SIGN_IN_WINDOW_MS. Counted per email,
 * not per IP, so one attacked account is protected without locking out anybody else.
 */
export async function isSignInLocked(db: Db, email: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), gt(signInAttempts.createdAt, since)));
  return (row?.n ?? 0) >= SIGN_IN_MAX_FAILURES;
}

export async function recordSignInFailure(db: Db, email: string): Promise<void> {
  await db.insert(signInAttempts).values({ id: randomUUID(), email });
  // Old rows are useless; trimming here keeps the table small without a separate job.
  await db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(Date.now() - 2 * SIGN_IN_WINDOW_MS)));
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, email));
}
