import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { sessions, twoFactors, users } from '../../db/schema';

/**
 * A session and its user by token, in one statement: what better-auth's findSession reads (it joins
 * too), with only the columns the portal uses. No row when the session was deleted (sign-out, password
 * reset, the user's deletion cascades) or its user is gone.
 */
const sessionByToken = preparedFor((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      network: sessions.network,
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      emailVerified: users.emailVerified,
      lang: users.lang,
      twoFactorPending: sessions.twoFactorPending,
      twoFactorAt: sessions.twoFactorAt,
      twoFactorEnabledAt: twoFactors.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactors, eq(twoFactors.userId, sessions.userId))
    // A deactivated member's sessions are deleted with the deactivation; this keeps any left dead too.
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        isNull(users.deactivatedAt),
        // Decision 0067: a session older than the account's last credentials reset (a staff grant) is dead.
        or(isNull(users.credentialsResetAt), gt(sessions.createdAt, users.credentialsResetAt)),
      ),
    )
    .prepare('session_by_token'),
);

export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionByToken>['execute']>>[number];

export async function findSessionByToken(db: Db, token: string): Promise<SessionRow | null> {
  const [row] = await sessionByToken(db).execute({ token });
  return row ?? null;
}
