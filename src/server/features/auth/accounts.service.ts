import { randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import { isStaff, type Role } from '../../../shared/domain/roles';
import type { Language } from '../../../shared/i18n/languages';
import { accounts, users } from '../../db/schema';
import { type DbOrTx, isUniqueViolation, type Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { anyAdminExists, upsertProfile } from './auth.service';
import { VERIFICATION_EXPIRES_SECONDS } from './verification.service';

export interface NewAccount {
  fullName: string;
  email: string;
  password: string;
  lang: Language;
  role: Role;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  /** The short link the account came through (an existing link's slug; decision 0013). */
  shortLinkSlug?: string | null;
  /** How an admin came to be, for the audit row (an invitation audits `staff.joined` itself). */
  via?: 'admin-sign-up' | 'cli' | 'invitation';
  /** The address is proven already (the invitation's link reached it): no verification mail. */
  emailVerified?: boolean;
}

export interface CreatedAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  lang: Language;
  emailVerified: boolean;
}

/**
 * Creates a password account: the user, the credential, the profile and the verification mail in one
 * transaction, so a failure anywhere (a database restart, a bad value) leaves no half-made account
 * that could neither sign in nor sign up again. better-auth's own sign-up writes through its adapter
 * outside our transaction and sends the mail after commit, so the portal does these writes itself
 * with better-auth's password hash and verification token, and lets better-auth open the session.
 *
 * `beforeInsert` runs inside the transaction first (the admin gate's check under its lock),
 * `afterInsert` last (the invitation marked used, with the new account's id).
 */
export async function createPasswordAccount(
  deps: Pick<AppDeps, 'database' | 'auth' | 'mailer' | 'env'>,
  input: NewAccount,
  beforeInsert?: (tx: Tx) => Promise<void>,
  afterInsert?: (tx: Tx, id: string) => Promise<void>,
): Promise<CreatedAccount> {
  const { db } = deps.database;
  const context = await deps.auth.$context;
  // Hashing is slow on purpose; do it before the transaction so no lock is held meanwhile.
  const hash = await context.password.hash(input.password);
  const email = input.email.toLowerCase();
  const id = randomUUID().replaceAll('-', '');
  const token = await createEmailVerificationToken(context.secret, email, undefined, VERIFICATION_EXPIRES_SECONDS, {
    userId: id,
  });
  try {
    await db.transaction(async (tx) => {
      await beforeInsert?.(tx);
      await tx.insert(users).values({
        id,
        name: input.fullName,
        email,
        role: input.role,
        lang: input.lang,
        emailVerified: input.emailVerified ?? false,
      });
      await tx.insert(accounts).values({
        id: randomUUID().replaceAll('-', ''),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: hash,
      });
      await upsertProfile(tx, {
        id,
        email,
        displayName: input.fullName,
        utmSource: input.utmSource,
        utmMedium: input.utmMedium,
        utmCampaign: input.utmCampaign,
        shortLinkSlug: input.shortLinkSlug,
      });
      if (isStaff(input.role) && input.via !== 'invitation') {
        await recordAudit(tx, {
          actorId: input.via === 'cli' ? null : id,
          actorRole: input.via === 'cli' ? 'operator' : 'admin',
          action: 'admin.created',
          entityType: 'user',
          entityId: id,
          subjectUserId: id,
          after: { role: input.role, via: input.via ?? 'admin-sign-up' },
        });
      }
      await afterInsert?.(tx, id);
      if (input.emailVerified) return;
      await deps.mailer.enqueue(
        {
          to: email,
          template: 'verify',
          lang: input.lang,
          vars: {
            name: input.fullName,
            url: `${deps.env.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
          },
        },
        tx,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('EMAIL_TAKEN', { email: 'errors.EMAIL_TAKEN' });
    throw err;
  }
  deps.mailer.kick();
  return {
    id,
    email,
    name: input.fullName,
    role: input.role,
    lang: input.lang,
    emailVerified: input.emailVerified ?? false,
  };
}

/**
 * Serialises admin creation with the one-time code: under this lock the check "no admin exists yet"
 * and the insert of the first admin happen as one step, so two parallel sign-ups with the same code
 * make exactly one admin.
 */
export async function lockAdminCreation(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727246001)`);
}

export async function noAdminYet(tx: DbOrTx): Promise<void> {
  await lockAdminCreation(tx);
  if (await anyAdminExists(tx)) throw new ApiError('ADMIN_SIGNUP_CLOSED');
}
