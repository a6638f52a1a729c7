import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedText, startSmtpPeer } from '../../../../tests/support/smtp-peer';
import {
  createStaffMember,
  createTestApp,
  GOOD_PASSWORD,
  nextSecondFactorCode,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from '../../../../tests/support/test-app';
import { RATE_LIMITS } from '../../../shared/domain/limits';
import { auditEvents, emailChanges, mailOutbox, sessions } from '../../db/schema';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

interface Person {
  c: TestClient;
  id: string;
  email: string;
  ip: string;
}

let ipCounter = 0;
const nextIp = () => `203.0.${113 + (ipCounter >> 8)}.${++ipCounter & 255}`;

/** A customer signed up in English (their mails then come in English), on a browser of their own. */
async function customer(userAgent = CHROME_ON_WINDOWS): Promise<Person> {
  const ip = nextIp();
  const c = t.client({ ip });
  const email = uniqueEmail();
  const res = await c.post(
    '/api/auth/sign-up',
    { fullName: 'Ayşe Yılmaz', email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, terms: true },
    { 'user-agent': userAgent },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const lang = await c.patch('/api/me', { lang: 'en' });
  expect(lang.status).toBe(200);
  // The sign-up's verification mail goes out now, so the deliveries a test counts are its own.
  await t.deps.mailer.drain();
  return { c, id: res.body.user.id, email, ip };
}

/** Another browser signed in to the same account. */
async function secondDevice(p: { email: string }, password = GOOD_PASSWORD, userAgent = SAFARI_ON_IPHONE) {
  const c = t.client({ ip: nextIp() });
  let res = await c.post('/api/auth/sign-in', { email: p.email, password }, { 'user-agent': userAgent });
  // Staff (and customers who turned it on) give their second factor too (decision 0042).
  if (res.status === 200 && res.body.twoFactorRequired) {
    res = await c.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(p.email) });
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

async function sessionIdsOf(userId: string): Promise<string[]> {
  const rows = await t.deps.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((r) => r.id);
}

async function auditOf(userId: string, action: string) {
  return t.deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.action, action)));
}

/** Sends what the outbox holds through the SMTP peer and answers the deliveries to `to` since `from`. */
async function deliveredTo(to: string, from = 0) {
  await t.deps.mailer.drain();
  return smtp.deliveries.slice(from).filter((d) => d.to.includes(to));
}

function linkToken(raw: string): string {
  const token = /\/account\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(decodedText(raw))?.[1];
  expect(token, 'a confirmation link in the mail').toBeTruthy();
  return token as string;
}

