/**
 * Decision 0067: a staff role is granted through one function that ends every
 * credential the account had. The attack: a squatter signs the operator's future staff address up,
 * enrols their own second factor, asks for an email change and keeps the link (and any reset or
 * verification link they can get); the account is then made staff. Each way in must leave them with
 * nothing: the operator's `admin:create --promote`, the staff screen's role change, and an invitation
 * to the squatted address. On both engines.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  createStaffMember,
  enrolTwoFactor,
  GOOD_PASSWORD,
  knownFactor,
  signedInOwner,
  signUp,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from '../../../../tests/support/test-app';
import { adminCreate } from '../../cli/admin-create.command';
import {
  accounts,
  auditEvents,
  emailChanges,
  mailOutbox,
  recoveryCodes,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../db/schema';
import { totpCode } from '../two-factor/totp.service';

const test = apiTest;
let t: TestApp;
let owner: TestClient;

test.beforeAll(async ({ app }) => {
  t = app;
  owner = await signedInOwner(t);
}, 60_000);

const db = () => t.deps.database.db;

/** Every token of `template`'s links mailed to `to`, oldest first. */
async function linkTokens(to: string, template: string, pattern: RegExp): Promise<string[]> {
  await t.deps.mailer.drain();
  const rows = await db()
    .select({ text: mailOutbox.text, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => decodeURIComponent((pattern.exec(r.text) as RegExpExecArray)[1]));
}

const RESET = /reset-password\?token=([^\s"&]+)/;
const CHANGE = /confirm-email\?token=([^\s"&]+)/;
const VERIFY = /verify-email\?token=([^\s"&]+)/;

/**
 * What the squatter holds before the grant: a signed-in session, their own second factor, an
 * email-change link to their own mailbox, and (however they got it) a reset link and a verification link.
 */
async function squat(c: TestClient, email: string, password = GOOD_PASSWORD) {
  const mine = uniqueEmail('squatter-own');
  const change = await c.post('/api/account/email-change', { newEmail: mine, currentPassword: password });
  expect(change.status, JSON.stringify(change.body)).toBe(200);
  await t.client().post('/api/auth/forgot-password', { email });
  const [changeToken] = await linkTokens(mine, 'emailChange', CHANGE);
  const resetToken = (await linkTokens(email, 'reset', RESET)).at(-1) as string;
  const verifyToken = (await linkTokens(email, 'verify', VERIFY)).at(-1);
  return { mine, changeToken, resetToken, verifyToken };
}

/** Whatever the squatter tries after the grant gets them nothing: no session, no address, no password. */
async function expectLockedOut(
  c: TestClient,
  email: string,
  held: Awaited<ReturnType<typeof squat>>,
  userId: string,
  password = GOOD_PASSWORD,
) {
  expect((await c.get('/api/me')).status).toBe(401);
  const confirm = await t.client().post('/api/account/email-change/confirm', { token: held.changeToken });
  expect(confirm.status).toBe(400);
  expect(confirm.body.error.code).toBe('INVALID_TOKEN');
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  expect(row.email).toBe(email);
  const reset = await t.client().post('/api/auth/reset-password', {
    token: held.resetToken,
    password: 'Squatt3r!pass',
    confirmPassword: 'Squatt3r!pass',
  });
  expect(reset.status).toBe(400);
  expect(reset.body.error.code).toBe('INVALID_TOKEN');
  // The password they chose is gone with the rest, and so is their second factor.
  const signIn = await t.client().post('/api/auth/sign-in', { email, password });
  expect(signIn.status).toBe(401);
  expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, userId))).toEqual([]);
  expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).toEqual([]);
  expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
  expect(await db().select().from(emailChanges).where(eq(emailChanges.userId, userId))).toEqual([]);
}

/** The mailbox's owner comes in by the link mailed after the grant, and must enrol a second factor afresh. */
async function ownerOfMailboxGetsIn(email: string, staleResets: string[], role: string) {
  const fresh = (await linkTokens(email, 'reset', RESET)).filter((token) => !staleResets.includes(token));
  expect(fresh).toHaveLength(1);
  const reset = await t.client().post('/api/auth/reset-password', {
    token: fresh[0],
    password: 'Rightful0wner!',
    confirmPassword: 'Rightful0wner!',
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  const c = t.client();
  const signIn = await c.post('/api/auth/sign-in', { email, password: 'Rightful0wner!' });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  expect(signIn.body.twoFactorRequired).toBeUndefined();
  expect(signIn.body.user.role).toBe(role);
  // The admin door sends a staff member without a second factor to enrol first.
  const door = await c.get('/api/admin/audit/actors');
  expect(door.status).toBe(403);
  expect(door.body.error.code).toBe('TWO_FACTOR_REQUIRED');
  await enrolTwoFactor(c, email);
  expect((await c.get('/api/admin/audit/actors')).status).toBe(200);
}

describe('admin:create --promote', () => {
  it('leaves the squatter of the address with no way in, and the mailbox owner with one', async () => {
    const squatter = t.client();
    const { res, email } = await signUp(squatter);
    const id = res.body.user.id as string;
    const factor = await enrolTwoFactor(squatter, email);
    const held = await squat(squatter, email);
    const staleResets = await linkTokens(email, 'reset', RESET);

    const lines: string[] = [];
    const code = await adminCreate(t.deps, { email, name: 'Operatör', promote: true }, (l) => lines.push(l));
    expect(code, lines.join('\n')).toBe(0);

    await expectLockedOut(squatter, email, held, id);
    // Their own app's code opens nothing: there is no password to pair it with and no factor to check it.
    const withCode = t.client();
    await withCode.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    const code2 = totpCode(factor.secret, Date.now());
    expect((await withCode.post('/api/auth/sign-in/two-factor', { code: code2 })).status).not.toBe(200);
    // The verification link they may have kept is dead too.
    if (held.verifyToken) {
      const verify = await t.client().get(`/api/auth/verify-email?token=${encodeURIComponent(held.verifyToken)}`);
      expect(verify.headers.get('location')).toContain('verified=0');
      const [row] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, id));
      expect(row.verified).toBe(false);
    }
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'admin.created'), eq(auditEvents.entityId, id)));
    expect(audit).toMatchObject({
      actorId: null,
      actorRole: 'operator',
      before: { role: 'customer' },
      after: {
        role: 'owner',
        via: 'cli-promote',
        credentialsEnded: { sessions: 1, emailChanges: 1, twoFactor: true, recoveryCodes: 10, password: true },
      },
    });
    await ownerOfMailboxGetsIn(email, staleResets, 'owner');
  });

  it('refuses what was issued before the grant even if a copy outlived its deletion', async () => {
    const squatter = t.client();
    const { res, email } = await signUp(squatter);
    const id = res.body.user.id as string;
    const held = await squat(squatter, email);
    const kept = {
      sessions: await db().select().from(sessions).where(eq(sessions.userId, id)),
      changes: await db().select().from(emailChanges).where(eq(emailChanges.userId, id)),
      links: await db().select().from(verifications).where(eq(verifications.value, id)),
      credential: await db().select().from(accounts).where(eq(accounts.userId, id)),
    };
    expect(await adminCreate(t.deps, { email, name: 'Operatör', promote: true }, () => {})).toBe(0);
    // A restored backup or a racing write puts them back: the stamp still refuses them.
    await db().insert(sessions).values(kept.sessions);
    await db().insert(emailChanges).values(kept.changes);
    await db().insert(verifications).values(kept.links).onConflictDoNothing();
    expect((await squatter.get('/api/me')).status).toBe(401);
    expect((await t.client().post('/api/account/email-change/confirm', { token: held.changeToken })).status).toBe(400);
    const reset = await t.client().post('/api/auth/reset-password', {
      token: held.resetToken,
      password: 'Squatt3r!pass',
      confirmPassword: 'Squatt3r!pass',
    });
    expect(reset.status).toBe(400);
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email, role: 'owner' });
    expect(kept.credential[0].password).toBeTruthy();
    const [credential] = await db().select().from(accounts).where(eq(accounts.userId, id));
    expect(credential.password).toBeNull();
  });
});

