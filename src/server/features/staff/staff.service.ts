import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import { isStaff, STAFF_ROLES, type StaffRole } from '../../../shared/domain/roles';
import { INVITATION_VALID_HOURS } from '../../../shared/features/staff/staff.contracts';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import { sessions, staffInvitations, twoFactors, users } from '../../db/schema';
import { isUniqueViolation, type Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import type { MailTemplate } from '../../platform/mail/templates';
import { createPasswordAccount } from '../auth';
import { cancelInvitationsOf, grantStaffRole } from './staff-grant.service';

type Deps = Pick<AppDeps, 'database' | 'auth' | 'mailer' | 'env'>;

/** Who makes a staff change: the owner's id and role, as the audit row records them. */
export interface StaffActor {
  id: string;
  role: string;
}

const HOUR_MS = 3600_000;

/** The link's token is kept as its SHA-256 only: a copy of the database opens no invitation. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: invitationTokenHash(token) };
}

function roleLabel(lang: Language, role: StaffRole): string {
  return translate(lang, `adminUsers.roles.${role}`);
}

function invitationUrl(deps: Deps, token: string): string {
  return `${deps.env.publicUrl}/invite/${encodeURIComponent(token)}`;
}

async function mail(
  deps: Deps,
  tx: Tx,
  to: { email: string; name: string; lang: Language },
  template: MailTemplate,
  role: StaffRole,
  url: string,
) {
  await deps.mailer.enqueue(
    { to: to.email, template, lang: to.lang, vars: { name: to.name, url, role: roleLabel(to.lang, role) } },
    tx,
  );
}

function toLang(value: string | null | undefined): Language {
  return value === 'en' ? 'en' : 'tr';
}

/** Every staff member, active first then by name, and every open invitation, newest first. */
export async function listStaff(db: Deps['database']['db']) {
  const [members, invitations] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        deactivatedAt: users.deactivatedAt,
        createdAt: users.createdAt,
        twoFactorEnabledAt: twoFactors.enabledAt,
      })
      .from(users)
      .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
      .where(inArray(users.role, [...STAFF_ROLES]))
      .orderBy(sql`${users.deactivatedAt} is not null`, asc(users.name), asc(users.id)),
    db
      .select()
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.cancelledAt)))
      .orderBy(sql`${staffInvitations.createdAt} desc`),
  ]);
  const now = Date.now();
  return {
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      role: m.role as StaffRole,
      active: m.deactivatedAt === null,
      deactivatedAt: m.deactivatedAt?.toISOString() ?? null,
      twoFactorEnabled: m.twoFactorEnabledAt !== null,
      joinedAt: m.createdAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: i.invitedBy,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      expired: i.expiresAt.getTime() <= now,
    })),
  };
}

/**
 * Invites `email` as `role`: an open invitation with a hashed single-use token valid 72 hours, the
 * mail with its link, and the audit row, in one transaction. An address that has an account already
 * is refused (a customer is never promoted by mail); one with an open invitation gets INVITATION_PENDING
 * unless that one has expired, which this one then replaces. Answers the token for the caller that
 * must hand it on without a mailbox (tests/support's createStaffMember).
 */
export async function inviteStaff(
  deps: Deps,
  actor: StaffActor,
  input: { email: string; role: StaffRole; lang?: Language },
): Promise<{ id: string; token: string }> {
  const email = input.email.trim().toLowerCase();
  const lang = input.lang ?? 'tr';
  const { token, hash } = newToken();
  try {
    return await deps.database.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) throw new ApiError('EMAIL_TAKEN', { email: 'errors.EMAIL_TAKEN' });
      // An expired open invitation is closed here so that the new one can take its place.
      await tx
        .update(staffInvitations)
        .set({ cancelledAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(staffInvitations.email, email),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.cancelledAt),
            sql`${staffInvitations.expiresAt} <= now()`,
          ),
        );
      const [row] = await tx
        .insert(staffInvitations)
        .values({
          email,
          role: input.role,
          lang,
          tokenHash: hash,
          invitedBy: actor.id,
          expiresAt: new Date(Date.now() + INVITATION_VALID_HOURS * HOUR_MS),
        })
        .returning({ id: staffInvitations.id });
      await recordAudit(tx, {
        actorId: actor.id,
        actorRole: actor.role,
        action: 'staff.invited',
        entityType: 'staff_invitation',
        entityId: row.id,
        after: { email, role: input.role },
      });
      await mail(deps, tx, { email, name: email, lang }, 'staffInvited', input.role, invitationUrl(deps, token));
      return { id: row.id, token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('INVITATION_PENDING');
    throw err;
  } finally {
    deps.mailer.kick();
  }
}

async function openInvitation(tx: Tx, id: string) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.cancelledAt)))
    .limit(1)
    .for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** A new link for an open invitation, valid 72 hours from now; the old link stops working. */
export async function resendInvitation(deps: Deps, actor: StaffActor, id: string): Promise<{ token: string }> {
  const { token, hash } = newToken();
  await deps.database.db.transaction(async (tx) => {
    const row = await openInvitation(tx, id);
    await tx
      .update(staffInvitations)
      .set({
        tokenHash: hash,
        expiresAt: new Date(Date.now() + INVITATION_VALID_HOURS * HOUR_MS),
        updatedAt: new Date(),
      })
      .where(eq(staffInvitations.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'staff.invitation_resent',
      entityType: 'staff_invitation',
      entityId: id,
      after: { email: row.email, role: row.role },
    });
    const to = { email: row.email, name: row.email, lang: toLang(row.lang) };
    await mail(deps, tx, to, 'staffInvited', row.role, invitationUrl(deps, token));
  });
  deps.mailer.kick();
  return { token };
}

