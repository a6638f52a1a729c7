import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, ne, or } from 'drizzle-orm';
import { EMAIL_CHANGE_LINK_HOURS } from '../../../shared/domain/limits';
import type { Account, Devices } from '../../../shared/features/account/account.contracts';
import { toLanguage } from '../../../shared/i18n/languages';
import { accounts, emailChanges, sessions, userProfiles, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { issuedBeforeReset, lastUsed, PENDING_SIGN_IN_MS, pastStaffLimits } from '../auth';
import { parseUserAgent } from './user-agent.service';

type Deps = Pick<AppDeps, 'database' | 'auth' | 'mailer' | 'env'>;

/** Only the hash of a link's token is stored: a leaked table row cannot be turned into the link. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function auditOf(user: SessionUser) {
  return { actorId: user.id, actorRole: user.role, entityType: 'user', entityId: user.id, subjectUserId: user.id };
}

export async function getAccount(deps: Pick<Deps, 'database'>, userId: string): Promise<Account> {
  const { db } = deps.database;
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError('UNAUTHENTICATED');
  const [pending] = await db
    .select({ email: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date())))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return {
    fullName: user.name,
    email: user.email,
    pendingEmail: pending ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() } : null,
  };
}

export async function updateName(deps: Pick<Deps, 'database'>, userId: string, fullName: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ name: fullName, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(userProfiles).set({ displayName: fullName, updatedAt: now }).where(eq(userProfiles.id, userId));
  });
}

/** Checks the user's current password with better-auth's own hashing; WRONG_PASSWORD when it is not. */
export async function checkCurrentPassword(
  deps: Pick<Deps, 'database' | 'auth'>,
  userId: string,
  password: string,
): Promise<void> {
  const [credential] = await deps.database.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  const context = await deps.auth.$context;
  const ok = credential?.hash ? await context.password.verify({ hash: credential.hash, password }) : false;
  if (!ok) throw new ApiError('WRONG_PASSWORD', { currentPassword: 'errors.WRONG_PASSWORD' });
}

/**
 * Mails a single-use link to the new address; nothing changes until it is opened. A new request
 * replaces a pending one, so only the latest link works.
 */
export async function requestEmailChange(
  deps: Deps,
  user: SessionUser,
  input: { newEmail: string; currentPassword: string },
): Promise<{ email: string; expiresAt: string }> {
  const { db } = deps.database;
  const newEmail = input.newEmail.toLowerCase();
  if (newEmail === user.email.toLowerCase()) {
    throw new ApiError('EMAIL_UNCHANGED', { newEmail: 'errors.EMAIL_UNCHANGED' });
  }
  await checkCurrentPassword(deps, user.id, input.currentPassword);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken) throw new ApiError('EMAIL_TAKEN', { newEmail: 'errors.EMAIL_TAKEN' });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 3600 * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    await tx.insert(emailChanges).values({ tokenHash: hashToken(token), userId: user.id, newEmail, expiresAt });
    await deps.mailer.enqueue(
      {
        to: newEmail,
        template: 'emailChange',
        lang: user.lang,
        vars: { name: user.name, url: `${deps.env.publicUrl}/account/confirm-email?token=${token}` },
      },
      tx,
    );
  });
  deps.mailer.kick();
  return { email: newEmail, expiresAt: expiresAt.toISOString() };
}

/**
 * The link from the mail: the change is made and the token is gone in one transaction (the row is
 * deleted as it is read, so two clicks at once change the address once). The link proves the new
 * mailbox, so the address counts as verified. The old address gets a notice.
 */
