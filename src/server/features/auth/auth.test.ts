import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  GOOD_PASSWORD,
  nextSecondFactorCode,
  signUp,
  signUpAdmin,
  type TestApp,
  uniqueEmail,
} from '../../../../tests/support/test-app';
import { STAFF_HOME } from '../../../shared/domain/permissions';
import { STAFF_ROLES } from '../../../shared/domain/roles';
import { mailOutbox, sessions, userProfiles, users, verifications } from '../../db/schema';
import { storedVerificationIdentifier } from './verification-token.service';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

async function countUsers(email: string) {
  return (await t.deps.database.db.select().from(users).where(eq(users.email, email))).length;
}

async function latestMail(to: string, template: string) {
  await t.deps.mailer.drain();
  const rows = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.filter((r) => r.template === template).at(-1);
}

describe('sign-up', () => {
  it('creates the account, the profile with UTM fields, a session and a verification mail', async () => {
    const c = t.client();
    const { res, email } = await signUp(c, {
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'launch',
    });
    expect(res.status).toBe(201);
    expect(res.body.redirectTo).toBe('/onboarding');
    expect(res.body.user).toMatchObject({ email, fullName: 'Ayşe Yılmaz', role: 'customer', emailVerified: false });
    const [profile] = await t.deps.database.db.select().from(userProfiles).where(eq(userProfiles.email, email));
    expect(profile).toMatchObject({ utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'launch' });
    const session = c.setCookies.find((s) => s.startsWith('portal.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.home).toBe('/onboarding');
    const mail = await latestMail(email, 'verify');
    expect(mail?.status).toBe('stored');
    expect(mail?.subject).toBe('E-posta adresinizi doğrulayın');
    expect(mail?.text).toMatch(/\/api\/auth\/verify-email\?token=/);
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'validation.fullNameRequired', 'Full name is required'],
    [{ email: '' }, 'email', 'validation.emailRequired', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'validation.emailInvalid', 'Please enter a valid email address'],
    [{ password: '', confirmPassword: '' }, 'password', 'validation.passwordRequired', 'Password is required'],
    [
      { password: 'abc1', confirmPassword: 'abc1' },
      'password',
      'validation.passwordMin',
      'Password must be at least 8 characters',
    ],
    [
      { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      'password',
      'validation.passwordDigit',
      'Password must contain at least one number',
    ],
    [{ confirmPassword: 'Different1' }, 'confirmPassword', 'validation.passwordsMismatch', 'Passwords do not match'],
    [{ terms: false }, 'terms', 'validation.termsRequired', 'You must agree to the Terms of Service'],
  ])('refuses %o with 400 naming %s, and writes nothing', async (override, field, key, _english) => {
    const email = (override as { email?: string }).email ?? uniqueEmail('bad');
    const { res } = await signUp(t.client(), { email, ...override });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(key);
    if (email.includes('@')) expect(await countUsers(email)).toBe(0);
  });

  it('refuses a taken email with 409 EMAIL_TAKEN, in the caller language', async () => {
    const { email } = await signUp(t.client());
    const { res } = await signUp(t.client(), { email });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
    expect(res.body.error.message).toBe('Bu e-posta adresi zaten kayıtlı');
    const en = await t.client().post('/api/auth/sign-up?lang=en', {
      fullName: 'X',
      email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      terms: true,
    });
    expect(en.body.error.message).toBe('This email is already registered');
  });

  it('ignores a role in the body: a new account is always a customer', async () => {
    const c = t.client();
    const { res, email } = await signUp(c, { role: 'owner' });
    expect(res.status).toBe(201);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row.role).toBe('customer');
    const patched = await c.patch('/api/me', { lang: 'en', role: 'owner' });
    expect(patched.status).toBe(200);
    const [after] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(after.role).toBe('customer');
    expect(after.lang).toBe('en');
    expect((await c.get('/api/admin/overview')).status).toBe(403);
  });
});

describe('sign-in', () => {
  it('refuses bad credentials with INVALID_CREDENTIALS on both fields', async () => {
    const { email } = await signUp(t.client());
    const res = await t.client().post('/api/auth/sign-in', { email, password: 'wrong-password1' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(res.body.error.message).toBe('Giriş Bilgileri Hatalı');
    expect(res.body.error.fields).toEqual({ email: 'auth.invalidCredentials', password: 'auth.invalidCredentials' });
    const unknown = await t.client().post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'x' });
    expect(unknown.status).toBe(401);
  });

  it('requires both fields', async () => {
    const res = await t.client().post('/api/auth/sign-in', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
  });

  it('sends a customer without a formation to /onboarding', async () => {
    const { email } = await signUp(t.client());
    const c = t.client();
    const res = await c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ redirectTo: '/onboarding', hasFormation: false });
  });

  it('makes a browser-session cookie without remember-me and a 30-day one with it', async () => {
    const { email } = await signUp(t.client());
    const plain = t.client();
    await plain.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD, rememberMe: false });
    const plainCookie = plain.setCookies.find((s) => s.startsWith('portal.session_token='));
    expect(plainCookie).toBeDefined();
    expect(plainCookie).not.toMatch(/Max-Age/i);
    const remembered = t.client();
    await remembered.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD, rememberMe: true });
    const cookie = remembered.setCookies.find((s) => s.startsWith('portal.session_token='));
    expect(cookie).toMatch(/Max-Age=2592000/i);
  });

  it('locks an email after 10 failures in 15 minutes from one address with 429, leaving other accounts alone', async () => {
    const { email } = await signUp(t.client());
    const other = await signUp(t.client());
    const guesser = t.client({ ip: '192.0.2.10' });
    for (let i = 0; i < 10; i++) {
      const res = await guesser.post('/api/auth/sign-in', { email, password: `wrong${i}xyz` });
      expect(res.status).toBe(401);
    }
    const locked = await guesser.post('/api/auth/sign-in?lang=en', { email, password: GOOD_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.body.error.message).toMatch(/15 minutes/);
    const fine = await guesser.post('/api/auth/sign-in', { email: other.email, password: GOOD_PASSWORD });
    expect(fine.status).toBe(200);
  });
});