describe('the staff screen', () => {
  it('a role change ends every credential the member had; the mailbox owner comes back in', async () => {
    const member = await createStaffMember(t, 'support');
    const held = await squat(member.c, member.email, member.password);
    const staleResets = await linkTokens(member.email, 'reset', RESET);
    const factor = knownFactor(member.email);
    expect(factor).toBeTruthy();
    const res = await owner.request('PUT', `/api/admin/staff/members/${member.id}/role`, { role: 'owner' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    await expectLockedOut(member.c, member.email, held, member.id, member.password);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'staff.role_changed'), eq(auditEvents.entityId, member.id)));
    expect(audit).toMatchObject({
      before: { role: 'support' },
      after: { role: 'owner', via: 'staff-screen', credentialsEnded: { twoFactor: true, password: true } },
    });
    await ownerOfMailboxGetsIn(member.email, staleResets, 'owner');
  });
});

describe('an invitation', () => {
  it('never lands on an account someone signed up first: the squatter stays a customer', async () => {
    const email = uniqueEmail('davet-isgal');
    const invited = await owner.post('/api/admin/staff/invitations', { email, role: 'owner' });
    expect(invited.status).toBe(201);
    const [token] = await linkTokens(email, 'staffInvited', /\/invite\/([A-Za-z0-9_-]+)/);
    const squatter = t.client();
    const { res } = await signUp(squatter, { email });
    expect(res.status).toBe(201);
    await enrolTwoFactor(squatter, email);
    await squat(squatter, email);
    const accept = await t.client().post('/api/invitations/accept', {
      token,
      fullName: 'Gerçek Kişi',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(accept.status).not.toBe(201);
    expect(accept.body.error.code).toBe('EMAIL_TAKEN');
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.email, email));
    expect(row.role).toBe('customer');
    // And an address that has an account is never invited in the first place.
    const again = await owner.post('/api/admin/staff/invitations', { email, role: 'owner' });
    expect(again.body.error.code).toBe('EMAIL_TAKEN');
  });
});