export async function confirmEmailChange(deps: Deps, token: string): Promise<{ email: string }> {
  const { db } = deps.database;
  try {
    const result = await db.transaction(async (tx) => {
      const [change] = await tx
        .delete(emailChanges)
        .where(eq(emailChanges.tokenHash, hashToken(token)))
        .returning();
      if (!change || change.expiresAt.getTime() <= Date.now()) return null;
      const [user] = await tx
        .select({
          email: users.email,
          name: users.name,
          role: users.role,
          lang: users.lang,
          credentialsResetAt: users.credentialsResetAt,
        })
        .from(users)
        .where(eq(users.id, change.userId));
      if (!user) return null;
      // Decision 0067: a link asked for before a staff grant ended the account's credentials is dead.
      if (issuedBeforeReset(change.createdAt, user.credentialsResetAt)) return null;
      const now = new Date();
      await tx
        .update(users)
        .set({ email: change.newEmail, emailVerified: true, updatedAt: now })
        .where(eq(users.id, change.userId));
      await tx
        .update(userProfiles)
        .set({ email: change.newEmail, updatedAt: now })
        .where(eq(userProfiles.id, change.userId));
      await recordAudit(tx, {
        actorId: change.userId,
        actorRole: user.role,
        action: 'account.email_changed',
        entityType: 'user',
        entityId: change.userId,
        subjectUserId: change.userId,
        before: { email: user.email },
        after: { email: change.newEmail },
      });
      await deps.mailer.enqueue(
        {
          to: user.email,
          template: 'emailChanged',
          lang: toLanguage(user.lang) ?? 'tr',
          vars: { name: user.name, email: change.newEmail, url: `${deps.env.publicUrl}/signin` },
        },
        tx,
      );
      return { email: change.newEmail };
    });
    // An expired or used link: the expired row was deleted above all the same, which is what it needed.
    if (!result) throw new ApiError('INVALID_TOKEN');
    deps.mailer.kick();
    return result;
  } catch (err) {
    // Someone took the address between the request and the click.
    if (isUniqueViolation(err)) throw new ApiError('EMAIL_TAKEN');
    throw err;
  }
}

/** Sets a new password after checking the current one, and ends every other session of the user. */
export async function changePassword(
  deps: Deps,
  user: SessionUser,
  currentSessionId: string,
  input: { currentPassword: string; password: string },
): Promise<void> {
  await checkCurrentPassword(deps, user.id, input.currentPassword);
  const context = await deps.auth.$context;
  const hash = await context.password.hash(input.password);
  await deps.database.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(accounts)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    await recordAudit(tx, {
      ...auditOf(user),
      action: 'account.password_changed',
      after: { sessionsEnded: ended.length },
    });
  });
}

export async function listDevices(
  deps: Pick<Deps, 'database'>,
  user: Pick<SessionUser, 'id' | 'role'>,
  currentSessionId: string,
): Promise<Devices> {
  const now = Date.now();
  const rows = await deps.database.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      network: sessions.network,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      pending: sessions.twoFactorPending,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        gt(sessions.expiresAt, new Date(now)),
        // A sign-in waiting for its second factor is listed while it can still be completed
        // (decision 0070): the member sees that someone has the password.
        or(eq(sessions.twoFactorPending, false), gt(sessions.createdAt, new Date(now - PENDING_SIGN_IN_MS))),
      ),
    );
  const devices = rows
    // A staff session past its limits is deleted on its next request; it is no device any more.
    .filter((row) => !pastStaffLimits(user.role, row, now))
    .map((row) => ({
      pending: row.pending,
      id: row.id,
      ...parseUserAgent(row.userAgent),
      network: row.network,
      firstSeen: row.createdAt.toISOString(),
      lastSeen: lastUsed(row).toISOString(),
      current: row.id === currentSessionId,
    }))
    // This device first, then the most recently used.
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen.localeCompare(a.lastSeen));
  return { devices };
}

/** Ends one of the user's other sessions; another user's session is NOT_FOUND, like an unknown one. */
export async function endSession(
  deps: Pick<Deps, 'database'>,
  user: SessionUser,
  currentSessionId: string,
  sessionId: string,
): Promise<void> {
  if (sessionId === currentSessionId) throw new ApiError('CURRENT_SESSION');
  await deps.database.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new ApiError('NOT_FOUND');
    await recordAudit(tx, { ...auditOf(user), action: 'account.sessions_ended', after: { ended: 1, which: 'one' } });
  });
}

/** Ends every session of the user but this one; audited when there was any to end. */
export async function endOtherSessions(
  deps: Pick<Deps, 'database'>,
  user: SessionUser,
  currentSessionId: string,
): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordAudit(tx, {
        ...auditOf(user),
        action: 'account.sessions_ended',
        after: { ended: ended.length, which: 'others' },
      });
    }
    return ended.length;
  });
}
