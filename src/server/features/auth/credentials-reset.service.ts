import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Decision 0067: a grant of a staff role ends every credential the account had and stamps
 * `users.credentials_reset_at`. The deletions that go with the stamp are the first line; this is the
 * second, for any link that outlives them (a signed verification link is stateless; a row restored
 * from a backup or written by a racing request is not deleted): whatever was issued at or before the
 * stamp is refused.
 */
export function issuedBeforeReset(issuedAt: Date, credentialsResetAt: Date | null): boolean {
  return credentialsResetAt !== null && issuedAt.getTime() <= credentialsResetAt.getTime();
}

/**
 * A signed email-verification link (better-auth's JWT, `iat` in whole seconds) issued before the
 * account's last credentials reset. Its signature is better-auth's to check; an unreadable token is
 * left to it too (it refuses it).
 */
export async function verificationLinkPredatesReset(db: Db, token: string): Promise<boolean> {
  let claims: { iat?: unknown; userId?: unknown; email?: unknown };
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  const where =
    typeof claims.userId === 'string'
      ? eq(users.id, claims.userId)
      : typeof claims.email === 'string'
        ? eq(users.email, claims.email.toLowerCase())
        : null;
  if (!where || typeof claims.iat !== 'number') return false;
  const [row] = await db.select({ at: users.credentialsResetAt }).from(users).where(where).limit(1);
  if (!row?.at) return false;
  // `iat` is floored to the second: a link from the stamp's own second counts as before it.
  return claims.iat <= Math.floor(row.at.getTime() / 1000);
}