describe('changing the email address', () => {
  it('mails a link to the new address, changes nothing until it is opened, then tells the old address', async () => {
    const p = await customer();
    const newEmail = uniqueEmail('new');
    const before = smtp.deliveries.length;
    const res = await p.c.post('/api/account/email-change', { newEmail, currentPassword: GOOD_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.email).toBe(newEmail);

    const [link] = await deliveredTo(newEmail, before);
    expect(link, 'the link reached the new address over SMTP').toBeTruthy();
    expect(link.subject).toBe('Confirm your new email address');
    // Until the link is opened the account keeps its address and the page shows the pending one.
    expect((await p.c.get('/api/me')).body.user.email).toBe(p.email);
    expect((await p.c.get('/api/account')).body.pendingEmail.email).toBe(newEmail);

    // The link works without the session: it may be opened on another device.
    const confirm = await t.client().post('/api/account/email-change/confirm', { token: linkToken(link.raw) });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    expect(confirm.body.email).toBe(newEmail);

    const me = (await p.c.get('/api/me')).body.user;
    expect(me.email).toBe(newEmail);
    expect(me.emailVerified).toBe(true);
    expect((await p.c.get('/api/account')).body.pendingEmail).toBeNull();

    const [notice] = await deliveredTo(p.email, before);
    expect(notice, 'the notice reached the old address over SMTP').toBeTruthy();
    expect(notice.subject).toBe("Your account's email address was changed");
    expect(decodedText(notice.raw)).toContain(newEmail);

    const [audit] = await auditOf(p.id, 'account.email_changed');
    expect(audit.before).toEqual({ email: p.email });
    expect(audit.after).toEqual({ email: newEmail });

    // Sign-in follows the address.
    expect((await t.client().post('/api/auth/sign-in', { email: newEmail, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await t.client().post('/api/auth/sign-in', { email: p.email, password: GOOD_PASSWORD })).status).toBe(401);
  });

  it('refuses a link used once already, and a link that has expired', async () => {
    const p = await customer();
    const first = uniqueEmail('first');
    const before = smtp.deliveries.length;
    expect(
      (await p.c.post('/api/account/email-change', { newEmail: first, currentPassword: GOOD_PASSWORD })).status,
    ).toBe(200);
    const token = linkToken((await deliveredTo(first, before))[0].raw);
    expect((await t.client().post('/api/account/email-change/confirm', { token })).status).toBe(200);
    const reused = await t.client().post('/api/account/email-change/confirm', { token });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_TOKEN');

    const second = uniqueEmail('second');
    const mark = smtp.deliveries.length;
    expect(
      (await p.c.post('/api/account/email-change', { newEmail: second, currentPassword: GOOD_PASSWORD })).status,
    ).toBe(200);
    const expiring = linkToken((await deliveredTo(second, mark))[0].raw);
    await t.deps.database.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.userId, p.id));
    const expired = await t.client().post('/api/account/email-change/confirm', { token: expiring });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('INVALID_TOKEN');
    expect((await p.c.get('/api/me')).body.user.email).toBe(first);
  });

  it('refuses a wrong current password, the same address and a taken one, and mails nothing', async () => {
    const p = await customer();
    const other = await customer();
    const queued = async () =>
      (await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0].n;
    const before = await queued();

    const wrong = await p.c.post('/api/account/email-change?lang=en', {
      newEmail: uniqueEmail('x'),
      currentPassword: 'not-my-password1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Your current password is not correct.',
    });

    const same = await p.c.post('/api/account/email-change', { newEmail: p.email, currentPassword: GOOD_PASSWORD });
    expect(same.body.error.code).toBe('EMAIL_UNCHANGED');
    const taken = await p.c.post('/api/account/email-change', {
      newEmail: other.email,
      currentPassword: GOOD_PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('EMAIL_TAKEN');
    const bad = await p.c.post('/api/account/email-change', {
      newEmail: 'not-an-email',
      currentPassword: GOOD_PASSWORD,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.newEmail).toBe('validation.emailInvalid');

    expect(await queued()).toBe(before);
    expect(await t.deps.database.db.select().from(emailChanges).where(eq(emailChanges.userId, p.id))).toEqual([]);
  });

  it('limits how many changes one user may ask for in an hour', async () => {
    const p = await customer();
    const max = RATE_LIMITS.emailChangePerUser.max;
    for (let i = 0; i < max; i += 1) {
      const res = await p.c.post('/api/account/email-change', {
        newEmail: uniqueEmail('rl'),
        currentPassword: 'wrong-pass1',
      });
      expect(res.status).toBe(400);
    }
    const over = await p.c.post('/api/account/email-change', {
      newEmail: uniqueEmail('rl'),
      currentPassword: GOOD_PASSWORD,
    });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const p = await customer();
    const other = await secondDevice(p);
    const res = await p.c.post('/api/account/password', {
      currentPassword: 'wrong-password1',
      password: 'BrandNew1pass',
      confirmPassword: 'BrandNew1pass',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('WRONG_PASSWORD');
    expect(res.body.error.fields).toEqual({ currentPassword: 'errors.WRONG_PASSWORD' });
    expect((await other.get('/api/me')).status).toBe(200);
    expect((await t.client().post('/api/auth/sign-in', { email: p.email, password: GOOD_PASSWORD })).status).toBe(200);
    expect(await auditOf(p.id, 'account.password_changed')).toEqual([]);
  });

  it('sets the new password, keeps this session and ends the others', async () => {
    const p = await customer();
    const other = await secondDevice(p);
    const third = await secondDevice(p);
    const res = await p.c.post('/api/account/password', {
      currentPassword: GOOD_PASSWORD,
      password: 'BrandNew1pass',
      confirmPassword: 'BrandNew1pass',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await p.c.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await third.get('/api/me')).status).toBe(401);
    expect(await sessionIdsOf(p.id)).toHaveLength(1);
    expect((await t.client().post('/api/auth/sign-in', { email: p.email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await t.client().post('/api/auth/sign-in', { email: p.email, password: 'BrandNew1pass' })).status).toBe(
      200,
    );
    const [audit] = await auditOf(p.id, 'account.password_changed');
    expect(audit.after).toEqual({ sessionsEnded: 2 });
  });

  it('applies the sign-up rules to the new password', async () => {
    const p = await customer();
    const res = await p.c.post('/api/account/password', {
      currentPassword: GOOD_PASSWORD,
      password: 'nodigits-here',
      confirmPassword: 'nodigits-here',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.password).toBe('validation.passwordDigit');
  });
});

describe('devices', () => {
  it('lists the sessions with browser, system and network, this one first and marked', async () => {
    const p = await customer();
    const phone = await secondDevice(p);
    expect((await phone.get('/api/me')).status).toBe(200);
    const res = await p.c.get('/api/account/sessions');
    expect(res.status).toBe(200);
    const [mine, other] = res.body.devices;
    expect(res.body.devices).toHaveLength(2);
    expect(mine).toMatchObject({ current: true, browser: 'Chrome', system: 'Windows' });
    expect(mine.network).toBe(`${p.ip.split('.').slice(0, 3).join('.')}.0/24`);
    expect(other).toMatchObject({ current: false, browser: 'Safari', system: 'iOS' });
    expect(Date.parse(mine.firstSeen)).toBeLessThanOrEqual(Date.parse(mine.lastSeen));
    // Neither the token nor a full address leaves the server.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(p.ip);
    const tokens = await t.deps.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, p.id));
    for (const { token } of tokens) expect(text).not.toContain(token);
  });

  it('ends one other session, refuses this one and those of other users', async () => {
    const p = await customer();
    const phone = await secondDevice(p);
    const stranger = await customer();
    const list = (await p.c.get('/api/account/sessions')).body.devices as { id: string; current: boolean }[];
    const current = list.find((d) => d.current)?.id as string;
    const otherId = list.find((d) => !d.current)?.id as string;

    const own = await p.c.request('DELETE', `/api/account/sessions/${current}`);
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('CURRENT_SESSION');

    const [strangerSession] = await sessionIdsOf(stranger.id);
    const theirs = await p.c.request('DELETE', `/api/account/sessions/${strangerSession}`);
    expect(theirs.status).toBe(404);
    expect((await stranger.c.get('/api/me')).status).toBe(200);

    const ended = await p.c.request('DELETE', `/api/account/sessions/${otherId}`);
    expect(ended.status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await p.c.get('/api/me')).status).toBe(200);
    const [audit] = await auditOf(p.id, 'account.sessions_ended');
    expect(audit.after).toEqual({ ended: 1, which: 'one' });
  });

  it('ends every other session at once', async () => {
    const p = await customer();
    const devices = [await secondDevice(p), await secondDevice(p)];
    const res = await p.c.post('/api/account/sessions/end-others');
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    for (const d of devices) expect((await d.get('/api/me')).status).toBe(401);
    expect((await p.c.get('/api/me')).status).toBe(200);
    expect((await p.c.post('/api/account/sessions/end-others')).body.ended).toBe(0);
    // Nothing ended the second time, so one audit row.
    expect(await auditOf(p.id, 'account.sessions_ended')).toHaveLength(1);
  });

  it('writes last seen on the first request and then at most every few minutes', async () => {
    const p = await customer();
    const [id] = await sessionIdsOf(p.id);
    const seen = async () =>
      (await t.deps.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0].at;
    const first = await seen();
    expect(first).not.toBeNull();

    const recent = new Date(Date.now() - 60_000);
    await t.deps.database.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.id, id));
    await p.c.get('/api/me');
    expect((await seen())?.getTime()).toBe(recent.getTime());

    const old = new Date(Date.now() - 10 * 60_000);
    await t.deps.database.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, id));
    await p.c.get('/api/me');
    expect((await seen())?.getTime()).toBeGreaterThan(old.getTime());
  });
});

describe('session limits', () => {
  async function staffMember(): Promise<Person> {
    // Staff after the first owner come by invitation (decision 0043), with the second factor set up.
    const { c, id, email } = await createStaffMember(t, 'owner', { ip: nextIp(), password: 'adminpassword1' });
    return { c, id, email, ip: '' };
  }

  async function moveSession(userId: string, set: { createdAt?: Date; lastSeenAt?: Date }) {
    await t.deps.database.db.update(sessions).set(set).where(eq(sessions.userId, userId));
  }

  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

  it('ends a staff session after 12 hours without a request', async () => {
    const s = await staffMember();
    await moveSession(s.id, { lastSeenAt: hoursAgo(11.5) });
    expect((await s.c.get('/api/me')).status).toBe(200);
    await moveSession(s.id, { lastSeenAt: hoursAgo(12.5) });
    const res = await s.c.get('/api/me');
    expect(res.status).toBe(401);
    expect(await sessionIdsOf(s.id)).toEqual([]);
  });

  it('ends a staff session 7 days after sign-in, however active', async () => {
    const s = await staffMember();
    await moveSession(s.id, { createdAt: hoursAgo(6.9 * 24), lastSeenAt: new Date() });
    expect((await s.c.get('/api/me')).status).toBe(200);
    await moveSession(s.id, { createdAt: hoursAgo(7.1 * 24), lastSeenAt: new Date() });
    expect((await s.c.get('/api/me')).status).toBe(401);
    expect(await sessionIdsOf(s.id)).toEqual([]);
  });

  it('leaves an idle staff session off the devices list', async () => {
    const s = await staffMember();
    const other = await secondDevice(s, 'adminpassword1');
    expect((await other.get('/api/me')).status).toBe(200);
    const list = async () => (await s.c.get('/api/account/sessions')).body.devices as { current: boolean }[];
    expect(await list()).toHaveLength(2);
    const currentId = ((await list()).find((d) => d.current) as unknown as { id: string }).id;
    await t.deps.database.db
      .update(sessions)
      .set({ lastSeenAt: hoursAgo(13) })
      .where(and(eq(sessions.userId, s.id), ne(sessions.id, currentId)));
    expect(await list()).toEqual([expect.objectContaining({ current: true })]);
  });

  it("keeps a customer's session past both staff limits", async () => {
    const p = await customer();
    await moveSession(p.id, { createdAt: hoursAgo(20 * 24), lastSeenAt: hoursAgo(48) });
    expect((await p.c.get('/api/me')).status).toBe(200);
  });
});
