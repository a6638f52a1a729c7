import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm } from '../../../../tests/support/files';
import {
  createStaffMember,
  GOOD_PASSWORD,
  knownFactor,
  nextSecondFactorCode,
  signUp,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { RECENT_SIGN_IN_MS } from '../../../shared/domain/limits';
import { adminResetTwoFactor } from '../../cli/admin-reset-2fa.command';
import { auditEvents, mailOutbox, recoveryCodes, sessions, twoFactors, users } from '../../db/schema';
import { STEP_UP_MAX_AGE_MS } from '../../platform/http/admin-door';
import { helpers, PREPARED } from '../ein/ein.fixtures';
import { base32Decode, hotp, timeStep, totpCode } from './totp.service';

const test = apiTest;
let t: TestApp;
const einHelpers = helpers(() => t);
test.beforeAll(({ app }) => {
  t = app;
});

const db = () => t.deps.database.db;

/** A customer who turns the second factor on through the API; the code is computed from the key it shows. */
async function customerWithFactor() {
  const c = t.client();
  const { res, email } = await signUp(c);
  expect(res.status).toBe(201);
  const setup = await c.post('/api/me/two-factor/setup');
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const step = timeStep(Date.now());
  const enable = await c.post('/api/me/two-factor/enable', { code: hotp(base32Decode(secret), step) });
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
  return {
    c,
    email,
    id: res.body.user.id as string,
    secret,
    step,
    recoveryCodes: enable.body.recoveryCodes as string[],
  };
}

async function auditOf(userId: string, action: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.action, action)));
}

/** A sign-in that stops at the second step (the password was right). */
async function passwordOnly(email: string, ip?: string): Promise<TestClient> {
  const c = t.client(ip ? { ip } : {});
  const res = await c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ twoFactorRequired: true });
  return c;
}