export async function cancelInvitation(deps: Deps, actor: StaffActor, id: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const row = await openInvitation(tx, id);
    await tx
      .update(staffInvitations)
      .set({ cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(staffInvitations.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'staff.invitation_cancelled',
      entityType: 'staff_invitation',
      entityId: id,
      before: { email: row.email, role: row.role },
    });
    const to = { email: row.email, name: row.email, lang: toLang(row.lang) };
    await mail(deps, tx, to, 'staffInvitationCancelled', row.role, deps.env.publicUrl);
  });
  deps.mailer.kick();
}

/**
 * Staff changes are serialised: under this lock "another active owner remains" and the change that
 * would remove the last one are one step, so two owners demoting each other at once leave one.
 */
async function lockStaffChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727246002)`);
}

async function memberForChange(tx: Tx, id: string) {
  await lockStaffChanges(tx);
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  if (!row || !isStaff(row.role)) throw new ApiError('NOT_FOUND');
  return { ...row, role: row.role as StaffRole };
}

/** LAST_OWNER unless an active owner other than `id` exists. */
async function anotherActiveOwner(tx: Tx, id: string): Promise<void> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.deactivatedAt), ne(users.id, id)))
    .limit(1);
  if (!other) throw new ApiError('LAST_OWNER');
}

function memberMailTo(row: { email: string; name: string; lang: string | null }) {
  return { email: row.email, name: row.name, lang: toLang(row.lang) };
}

/**
 * A member's new role, through grantStaffRole (decision 0067): every credential they had ends with it,
 * so they sign in again with a new password from the mailed link and enrol a second factor afresh.
 */
export async function changeStaffRole(deps: Deps, actor: StaffActor, id: string, role: StaffRole): Promise<void> {
  const changed = await deps.database.db.transaction(async (tx) => {
    const row = await memberForChange(tx, id);
    if (row.role === role) return null;
    if (row.role === 'owner' && row.deactivatedAt === null) await anotherActiveOwner(tx, id);
    await grantStaffRole(tx, { userId: id, role, actor, via: 'staff-screen' });
    await mail(deps, tx, memberMailTo(row), 'staffRoleChanged', role, `${deps.env.publicUrl}/forgot-password`);
    return row;
  });
  deps.mailer.kick();
  if (!changed) return;
  // Issued after the grant's stamp: the member's way back in, to the address already proven as theirs.
  // The change is made whatever happens here; the role-change mail also points to "forgot password".
  await deps.auth.api
    .requestPasswordReset({ body: { email: changed.email, redirectTo: '/reset-password' } })
    .catch(() => undefined);
}

/**
 * Deactivates a member: marked, and every session of theirs deleted in the same transaction, so their
 * next request in any open tab is anonymous (401); sign-in refuses them until they are reactivated.
 */
export async function deactivateStaff(deps: Deps, actor: StaffActor, id: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const row = await memberForChange(tx, id);
    if (row.deactivatedAt !== null) return;
    if (row.role === 'owner') await anotherActiveOwner(tx, id);
    await tx.update(users).set({ deactivatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    // An invitation is only as good as the member who sent it.
    await cancelInvitationsOf(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'staff.deactivated',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      before: { active: true },
      after: { active: false },
    });
    await mail(deps, tx, memberMailTo(row), 'staffDeactivated', row.role, deps.env.publicUrl);
  });
  deps.mailer.kick();
}

export async function reactivateStaff(deps: Deps, actor: StaffActor, id: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const row = await memberForChange(tx, id);
    if (row.deactivatedAt === null) return;
    await tx.update(users).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'staff.reactivated',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      before: { active: false },
      after: { active: true },
    });
    await mail(deps, tx, memberMailTo(row), 'staffReactivated', row.role, `${deps.env.publicUrl}/signin`);
  });
  deps.mailer.kick();
}

/** The open, unexpired invitation a link's token names; INVITATION_INVALID otherwise. */
export async function peekInvitation(db: Deps['database']['db'], token: string) {
  const [row] = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, invitationTokenHash(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.cancelledAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError('INVITATION_INVALID');
  return row;
}

/**
 * The invitee joins: the account with the invitation's email and role (its address proven by the
 * link), the invitation marked used and `staff.joined` audited, in one transaction. The token's hash is
 * checked again under the row's lock there, so a link accepted twice at once makes one account and a
 * link replaced by a resend meanwhile makes none.
 */
export async function acceptInvitation(
  deps: Deps,
  input: { token: string; fullName: string; password: string; lang: Language },
) {
  const invitation = await peekInvitation(deps.database.db, input.token);
  return createPasswordAccount(
    deps,
    {
      fullName: input.fullName,
      email: invitation.email,
      password: input.password,
      lang: input.lang,
      role: invitation.role,
      via: 'invitation',
      emailVerified: true,
    },
    async (tx) => {
      const [still] = await tx
        .select({ id: staffInvitations.id })
        .from(staffInvitations)
        .where(
          and(
            eq(staffInvitations.id, invitation.id),
            // A resend replaces the hash: the link read before the lock may be the replaced one.
            eq(staffInvitations.tokenHash, invitationTokenHash(input.token)),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.cancelledAt),
            gt(staffInvitations.expiresAt, sql`now()`),
          ),
        )
        .for('update');
      if (!still) throw new ApiError('INVITATION_INVALID');
    },
    async (tx, id) => {
      await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date(), acceptedUserId: id, updatedAt: new Date() })
        .where(eq(staffInvitations.id, invitation.id));
      await recordAudit(tx, {
        actorId: id,
        actorRole: invitation.role,
        action: 'staff.joined',
        entityType: 'user',
        entityId: id,
        subjectUserId: id,
        after: { role: invitation.role, invitation: invitation.id },
      });
    },
  );
}
