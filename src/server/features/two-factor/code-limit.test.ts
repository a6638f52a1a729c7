import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  enrolTwoFactor,
  GOOD_PASSWORD,
  knownFactor,
  nextSecondFactorCode,
  signUp,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { TWO_FACTOR_LOCKOUTS_MS } from '../../../shared/domain/limits';
import { auditEvents, mailOutbox, twoFactorLimits } from '../../db/schema';
import { base32Decode, hotp, timeStep } from './totp.service';

/**
 * Decision 0070: wrong second-factor codes are limited per account, whatever the address; the limit
 * locks the app's codes out (longer each time), mails the member, survives a password reset, and leaves
 * recovery codes working.
 */
const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const db = () => t.deps.database.db;
const MINUTE = 60_000;

let subnet = 0;
/** A client address in a /24 of its own, so every attempt comes from another network. */
function nextIp(): string {
  subnet += 1;
  return `198.51.${subnet % 250}.${10 + Math.floor(subnet / 250)}`;
}

async function customerWithFactor() {
  const c = t.client({ ip: nextIp() });
  const { res, email } = await signUp(c);
  expect(res.status).toBe(201);
  await enrolTwoFactor(c, email);
  return { c, email, id: res.body.user.id as string };
}

/** A new sign-in from a new address, stopped at the code step. */
async function passwordOnly(email: string, password = GOOD_PASSWORD): Promise<TestClient> {
  const c = t.client({ ip: nextIp() });
  const res = await c.post('/api/auth/sign-in', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ twoFactorRequired: true });
  return c;
}

/** A six-digit code that is none of the three the server would take now. */
function wrongCode(email: string): string {
  const key = base32Decode(knownFactor(email).secret);
  const now = timeStep(Date.now());
  const taken = new Set([now - 1, now, now + 1].map((s) => hotp(key, s)));
  for (let n = 0; ; n += 1) {
    const code = String((Number(hotp(key, now)) + 123_457 * (n + 1)) % 1_000_000).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

/** `count` wrong codes, each on a fresh sign-in from a fresh address; their answers. */
async function wrongFromManyAddresses(email: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i += 1) {
    const c = await passwordOnly(email);
    answers.push(await c.post('/api/auth/sign-in/two-factor', { code: wrongCode(email) }));
  }
  return answers;
}

async function limitRow(userId: string) {
  const [row] = await db().select().from(twoFactorLimits).where(eq(twoFactorLimits.userId, userId));
  return row;
}

/** Ends the current lockout as if its time had passed (the steps are kept). */
async function letLockoutPass(userId: string) {
  await db()
    .update(twoFactorLimits)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(twoFactorLimits.userId, userId));
}

function expectLockedFor(res: { status: number; body: any }, ms: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.error.code).toBe('TWO_FACTOR_LOCKED');
  const until = Date.parse(res.body.error.fields.until);
  expect(Math.abs(until - (Date.now() + ms))).toBeLessThan(MINUTE);
  expect(res.body.error.message).toContain(res.body.error.fields.untilText);
  expect(res.body.error.message).not.toContain('{{');
}