describe('enrolment', () => {
  it('shows a key as text and as a QR code, turns on with a code from it, and answers ten recovery codes once', async () => {
    const c = t.client();
    const { res } = await signUp(c);
    const id = res.body.user.id as string;
    expect((await c.get('/api/me')).body.twoFactorEnabled).toBe(false);
    const setup = await c.post('/api/me/two-factor/setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauthUri).toContain('digits=6&period=30');
    expect(setup.body.qr.path).toMatch(/^M4 4\.5h7m/);
    // Not on until a code confirms it: a wrong code changes nothing.
    const wrong = await c.post('/api/me/two-factor/enable', {
      code: '000000' === totpCode(setup.body.secret, Date.now()) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await c.get('/api/me/two-factor')).body).toEqual({
      enabled: false,
      passwordNeeded: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const enable = await c.post('/api/me/two-factor/enable', { code: totpCode(setup.body.secret, Date.now()) });
    expect(enable.status).toBe(200);
    const codes = enable.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect((await c.get('/api/me')).body.twoFactorEnabled).toBe(true);
    expect((await c.get('/api/me/two-factor')).body).toEqual({
      enabled: true,
      passwordNeeded: false,
      required: false,
      recoveryCodesLeft: 10,
    });
    // Kept encrypted and hashed: neither the key nor any code is in the database as it was shown.
    const [row] = await db().select().from(twoFactors).where(eq(twoFactors.userId, id));
    expect(row.secretEncrypted.startsWith('v1:')).toBe(true);
    expect(row.secretEncrypted).not.toContain(setup.body.secret);
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.some((code) => s.codeHash.includes(code.replace(/-/g, '')))).toBe(false);
    expect(await auditOf(id, 'auth.two_factor_enabled')).toHaveLength(1);
    // A second setup is refused while it is on.
    expect((await c.post('/api/me/two-factor/setup')).body.error.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('asks for the current password first when the sign-in is older than ten minutes', async () => {
    const c = t.client();
    const { res } = await signUp(c);
    const id = res.body.user.id as string;
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - RECENT_SIGN_IN_MS - 60_000) })
      .where(eq(sessions.userId, id));
    expect((await c.get('/api/me/two-factor')).body.passwordNeeded).toBe(true);
    const none = await c.post('/api/me/two-factor/setup');
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ currentPassword: 'validation.passwordRequired' });
    const wrong = await c.post('/api/me/two-factor/setup', { currentPassword: `${GOOD_PASSWORD}x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    // Nothing was started by either refusal.
    expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, id))).toHaveLength(0);
    const right = await c.post('/api/me/two-factor/setup', { currentPassword: GOOD_PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body.secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('sign-in with a second factor', () => {
  it('asks for a code after the password; the waiting session opens nothing until a right code', async () => {
    const who = await customerWithFactor();
    const c = await passwordOnly(who.email);
    expect((await c.get('/api/me')).status).toBe(401);
    expect((await c.get('/api/documents')).status).toBe(401);
    const code = hotp(base32Decode(who.secret), who.step + 1);
    const done = await c.post('/api/auth/sign-in/two-factor', { code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.email).toBe(who.email);
    expect(done.body.redirectTo).toBe('/onboarding');
    expect((await c.get('/api/me')).status).toBe(200);
    const signIns = await auditOf(who.id, 'auth.sign_in');
    expect(signIns.map((r) => r.after)).toContainEqual({ method: 'password+totp' });
  });

  it('refuses a wrong code (audited) and a code already used, in its window or older', async () => {
    const who = await customerWithFactor();
    const c = await passwordOnly(who.email);
    const current = timeStep(Date.now());
    const wrongCode = (Number(hotp(base32Decode(who.secret), current)) + 1) % 1_000_000;
    const wrong = await c.post('/api/auth/sign-in/two-factor', { code: String(wrongCode).padStart(6, '0') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await auditOf(who.id, 'auth.two_factor_failed')).map((r) => r.after)).toEqual([
      { purpose: 'sign_in', kind: 'totp' },
    ]);
    // The enrolment's own code (its step is stored): refused although it is still in its window.
    const enrolmentCode = hotp(base32Decode(who.secret), who.step);
    expect((await c.post('/api/auth/sign-in/two-factor', { code: enrolmentCode })).status).toBe(400);
    const next = hotp(base32Decode(who.secret), who.step + 1);
    expect((await c.post('/api/auth/sign-in/two-factor', { code: next })).status).toBe(200);
    // The same code again, on a new sign-in a moment later: refused.
    const again = await passwordOnly(who.email);
    const reused = await again.post('/api/auth/sign-in/two-factor', { code: next });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await again.get('/api/me')).status).toBe(401);
  });

  it('takes a recovery code once, in any case and spacing, and never twice', async () => {
    const who = await customerWithFactor();
    const [first] = who.recoveryCodes;
    const c = await passwordOnly(who.email);
    const typed = ` ${first.toLowerCase().replace(/-/g, ' ')} `;
    const ok = await c.post('/api/auth/sign-in/two-factor', { code: typed });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await c.get('/api/me/two-factor')).body.recoveryCodesLeft).toBe(9);
    expect(await auditOf(who.id, 'auth.recovery_code_used')).toHaveLength(1);
    const again = await passwordOnly(who.email);
    const twice = await again.post('/api/auth/sign-in/two-factor', { code: first });
    expect(twice.status).toBe(400);
    expect(twice.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('throttles guessed codes with the password limits too: after ten attempts from one address even the right code waits', async () => {
    const who = await customerWithFactor();
    const ip = '198.18.250.1';
    const c = await passwordOnly(who.email, ip);
    const right = hotp(base32Decode(who.secret), who.step + 1);
    // Wrong recovery codes: the app's codes have their own, tighter limit per account (decision 0070).
    const wrong = 'AAAA-BBBB-CCCC-DDDD';
    // The password's attempt is the first of the ten per address and account (RATE_LIMITS).
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1)
      answers.push((await c.post('/api/auth/sign-in/two-factor', { code: wrong })).status);
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(answers[9]).toBe(429);
    const blocked = await c.post('/api/auth/sign-in/two-factor', { code: right });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    // The password from that address is held back as well; the account signs in from elsewhere.
    expect(
      (await t.client({ ip }).post('/api/auth/sign-in', { email: who.email, password: GOOD_PASSWORD })).status,
    ).toBe(429);
    const elsewhere = await passwordOnly(who.email);
    expect((await elsewhere.post('/api/auth/sign-in/two-factor', { code: right })).status).toBe(200);
  });

  it('lets a waiting sign-in lapse after ten minutes', async () => {
    const who = await customerWithFactor();
    const c = await passwordOnly(who.email);
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(and(eq(sessions.userId, who.id), eq(sessions.twoFactorPending, true)));
    const late = await c.post('/api/auth/sign-in/two-factor', { code: hotp(base32Decode(who.secret), who.step + 1) });
    expect(late.status).toBe(401);
  });

  it('lets a customer turn it off with a code, after which the password is enough again', async () => {
    const who = await customerWithFactor();
    const off = await who.c.post('/api/me/two-factor/disable', { code: hotp(base32Decode(who.secret), who.step + 1) });
    expect(off.status).toBe(200);
    expect(await auditOf(who.id, 'auth.two_factor_disabled')).toHaveLength(1);
    expect((await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.id))).length).toBe(0);
    const res = await t.client().post('/api/auth/sign-in', { email: who.email, password: GOOD_PASSWORD });
    expect(res.body.user.email).toBe(who.email);
  });

  it('gives ten new recovery codes for a code; the old ones stop working', async () => {
    const who = await customerWithFactor();
    const fresh = await who.c.post('/api/me/two-factor/recovery-codes', {
      code: hotp(base32Decode(who.secret), who.step + 1),
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const c = await passwordOnly(who.email);
    expect((await c.post('/api/auth/sign-in/two-factor', { code: who.recoveryCodes[0] })).status).toBe(400);
    expect((await c.post('/api/auth/sign-in/two-factor', { code: fresh.body.recoveryCodes[0] })).status).toBe(200);
  });
});

describe('staff', () => {
  async function unenrolledStaff() {
    const c = t.client();
    const { res, email } = await signUp(c);
    await db().update(users).set({ role: 'support' }).where(eq(users.id, res.body.user.id));
    return { c, email, id: res.body.user.id as string };
  }

  it('answers every admin operation with 403 TWO_FACTOR_REQUIRED until the member enrols', async () => {
    const member = await unenrolledStaff();
    const me = await member.c.get('/api/me');
    expect(me.body).toMatchObject({ user: { role: 'support' }, twoFactorEnabled: false });
    const refused = await member.c.get('/api/admin/overview');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await member.c.get('/api/me/two-factor')).body).toMatchObject({ enabled: false, required: true });
    const setup = await member.c.post('/api/me/two-factor/setup');
    await member.c.post('/api/me/two-factor/enable', { code: totpCode(setup.body.secret, Date.now()) });
    expect((await member.c.get('/api/admin/overview')).status).toBe(200);
    // Staff cannot turn it off.
    const off = await member.c.post('/api/me/two-factor/disable', { code: '123456' });
    expect(off.status).toBe(403);
    expect(off.body.error.code).toBe('TWO_FACTOR_MANDATORY');
  });

  it('asks for a fresh code before an SSN reveal or an export when the last one is over 15 minutes old', async () => {
    // An owner, made as the portal makes staff after the first (decision 0043), enrolled.
    const { c: admin, id: adminId, email } = await createStaffMember(t, 'owner');
    const { application, id: customerId } = await einHelpers.applicant({ responsiblePartySsn: '123456789' });
    const applicationId = application.id as string;
    const reveal = () => admin.post(`/api/admin/ein-applications/${applicationId}/ssn`, {});
    const exportCsv = () => admin.get('/api/admin/orders/export.csv?mode=test');
    // Enrolment just gave a code.
    expect((await reveal()).status).toBe(200);
    expect((await exportCsv()).status).toBe(200);
    // The prepared SS-4 carries the SSN; the EIN letter does not.
    const prepared = await admin.post(`/api/admin/ein-applications/${applicationId}/ss4`, fileForm(PREPARED));
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const docs = await einHelpers.documentsOf(customerId);
    const ss4Path = docs.find((d) => d.category === 'ss4')?.filePath as string;
    const ss4File = () => admin.get(`/api/files/${ss4Path}`);
    const generated = () => admin.get(`/api/admin/ein-applications/${applicationId}/ss4-generated`);
    expect((await ss4File()).status).toBe(200);
    // Nothing generated yet: the answer past the door says so.
    expect((await generated()).body.error.code).toBe('SS4_GENERATED_NOT_AVAILABLE');
    await db()
      .update(sessions)
      .set({ twoFactorAt: new Date(Date.now() - STEP_UP_MAX_AGE_MS - 60_000) })
      .where(eq(sessions.userId, adminId));
    const ss4Calls = [
      ss4File,
      generated,
      () => admin.post(`/api/admin/ein-applications/${applicationId}/ss4-generate`, {}),
    ];
    for (const call of [
      reveal,
      exportCsv,
      () => admin.get('/api/admin/formations/export.csv?format=csv'),
      ...ss4Calls,
    ]) {
      const stale = await call();
      expect(stale.status).toBe(403);
      expect(stale.body.error.code).toBe('STEP_UP_REQUIRED');
    }
    // Reading the list needs no code.
    expect((await admin.get('/api/admin/ein-applications?page=1&pageSize=20')).status).toBe(200);
    const wrong = await admin.post('/api/me/two-factor/verify', { code: 'AAAA-AAAA-AAAA-AAAA' });
    expect(wrong.status).toBe(400);
    expect((await reveal()).status).toBe(403);
    expect((await admin.post('/api/me/two-factor/verify', { code: nextSecondFactorCode(email) })).status).toBe(200);
    const revealed = await reveal();
    expect(revealed.status).toBe(200);
    expect((await ss4File()).status).toBe(200);
    expect(revealed.body.ssn).toMatch(/^\d{3}-\d{2}-\d{4}$/);
    expect((await exportCsv()).status).toBe(200);
  });

  it("lets an owner reset another member's second factor: audited, mailed, sessions ended, enrolment again", async () => {
    const { c: owner, id: ownerId } = await createStaffMember(t, 'owner');
    const member = await unenrolledStaff();
    const setup = await member.c.post('/api/me/two-factor/setup');
    await member.c.post('/api/me/two-factor/enable', { code: totpCode(setup.body.secret, Date.now()) });
    expect((await member.c.get('/api/admin/overview')).status).toBe(200);

    const self = await owner.post(`/api/admin/staff/${ownerId}/two-factor/reset`);
    expect(self.status).toBe(409);
    const done = await owner.post(`/api/admin/staff/${member.id}/two-factor/reset`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await member.c.get('/api/me')).status).toBe(401);
    const [audit] = await auditOf(member.id, 'auth.two_factor_reset');
    expect(audit.actorId).toBe(ownerId);
    await t.deps.mailer.drain();
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    expect(mails.map((m) => m.template)).toContain('twoFactorReset');
    // Nothing left to reset; a customer is no staff member.
    expect((await owner.post(`/api/admin/staff/${member.id}/two-factor/reset`)).status).toBe(409);
    const { res: customer } = await signUp(t.client());
    expect((await owner.post(`/api/admin/staff/${customer.body.user.id}/two-factor/reset`)).status).toBe(404);
    // The password alone signs in again, into enrolment.
    const again = t.client();
    const signIn = await again.post('/api/auth/sign-in', { email: member.email, password: GOOD_PASSWORD });
    expect(signIn.body.user.role).toBe('support');
    expect((await again.get('/api/admin/overview')).body.error.code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('admin:reset-2fa resets a locked-out owner from the server', async () => {
    const { c: owner, id: ownerId, email } = await createStaffMember(t, 'owner');
    expect(knownFactor(email).secret).toMatch(/^[A-Z2-7]+$/);
    const lines: string[] = [];
    expect(await adminResetTwoFactor(t.deps, email.toUpperCase(), (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain('second factor removed');
    expect((await owner.get('/api/me')).status).toBe(401);
    const [audit] = await auditOf(ownerId, 'auth.two_factor_reset');
    expect(audit).toMatchObject({ actorId: null, actorRole: 'operator' });
    expect(await adminResetTwoFactor(t.deps, email, () => {})).toBe(3);
    const { email: customerEmail } = await signUp(t.client());
    expect(await adminResetTwoFactor(t.deps, customerEmail, () => {})).toBe(4);
  });
});
