/**
 * Staff by invitation (decision 0043, decision 0043): the owner invites, resends, cancels, changes roles,
 * deactivates and reactivates; the last active owner stays; deactivation ends every session at once;
 * the admin code makes the first owner only; every change is audited and mailed. On both engines.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  createStaffMember,
  GOOD_PASSWORD,
  nextSecondFactorCode,
  signInFully,
  signUp,
  signUpAdmin,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from '../../../../tests/support/test-app';
import { auditEvents, mailOutbox, sessions, staffInvitations, twoFactors, users } from '../../db/schema';
import { STEP_UP_MAX_AGE_MS } from '../../platform/http/admin-door';
import { acceptInvitation, invitationTokenHash, resendInvitation } from './staff.service';

const test = apiTest;
let t: TestApp;
let owner: TestClient;
let ownerId: string;

test.beforeAll(async ({ app, owner: first }) => {
  t = app;
  owner = first.c;
  ownerId = first.id;
}, 60_000);

async function mailsTo(email: string, template: string) {
  return t.deps.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));
}

function tokenOf(mail: { text: string }): string {
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match, mail.text).toBeTruthy();
  return decodeURIComponent((match as RegExpExecArray)[1]);
}

async function auditOf(action: string, entityId: string) {
  return t.deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
}

async function invite(email: string, role = 'support') {
  return owner.post('/api/admin/staff/invitations', { email, role });
}

describe('inviting', () => {
  it('mails a single-use link valid 72 hours, keeps only its hash, and lists the invitation', async () => {
    const email = uniqueEmail('davet');
    const res = await invite(email, 'support');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.invitation.id as string;
    const [mail] = await mailsTo(email, 'staffInvited');
    const token = tokenOf(mail);
    expect(mail.subject).toBe('Portal ekibine davet edildiniz');
    expect(mail.text).toContain('Destek');
    const [row] = await t.deps.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
    expect(row.tokenHash).toBe(invitationTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);
    const list = await owner.get('/api/admin/staff');
    expect(list.body.invitations).toContainEqual(
      expect.objectContaining({ id, email, role: 'support', expired: false }),
    );
    const [audit] = await auditOf('staff.invited', id);
    expect(audit).toMatchObject({ actorId: ownerId, after: { email, role: 'support' } });
    // The request's network, shortened: the test client's addresses are 198.18.x.y.
    expect(audit.network).toMatch(/^198\.18\.\d+\.0\/24$/);
  });

  it('refuses an address with an account, an open invitation twice, and a bad role, changing nothing', async () => {
    const customer = t.client();
    const { email: taken } = await signUp(customer);
    expect((await invite(taken)).body.error.code).toBe('EMAIL_TAKEN');
    const email = uniqueEmail('iki');
    expect((await invite(email)).status).toBe(201);
    const again = await invite(email);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVITATION_PENDING');
    expect((await invite(uniqueEmail('kotu'), 'customer')).status).toBe(400);
    const open = await t.deps.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(open).toHaveLength(1);
  });

  it('lets the invitee see the invitation, join with a name and password, signed in, once', async () => {
    const email = uniqueEmail('katilan');
    await invite(email, 'finance');
    const token = tokenOf((await mailsTo(email, 'staffInvited'))[0]);
    const invitee = t.client();
    const peek = await invitee.post('/api/invitations/peek', { token });
    expect(peek.status).toBe(200);
    expect(peek.body).toEqual({ email, role: 'finance' });
    const mismatch = await invitee.post('/api/invitations/accept', {
      token,
      fullName: 'Finans Kişi',
      password: GOOD_PASSWORD,
      confirmPassword: 'başka',
    });
    expect(mismatch.status).toBe(400);
    const res = await invitee.post('/api/invitations/accept', {
      token,
      fullName: 'Finans Kişi',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.redirectTo).toBe('/account/security?next=%2Fadmin%2Forders');
    expect(res.body.user).toMatchObject({ email, role: 'finance', fullName: 'Finans Kişi', emailVerified: true });
    const me = await invitee.get('/api/me');
    expect(me.body.user).toMatchObject({ email, role: 'finance' });
    expect(await mailsTo(email, 'verify')).toEqual([]);
    const [joined] = await auditOf('staff.joined', res.body.user.id);
    expect(joined).toMatchObject({ actorId: res.body.user.id, after: { role: 'finance' } });
    const twice = await t.client().post('/api/invitations/accept', {
      token,
      fullName: 'İkinci',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.code).toBe('INVITATION_INVALID');
    expect((await t.client().post('/api/invitations/peek', { token })).body.error.code).toBe('INVITATION_INVALID');
  });

  it('refuses an expired link; a resend makes a new one and the old one stops working', async () => {
    const email = uniqueEmail('suresi');
    const id = (await invite(email, 'operations')).body.invitation.id as string;
    const first = tokenOf((await mailsTo(email, 'staffInvited'))[0]);
    await t.deps.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, id));
    expect((await t.client().post('/api/invitations/peek', { token: first })).body.error.code).toBe(
      'INVITATION_INVALID',
    );
    const listed = await owner.get('/api/admin/staff');
    expect(listed.body.invitations.find((i: { id: string }) => i.id === id).expired).toBe(true);
    expect((await owner.post(`/api/admin/staff/invitations/${id}/resend`)).status).toBe(200);
    const mails = await mailsTo(email, 'staffInvited');
    expect(mails).toHaveLength(2);
    const second = tokenOf(mails.find((m) => !m.text.includes(first)) as { text: string });
    expect(second).not.toBe(first);
    expect((await t.client().post('/api/invitations/peek', { token: first })).status).toBe(400);
    expect((await t.client().post('/api/invitations/peek', { token: second })).body).toEqual({
      email,
      role: 'operations',
    });
    expect(await auditOf('staff.invitation_resent', id)).toHaveLength(1);
  });

  it('cancels an invitation: the link stops working and the invitee is told', async () => {
    const email = uniqueEmail('iptal');
    const id = (await invite(email)).body.invitation.id as string;
    const token = tokenOf((await mailsTo(email, 'staffInvited'))[0]);
    expect((await owner.request('DELETE', `/api/admin/staff/invitations/${id}`)).status).toBe(200);
    expect((await t.client().post('/api/invitations/peek', { token })).status).toBe(400);
    expect(await mailsTo(email, 'staffInvitationCancelled')).toHaveLength(1);
    expect(await auditOf('staff.invitation_cancelled', id)).toHaveLength(1);
    expect((await owner.request('DELETE', `/api/admin/staff/invitations/${id}`)).status).toBe(404);
    expect((await owner.post('/api/admin/staff/invitations/not-a-uuid/resend')).status).toBe(404);
  });
});

describe('members', () => {
  it("changes a role at once, ending the member's sessions (decision 0067), audited and mailed", async () => {
    const member = await createStaffMember(t, 'support');
    const res = await owner.request('PUT', `/api/admin/staff/members/${member.id}/role`, { role: 'operations' });
    expect(res.status).toBe(200);
    expect((await member.c.get('/api/me')).status).toBe(401);
    const [now] = await t.deps.database.db.select({ role: users.role }).from(users).where(eq(users.id, member.id));
    expect(now.role).toBe('operations');
    expect(await mailsTo(member.email, 'reset')).toHaveLength(1);
    const [row] = await auditOf('staff.role_changed', member.id);
    expect(row).toMatchObject({ before: { role: 'support' }, after: { role: 'operations' }, subjectUserId: member.id });
    const [mail] = await mailsTo(member.email, 'staffRoleChanged');
    expect(mail.text).toContain('Operasyon');
  });

  it('deactivation ends every session at once (401 on the next request) and refuses sign-in', async () => {
    const member = await createStaffMember(t, 'support');
    const otherTab = t.client();
    expect((await otherTab.post('/api/auth/sign-in', { email: member.email, password: member.password })).status).toBe(
      200,
    );
    expect((await member.c.get('/api/admin/support/threads')).status).toBe(200);
    expect((await owner.post(`/api/admin/staff/members/${member.id}/deactivate`)).status).toBe(200);
    expect((await member.c.get('/api/admin/support/threads')).status).toBe(401);
    expect((await otherTab.get('/api/me')).status).toBe(401);
    expect(await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    const signIn = await t.client().post('/api/auth/sign-in', { email: member.email, password: member.password });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe('ACCOUNT_DEACTIVATED');
    expect(signIn.headers.getSetCookie().join()).not.toContain('session_token=');
    expect(await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    const wrong = await t.client().post('/api/auth/sign-in', { email: member.email, password: 'yanlis-sifre1' });
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    const list = await owner.get('/api/admin/staff');
    expect(list.body.members.find((m: { id: string }) => m.id === member.id)).toMatchObject({ active: false });
    expect(await auditOf('staff.deactivated', member.id)).toHaveLength(1);
    expect(await mailsTo(member.email, 'staffDeactivated')).toHaveLength(1);

    expect((await owner.post(`/api/admin/staff/members/${member.id}/reactivate`)).status).toBe(200);
    const back = t.client();
    // A full sign-in: the password, then the second factor's code (decision 0042).
    expect((await signInFully(back, member.email, member.password)).status).toBe(200);
    expect((await back.get('/api/admin/support/threads')).status).toBe(200);
    expect(await auditOf('staff.reactivated', member.id)).toHaveLength(1);
    expect(await mailsTo(member.email, 'staffReactivated')).toHaveLength(1);
  });

  it('keeps the last active owner: no demotion, no deactivation (409 LAST_OWNER); another owner lifts it', async () => {
    const demote = await owner.request('PUT', `/api/admin/staff/members/${ownerId}/role`, { role: 'support' });
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe('LAST_OWNER');
    const off = await owner.post(`/api/admin/staff/members/${ownerId}/deactivate`);
    expect(off.body.error.code).toBe('LAST_OWNER');
    const [me] = await t.deps.database.db.select().from(users).where(eq(users.id, ownerId));
    expect(me).toMatchObject({ role: 'owner', deactivatedAt: null });

    const second = await createStaffMember(t, 'owner');
    expect((await second.c.post(`/api/admin/staff/members/${ownerId}/deactivate`)).status).toBe(200);
    // Now the second owner is the last active one.
    const last = await second.c.request('PUT', `/api/admin/staff/members/${second.id}/role`, { role: 'finance' });
    expect(last.body.error.code).toBe('LAST_OWNER');
    expect((await second.c.post(`/api/admin/staff/members/${ownerId}/reactivate`)).status).toBe(200);
    owner = t.client();
    const back = await signInFully(owner, me.email, 'adminpassword');
    expect(back.status).toBe(200);
  });

  it('answers 404 for a customer or an unknown id, and only owners may manage staff', async () => {
    const customer = t.client();
    const { res } = await signUp(customer);
    const id = res.body.user.id as string;
    expect((await owner.post(`/api/admin/staff/members/${id}/deactivate`)).status).toBe(404);
    expect((await owner.post('/api/admin/staff/members/nobody/reactivate')).status).toBe(404);
    const support = await createStaffMember(t, 'support');
    expect((await support.c.get('/api/admin/staff')).status).toBe(403);
    expect((await support.c.post('/api/admin/staff/invitations', { email: uniqueEmail(), role: 'owner' })).status).toBe(
      403,
    );
    expect((await customer.get('/api/admin/staff')).status).toBe(403);
    expect((await t.client().get('/api/admin/staff')).status).toBe(401);
  });
});

describe('invitations outlive no inviter (decision 0067)', () => {
  async function openInvitationOf(inviter: TestClient, email: string) {
    const res = await inviter.post('/api/admin/staff/invitations', { email, role: 'owner' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.invitation.id as string, token: tokenOf((await mailsTo(email, 'staffInvited'))[0]) };
  }

  async function stillOpen(token: string): Promise<boolean> {
    return (await t.client().post('/api/invitations/peek', { token })).status === 200;
  }

  it("cancels an owner's open invitations when they are deactivated or demoted, and only theirs", async () => {
    const deactivated = await createStaffMember(t, 'owner');
    const demoted = await createStaffMember(t, 'owner');
    const fromDeactivated = await openInvitationOf(deactivated.c, uniqueEmail('sahipsiz1'));
    const fromDemoted = await openInvitationOf(demoted.c, uniqueEmail('sahipsiz2'));
    const fromOwner = await openInvitationOf(owner, uniqueEmail('sahipli'));
    expect(await stillOpen(fromDeactivated.token)).toBe(true);

    expect((await owner.post(`/api/admin/staff/members/${deactivated.id}/deactivate`)).status).toBe(200);
    expect(await stillOpen(fromDeactivated.token)).toBe(false);
    expect(
      (await owner.request('PUT', `/api/admin/staff/members/${demoted.id}/role`, { role: 'support' })).status,
    ).toBe(200);
    expect(await stillOpen(fromDemoted.token)).toBe(false);
    expect(await stillOpen(fromOwner.token)).toBe(true);

    const [cancelled] = await auditOf('staff.invitation_cancelled', fromDemoted.id);
    expect(cancelled).toMatchObject({ actorId: null, after: { reason: 'inviter_lost_staff_manage' } });
    const listed = (await owner.get('/api/admin/staff')).body.invitations.map((i: { id: string }) => i.id);
    expect(listed).not.toContain(fromDeactivated.id);
    expect(listed).not.toContain(fromDemoted.id);
    expect(listed).toContain(fromOwner.id);
  });

  it('refuses a link replaced by a resend between its lookup and the lock', async () => {
    const email = uniqueEmail('yarisma');
    const { id, token: old } = await openInvitationOf(owner, email);
    // The resend lands while the old link's sign-up hashes its password, after its lookup, before the lock.
    const context = await t.deps.auth.$context;
    const raced = {
      ...t.deps,
      auth: {
        ...t.deps.auth,
        $context: Promise.resolve({
          ...context,
          password: {
            ...context.password,
            hash: async (password: string) => {
              await resendInvitation(t.deps, { id: ownerId, role: 'owner' }, id);
              return context.password.hash(password);
            },
          },
        }),
      } as typeof t.deps.auth,
    };
    await expect(
      acceptInvitation(raced, { token: old, fullName: 'Eski Bağlantı', password: GOOD_PASSWORD, lang: 'tr' }),
    ).rejects.toMatchObject({ code: 'INVITATION_INVALID' });
    expect(await t.deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const fresh = (await mailsTo(email, 'staffInvited')).map(tokenOf).find((token) => token !== old) as string;
    expect(await stillOpen(fresh)).toBe(true);
  });
});

describe('step-up on the staff screen (decision 0068)', () => {
  it('refuses every staff-screen operation to an owner whose code is old, changing nothing, and serves it after a code', async () => {
    // A stolen owner cookie: the session's last second-factor code is 16 minutes old.
    const thief = await createStaffMember(t, 'owner');
    const member = await createStaffMember(t, 'support');
    const away = await createStaffMember(t, 'finance');
    expect((await owner.post(`/api/admin/staff/members/${away.id}/deactivate`)).status).toBe(200);
    await t.deps.database.db
      .update(sessions)
      .set({ twoFactorAt: new Date(Date.now() - STEP_UP_MAX_AGE_MS - 60_000) })
      .where(eq(sessions.userId, thief.id));
    const accomplice = uniqueEmail('suc-ortagi');
    const calls = [
      () => thief.c.get('/api/admin/staff'),
      () => thief.c.post('/api/admin/staff/invitations', { email: accomplice, role: 'owner' }),
      () => thief.c.request('PUT', `/api/admin/staff/members/${member.id}/role`, { role: 'owner' }),
      () => thief.c.post(`/api/admin/staff/members/${member.id}/deactivate`),
      () => thief.c.post(`/api/admin/staff/members/${away.id}/reactivate`),
      () => thief.c.post(`/api/admin/staff/${member.id}/two-factor/reset`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error.code).toBe('STEP_UP_REQUIRED');
    }
    const db = t.deps.database.db;
    expect(await db.select().from(staffInvitations).where(eq(staffInvitations.email, accomplice))).toEqual([]);
    const [still] = await db.select().from(users).where(eq(users.id, member.id));
    expect(still).toMatchObject({ role: 'support', deactivatedAt: null });
    const [factor] = await db.select().from(twoFactors).where(eq(twoFactors.userId, member.id));
    expect(factor?.enabledAt).toBeTruthy();
    const [gone] = await db.select().from(users).where(eq(users.id, away.id));
    expect(gone.deactivatedAt).not.toBeNull();

    // A fresh code, and the same member is served.
    const verified = await thief.c.post('/api/me/two-factor/verify', { code: nextSecondFactorCode(thief.email) });
    expect(verified.status).toBe(200);
    expect((await thief.c.post('/api/admin/staff/invitations', { email: accomplice, role: 'owner' })).status).toBe(201);
  });
});

describe('the first owner only', () => {
  it('refuses the admin code once an owner exists, with ADMIN_SIGNUP_CLOSED', async () => {
    const res = await signUpAdmin(t.client());
    expect(res.res.status).toBe(403);
    expect(res.res.body.error.code).toBe('ADMIN_SIGNUP_CLOSED');
  });
});