describe('sign-out and sessions', () => {
  it('ends the session on the server', async () => {
    const c = t.client();
    await signUp(c);
    const token = c.cookies.get('portal.session_token');
    expect(token).toBeTruthy();
    expect((await c.post('/api/auth/sign-out')).status).toBe(200);
    expect((await c.get('/api/me')).status).toBe(401);
    // Replaying the old cookie does not work either: the session row is gone.
    const replay = t.client();
    replay.cookies.set('portal.session_token', token as string);
    expect((await replay.get('/api/me')).status).toBe(401);
    // Signing out without a session is fine.
    expect((await t.client().post('/api/auth/sign-out')).status).toBe(200);
  });

  it('answers 401 to anonymous callers of /api/me', async () => {
    const res = await t.client().get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known addresses', async () => {
    const { email } = await signUp(t.client());
    const known = await t.client().post('/api/auth/forgot-password', { email });
    const unknown = await t.client().post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });

  it('sets a new password from the mailed token and ends old sessions', async () => {
    const old = t.client();
    const { email } = await signUp(old);
    expect((await old.get('/api/me')).status).toBe(200);
    await t.client().post('/api/auth/forgot-password', { email });
    const mail = await latestMail(email, 'reset');
    const token = /reset-password\?token=([^\s"&]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    // Decision 0071: the row keeps only the token's hash; a copy of the database holds no live link.
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    const rows = await t.deps.database.db.select().from(verifications).where(eq(verifications.value, user.id));
    expect(rows).toHaveLength(1);
    const raw = decodeURIComponent(token as string);
    expect(JSON.stringify(rows)).not.toContain(raw);
    expect(rows[0].identifier).toBe(storedVerificationIdentifier(`reset-password:${raw}`));
    const bad = await t.client().post('/api/auth/reset-password', {
      token: 'nonsense',
      password: 'NewPassw0rd',
      confirmPassword: 'NewPassw0rd',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_TOKEN');
    const ok = await t.client().post('/api/auth/reset-password', {
      token: decodeURIComponent(token as string),
      password: 'NewPassw0rd',
      confirmPassword: 'NewPassw0rd',
    });
    expect(ok.status).toBe(200);
    expect((await old.get('/api/me')).status).toBe(401);
    expect((await t.client().post('/api/auth/sign-in', { email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await t.client().post('/api/auth/sign-in', { email, password: 'NewPassw0rd' })).status).toBe(200);
  });
});

describe('reset tokens at rest (decision 0071)', () => {
  it('migration 0037 hashes the rows written before it as better-auth does', async () => {
    const statement = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0037_hashed_verification_tokens.sql'),
      'utf8',
    );
    const id = randomUUID();
    class Rollback extends Error {}
    // In a rolled-back transaction: the statement rewrites every row of the shared test database.
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        await tx.insert(verifications).values({
          id,
          identifier: 'reset-password:raw-token',
          value: 'x',
          expiresAt: new Date(Date.now() + 3600_000),
        });
        await tx.execute(sql.raw(statement));
        const [row] = await tx.select().from(verifications).where(eq(verifications.id, id));
        expect(row.identifier).toBe(storedVerificationIdentifier('reset-password:raw-token'));
        throw new Rollback();
      }),
    ).rejects.toThrow(Rollback);
  });
});

describe('email verification', () => {
  it('verifies from the mailed link and resends on request', async () => {
    const c = t.client();
    const { email } = await signUp(c);
    expect((await c.post('/api/auth/verify-email/resend')).status).toBe(200);
    expect((await t.client().post('/api/auth/verify-email/resend')).status).toBe(401);
    const mail = await latestMail(email, 'verify');
    const link = /(\/api\/auth\/verify-email\?token=[^\s"]+)/.exec(mail?.text ?? '')?.[1] as string;
    const res = await t.client().get(link);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard?verified=1');
    expect((await c.get('/api/me')).body.user.emailVerified).toBe(true);
  });
});

describe('admin sign-up and the admin guard', () => {
  it('checks the code on the server', async () => {
    const wrong = await signUpAdmin(t.client(), { adminCode: 'guess' });
    expect(wrong.res.status).toBe(403);
    expect(wrong.res.body.error.fields).toEqual({ adminCode: 'errors.INVALID_ADMIN_CODE' });
    expect(await countUsers(wrong.email)).toBe(0);
    const missing = await signUpAdmin(t.client(), { adminCode: '' });
    expect(missing.res.status).toBe(400);
    expect(missing.res.body.error.fields.adminCode).toBe('validation.adminCodeRequired');
  });

  it('needs 8 characters but no digit, and refuses a registered email', async () => {
    const short = await signUpAdmin(t.client(), { password: 'short', confirmPassword: 'short' });
    expect(short.res.body.error.fields.password).toBe('validation.passwordMin');
    const { email } = await signUp(t.client());
    const taken = await signUpAdmin(t.client(), { email });
    expect(taken.res.status).toBe(409);
    expect(taken.res.body.error.fields).toEqual({ email: 'errors.EMAIL_TAKEN' });
  });

  it('creates an owner who lands on /admin/ein; the guard refuses anonymous (401) and customers (403)', async () => {
    const admin = t.client();
    const { res, email } = await signUpAdmin(admin);
    expect(res.status).toBe(201);
    expect(res.body.redirectTo).toBe('/admin/ein');
    expect((await admin.get('/api/me')).body.user.role).toBe('owner');
    const overview = await admin.get('/api/admin/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.admins).toBeGreaterThanOrEqual(1);
    // The owner has a second factor (signUpAdmin enrols it): the password, then a code.
    const again = t.client();
    expect((await again.post('/api/auth/sign-in', { email, password: 'adminpassword' })).body).toEqual({
      twoFactorRequired: true,
    });
    const signIn = await again.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(email) });
    expect(signIn.body.redirectTo).toBe('/admin/ein');
    expect((await t.client().get('/api/admin/overview')).status).toBe(401);
    const customer = t.client();
    await signUp(customer);
    const refused = await customer.get('/api/admin/overview');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
  });

  it.each(STAFF_ROLES)('sends %s, on sign-in and in /api/me, to its own desk', async (role) => {
    const c = t.client();
    const { res, email } = await signUp(c);
    expect(res.status).toBe(201);
    // Staff other than the first owner come by invitation later; the role is set as that will set it.
    await t.deps.database.db.update(users).set({ role }).where(eq(users.email, email));
    const signIn = await c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ user: { role }, redirectTo: STAFF_HOME[role] });
    const me = await c.get('/api/me');
    expect(me.body).toMatchObject({ user: { role }, home: STAFF_HOME[role] });
  });
});

describe('HTTP hygiene', () => {
  it('sends security headers and no-store on API responses', async () => {
    const res = await t.client().get('/api/me');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a cross-site write', async () => {
    const res = await t.client().post('/api/auth/sign-out', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('answers health, readiness and the OpenAPI document', async () => {
    expect((await t.client().get('/healthz')).status).toBe(200);
    const ready = await t.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    const doc = await t.client().get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/api/me', '/api/admin/overview']),
    );
    const docs = await t.client().get('/api/docs');
    expect(docs.body).toMatch(/swagger-ui-bundle\.js/);
  });

  it('answers an unknown API path with a JSON 404 and malformed JSON with 400', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const c = t.client();
    const bad = await c.request('POST', '/api/auth/sign-in', undefined, { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
  });

  it('never stores a password in clear text', async () => {
    const { email } = await signUp(t.client());
    const rows = await t.deps.database.db.execute(
      `select * from accounts a join users u on u.id = a.user_id where u.email = '${email}'`,
    );
    expect(JSON.stringify(rows.rows)).not.toContain(GOOD_PASSWORD);
    const s = await t.deps.database.db.select().from(sessions);
    expect(s.length).toBeGreaterThan(0);
  });
});
