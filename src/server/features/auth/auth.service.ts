import { eq, inArray } from 'drizzle-orm';
import { type HomePath, STAFF_HOME } from '../../../shared/domain/permissions';
import { isStaff, type Role, STAFF_ROLES } from '../../../shared/domain/roles';
import type { Db } from '../../db/client';
import { companyFormations, userProfiles, users, verifications } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { storedVerificationIdentifier } from './verification-token.service';

export type Home = HomePath;

/** Where a user belongs after sign-in (product.md#public-pages "Sign-in"). */
export async function homeFor(db: Db, userId: string, role: Role): Promise<{ home: Home; hasFormation: boolean }> {
  const [formation] = await db
    .select({ id: companyFormations.id })
    .from(companyFormations)
    .where(eq(companyFormations.userId, userId))
    .limit(1);
  const hasFormation = Boolean(formation);
  if (isStaff(role)) return { home: STAFF_HOME[role], hasFormation };
  return { home: hasFormation ? '/dashboard' : '/onboarding', hasFormation };
}

export async function upsertProfile(
  db: DbOrTx,
  input: {
    id: string;
    email: string;
    displayName: string;
    utmSource?: string | null;
    utmMedium?: string | null;
    utmCampaign?: string | null;
    shortLinkSlug?: string | null;
  },
): Promise<void> {
  const values = {
    id: input.id,
    email: input.email,
    displayName: input.displayName,
    utmSource: input.utmSource || null,
    utmMedium: input.utmMedium || null,
    utmCampaign: input.utmCampaign || null,
    shortLinkSlug: input.shortLinkSlug || null,
  };
  await db
    .insert(userProfiles)
    .values(values)
    .onConflictDoUpdate({ target: userProfiles.id, set: { ...values, updatedAt: new Date() } });
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user ?? null;
}

/** Any staff member at all: the one-time admin sign-up closes once there is one. */
/** A staff member an owner deactivated (decision 0043): no sign-in until reactivated. */
export async function isDeactivated(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.deactivatedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}

export async function anyAdminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .limit(1);
  return Boolean(row);
}

/**
 * The user a password-reset token belongs to (better-auth keeps the hash of `reset-password:<token>` →
 * user id).
 */
export async function resetTokenOwner(db: Db, token: string) {
  const [row] = await db
    .select({ email: users.email, issuedAt: verifications.createdAt, credentialsResetAt: users.credentialsResetAt })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, storedVerificationIdentifier(`reset-password:${token}`)))
    .limit(1);
  return row ?? null;
}