describe('the second factor failure limit per account', () => {
  it('locks the app codes on the fifth wrong code in 15 minutes, from however many addresses', async () => {
    const who = await customerWithFactor();
    const answers = await wrongFromManyAddresses(who.email, 5);
    expect(answers.slice(0, 4).map((a) => a.body.error.code)).toEqual(Array(4).fill('INVALID_TWO_FACTOR_CODE'));
    expectLockedFor(answers[4], TWO_FACTOR_LOCKOUTS_MS[0]);
    // The right code from yet another address is refused while locked, unread.
    const c = await passwordOnly(who.email);
    const right = await c.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(who.email) });
    expectLockedFor(right, TWO_FACTOR_LOCKOUTS_MS[0]);
    expect((await c.get('/api/me')).status).toBe(401);
    // In English too, translated.
    const en = await c.post(
      '/api/auth/sign-in/two-factor',
      { code: wrongCode(who.email) },
      { 'Accept-Language': 'en' },
    );
    expect(en.body.error.code).toBe('TWO_FACTOR_LOCKED');
    expect(en.body.error.message).toContain('An unused recovery code still works');
    // Every wrong code was audited with the network it came from: five networks.
    const failed = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, who.id), eq(auditEvents.action, 'auth.two_factor_failed')));
    expect(failed).toHaveLength(5);
    expect(new Set(failed.map((f) => f.network)).size).toBe(5);
  });

  it('counts parallel guesses one at a time: only four are read as wrong before the lock', async () => {
    const who = await customerWithFactor();
    const clients = await Promise.all(Array.from({ length: 10 }, () => passwordOnly(who.email)));
    const answers = await Promise.all(
      clients.map((c) => c.post('/api/auth/sign-in/two-factor', { code: wrongCode(who.email) })),
    );
    const codes = answers.map((a) => a.body.error.code);
    expect(codes.filter((c) => c === 'INVALID_TWO_FACTOR_CODE')).toHaveLength(4);
    expect(codes.filter((c) => c === 'TWO_FACTOR_LOCKED')).toHaveLength(6);
  });

  it('mails the member once when it trips: when, from which networks, and what to do, in their language', async () => {
    const who = await customerWithFactor();
    await wrongFromManyAddresses(who.email, 5);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, who.email), eq(mailOutbox.template, 'twoFactorLocked')));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.lang).toBe('tr');
    expect(mail.subject).toBe('Hesabınız için yanlış doğrulama kodları girildi');
    expect(mail.text).toContain('5 kez');
    const networks = (
      await db()
        .select({ network: auditEvents.network })
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectUserId, who.id), eq(auditEvents.action, 'auth.two_factor_failed')))
    ).map((r) => r.network as string);
    expect(networks).toHaveLength(5);
    for (const network of networks) expect(mail.text).toContain(`ağ ${network}`);
    expect(mail.text).toContain('/account');
    expect(mail.text).toContain('şifrenizi hemen değiştirin');
    // A refusal while locked does not mail again.
    const c = await passwordOnly(who.email);
    await c.post('/api/auth/sign-in/two-factor', { code: wrongCode(who.email) });
    const again = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, who.email), eq(mailOutbox.template, 'twoFactorLocked')));
    expect(again).toHaveLength(1);
  });

  it('locks longer each time: 15 minutes, 1 hour, 4 hours, then 24 hours', async () => {
    const who = await customerWithFactor();
    for (const ms of [...TWO_FACTOR_LOCKOUTS_MS, TWO_FACTOR_LOCKOUTS_MS[3]]) {
      const answers = await wrongFromManyAddresses(who.email, 5);
      expectLockedFor(answers[4], ms);
      await letLockoutPass(who.id);
    }
    expect((await limitRow(who.id)).lockouts).toBe(5);
  });

  it('is not cleared by a password reset', async () => {
    const who = await customerWithFactor();
    await wrongFromManyAddresses(who.email, 5);
    await t.client({ ip: nextIp() }).post('/api/auth/forgot-password', { email: who.email });
    const [reset] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, who.email), eq(mailOutbox.template, 'reset')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const token = /reset-password\?token=([^\s"&]+)/.exec(reset?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const newPassword = 'NewPassw0rd!9';
    const ok = await t.client({ ip: nextIp() }).post('/api/auth/reset-password', {
      token: decodeURIComponent(token as string),
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(ok.status).toBe(200);
    const c = await passwordOnly(who.email, newPassword);
    const right = await c.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(who.email) });
    expectLockedFor(right, TWO_FACTOR_LOCKOUTS_MS[0]);
  });

  it('takes a right recovery code while locked, which ends the lockout', async () => {
    const who = await customerWithFactor();
    expect((await wrongFromManyAddresses(who.email, 5))[4].body.error.code).toBe('TWO_FACTOR_LOCKED');
    const c = await passwordOnly(who.email);
    const recovery = knownFactor(who.email).recoveryCodes.shift() as string;
    const ok = await c.post('/api/auth/sign-in/two-factor', { code: recovery });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await c.get('/api/me')).status).toBe(200);
    expect(await limitRow(who.id)).toBeUndefined();
    // The app's codes work again.
    const next = await passwordOnly(who.email);
    const code = await next.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(who.email) });
    expect(code.status).toBe(200);
  });

  it('limits wrong recovery codes apart: they never lock the app codes, ten an hour per account', async () => {
    const who = await customerWithFactor();
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      const c = await passwordOnly(who.email);
      answers.push((await c.post('/api/auth/sign-in/two-factor', { code: 'AAAA-BBBB-CCCC-DDDD' })).body.error.code);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('INVALID_TWO_FACTOR_CODE'));
    expect(answers[10]).toBe('TOO_MANY_ATTEMPTS');
    const c = await passwordOnly(who.email);
    expect((await c.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(who.email) })).status).toBe(200);
  });

  it('counts step-up, turning off and new recovery codes in the same limit', async () => {
    const who = await customerWithFactor();
    const codes: string[] = [];
    for (const route of ['verify', 'disable', 'recovery-codes', 'verify', 'disable']) {
      codes.push((await who.c.post(`/api/me/two-factor/${route}`, { code: wrongCode(who.email) })).body.error.code);
    }
    expect(codes).toEqual([...Array(4).fill('INVALID_TWO_FACTOR_CODE'), 'TWO_FACTOR_LOCKED']);
    const stepUp = await who.c.post('/api/me/two-factor/verify', { code: nextSecondFactorCode(who.email) });
    expectLockedFor(stepUp, TWO_FACTOR_LOCKOUTS_MS[0]);
    // A sign-in's app code is refused as well, unread: one limit for the account.
    const c = await passwordOnly(who.email);
    const appCode = hotp(base32Decode(knownFactor(who.email).secret), timeStep(Date.now()));
    expectLockedFor(await c.post('/api/auth/sign-in/two-factor', { code: appCode }), TWO_FACTOR_LOCKOUTS_MS[0]);
  });

  it('shows a sign-in waiting for its code on the devices list, with its network, and lets it be ended', async () => {
    const who = await customerWithFactor();
    const ip = nextIp();
    const stranger = t.client({ ip });
    expect((await stranger.post('/api/auth/sign-in', { email: who.email, password: GOOD_PASSWORD })).body).toEqual({
      twoFactorRequired: true,
    });
    const list = await who.c.get('/api/account/sessions');
    expect(list.status).toBe(200);
    const pending = list.body.devices.filter((d: { pending: boolean }) => d.pending);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ current: false, network: `${ip.split('.').slice(0, 3).join('.')}.0/24` });
    expect(list.body.devices.find((d: { current: boolean }) => d.current).pending).toBe(false);
    const ended = await who.c.request('DELETE', `/api/account/sessions/${pending[0].id}`);
    expect(ended.status).toBe(200);
    expect(
      (await stranger.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(who.email) })).status,
    ).toBe(401);
  });

  it('is the only way to a code check: nothing outside it reads a TOTP code', async () => {
    // A new code check must go through throughCodeLimit (two-factor.service.ts), the only caller of matchingStep.
    const root = path.resolve(__dirname, '../..');
    const callers: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          if ((await readFile(full, 'utf8')).includes('matchingStep(')) callers.push(path.relative(root, full));
        }
      }
    };
    await walk(root);
    expect(callers.sort()).toEqual([
      'features/two-factor/totp.service.ts',
      'features/two-factor/two-factor.service.ts',
    ]);
    const service = await readFile(path.join(root, 'features/two-factor/two-factor.service.ts'), 'utf8');
    // Both calls of matchingStep sit inside callbacks given to throughCodeLimit.
    expect(service.match(/matchingStep\(/g)).toHaveLength(2);
    expect(service.match(/throughCodeLimit\(deps/g)).toHaveLength(2);
  });
});
