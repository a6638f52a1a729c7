import { and, eq, isNull, sql } from 'drizzle-orm';
import { hasPermission } from '../../../shared/domain/permissions';
import { isStaff, type Role, type StaffRole } from '../../../shared/domain/roles';
import {
  accounts,
  emailChanges,
  recoveryCodes,
  sessions,
  staffInvitations,
  twoFactors,
  users,
  verifications,
} from '../../db/schema';
import type { Tx } from '../../db/tx';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';

/** Who grants: an owner's id and role, or the server's operator (`npm run admin:create`, actor null). */
export interface GrantActor {
  id: string | null;
  role: string;
}

export interface StaffGrant {
  userId: string;
  role: StaffRole;
  actor: GrantActor;
  /** How the grant came, for the audit row. */
  via: 'cli-promote' | 'staff-screen';
}

export interface GrantResult {
  before: Role;
  email: string;
  name: string;
  lang: string;
}

/**
 * The one way an existing account gets a staff role, or another staff role (decision 0067). Whoever
 * held the account's credentials before the grant is not trusted with the role: a squatter may have
 * signed the operator's address up first, enrolled their own second factor and kept an email-change
 * link. So in the caller's transaction, with the role, every credential the account had ends:
 * its sessions, its password, pending email changes, reset and verification links (their rows, and
 * any copy issued before `credentials_reset_at`), and the second factor with its recovery codes. The
 * next sign-in needs a new password from a link mailed to the address, then a fresh enrolment.
 *
 * A member who loses `staff.manage` loses their open invitations too: an invitation is only as good
 * as the owner who sent it.
 *
 * An account's role at birth is set by its insert (accounts.service.ts): a new account has no earlier
 * credentials. Nothing else writes `users.role` (tests/unit/role-writes.unit.test.ts).
 */
export async function grantStaffRole(tx: Tx, grant: StaffGrant): Promise<GrantResult> {
  const [row] = await tx
    .select({ role: users.role, email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, grant.userId))
    .limit(1)
    .for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  const before = row.role as Role;
  const id = grant.userId;
  const ended = {
    sessions: (await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })).length,
    emailChanges: (
      await tx.delete(emailChanges).where(eq(emailChanges.userId, id)).returning({ id: emailChanges.tokenHash })
    ).length,
    // better-auth keeps a reset link as a row whose value is the user's id, whatever its identifier looks like.
    links: (await tx.delete(verifications).where(eq(verifications.value, id)).returning({ id: verifications.id }))
      .length,
    twoFactor:
      (await tx.delete(twoFactors).where(eq(twoFactors.userId, id)).returning({ id: twoFactors.userId })).length > 0,
    recoveryCodes: (
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id)).returning({ id: recoveryCodes.id })
    ).length,
    password:
      (
        await tx
          .update(accounts)
          .set({ password: null, updatedAt: new Date() })
          .where(and(eq(accounts.userId, id), eq(accounts.providerId, 'credential')))
          .returning({ id: accounts.id })
      ).length > 0,
    invitations: 0,
  };
  if (isStaff(before) && hasPermission(before, 'staff.manage') && !hasPermission(grant.role, 'staff.manage')) {
    ended.invitations = await cancelInvitationsOf(tx, id);
  }
  // The stamp is taken last, at the statement's own clock: anything issued before it is refused.
  await tx
    .update(users)
    .set({ role: grant.role, credentialsResetAt: sql`clock_timestamp()`, updatedAt: new Date() })
    .where(eq(users.id, id));
  await recordAudit(tx, {
    actorId: grant.actor.id,
    actorRole: grant.actor.role,
    action: isStaff(before) ? 'staff.role_changed' : 'admin.created',
    entityType: 'user',
    entityId: id,
    subjectUserId: id,
    before: { role: before },
    after: { role: grant.role, via: grant.via, credentialsEnded: ended },
  });
  return { before, email: row.email, name: row.name, lang: row.lang };
}

/**
 * Closes every open invitation `inviterId` sent (their deactivation, or the loss of `staff.manage`),
 * audited one row each as the system's (actor null): the member did not cancel them.
 */
export async function cancelInvitationsOf(tx: Tx, inviterId: string): Promise<number> {
  const open = await tx
    .update(staffInvitations)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(staffInvitations.invitedBy, inviterId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.cancelledAt),
      ),
    )
    .returning({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role });
  for (const invitation of open) {
    await recordAudit(tx, {
      actorId: null,
      actorRole: 'system',
      action: 'staff.invitation_cancelled',
      entityType: 'staff_invitation',
      entityId: invitation.id,
      before: { email: invitation.email, role: invitation.role },
      after: { reason: 'inviter_lost_staff_manage', inviter: inviterId },
    });
  }
  return open.length;
}
