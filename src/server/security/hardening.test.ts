/**
 * The hardening issue's defects, one describe each, numbered as in the issue. Every test here failed
 * on the code before the fix (decision 0008 has the threat model they come from).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../tests/support/api-test';
import {
  createTestApp,
  GOOD_PASSWORD,
  signedInCustomer,
  signUp,
  signUpAdmin,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from '../../../tests/support/test-app';
import { adminCreate } from '../cli/admin-create.command';
import { accounts, mailOutbox, sessions, userProfiles, users } from '../db/schema';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const db = () => t.deps.database.db;

async function mailsTo(app: TestApp, to: string) {
  return app.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

async function userCount(app: TestApp, email: string) {
  return (await app.deps.database.db.select().from(users).where(eq(users.email, email))).length;
}

function signIn(c: TestClient, email: string, password: string) {
  return c.post('/api/auth/sign-in', { email, password });
}

describe('1. stored mail is readable only from this machine', () => {
  it('answers a caller on another address with the 404 of a missing route', async () => {
    const outsider = t.client({ ip: '203.0.113.5' });
    for (const path of ['/api/dev/mail', '/dev/mail']) {
      const res = await outsider.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('answers a loopback caller, but not one a proxy forwarded or one naming a foreign host', async () => {
    const { email } = await signUp(t.client());
    await t.deps.mailer.drain();
    const local = t.client({ ip: '127.0.0.1' });
    const res = await local.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    expect(res.body.mails[0].text).toMatch(/verify-email\?token=/);
    expect((await local.get('/dev/mail')).status).toBe(200);
    expect((await local.get('/api/dev/mail', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(404);
    // A DNS-rebinding page reaches 127.0.0.1 under its own name (node-server builds the URL from Host).
    const rebound = await t.app.request(
      'http://attacker.example:3000/api/dev/mail',
      {},
      {
        incoming: { socket: { remoteAddress: '127.0.0.1' } },
      },
    );
    expect(rebound.status).toBe(404);
    expect((await t.client({ ip: '::1' }).get('/api/dev/mail')).status).toBe(200);
    expect((await t.client({ ip: '::ffff:127.0.0.1' }).get('/api/dev/mail')).status).toBe(200);
  });
});

describe('2. failed sign-ins lock out the guesser, not the account', () => {
  it('locks the (email, address) pair after 10 failures while the owner elsewhere still signs in', async () => {
    const { email } = await signUp(t.client());
    const attacker = t.client({ ip: '203.0.113.20' });
    for (let i = 0; i < 10; i++) expect((await signIn(attacker, email, `Wrong${i}pass`)).status).toBe(401);
    const locked = await signIn(attacker, email, GOOD_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.body.error.message).toMatch(/15 dakika/);
    const owner = t.client({ ip: '198.51.100.77' });
    expect((await signIn(owner, email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('gives 20 parallel wrong guesses no more than 10 tries', async () => {
    const { email } = await signUp(t.client());
    const attacker = t.client({ ip: '203.0.113.21' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(attacker, email, `Guess${i}x`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('stops one address trying many accounts', async () => {
    const sprayer = t.client({ ip: '203.0.113.22' });
    const emails = Array.from({ length: 50 }, () => uniqueEmail('spray'));
    for (const email of emails) expect((await signIn(sprayer, email, 'Nope1234')).status).toBe(401);
    expect((await signIn(sprayer, uniqueEmail('spray'), 'Nope1234')).status).toBe(429);
  });

  it('keeps a right password from counting as a failure', async () => {
    const { email } = await signUp(t.client());
    const user = t.client({ ip: '203.0.113.23' });
    for (let i = 0; i < 9; i++) await signIn(user, email, `Typo${i}pass`);
    expect((await signIn(user, email, GOOD_PASSWORD)).status).toBe(200);
    // The pair starts afresh after a success: nine more typos are still allowed.
    for (let i = 0; i < 9; i++) expect((await signIn(user, email, `Typo${i}again`)).status).toBe(401);
  });

  describe('the per-email ceiling (lowered here to 5)', () => {
    let low: TestApp;
    beforeAll(async () => {
      low = await createTestApp({}, { rateLimits: { signInPerEmail: { max: 5, windowMs: 15 * 60_000 } } });
    });
    afterAll(async () => {
      await low?.close();
    });

    it('stops guessing spread over many addresses, and a password reset lifts it', async () => {
      const { email } = await signUp(low.client());
      for (let i = 0; i < 5; i++) {
        expect((await signIn(low.client({ ip: `203.0.113.${100 + i}` }), email, `Spread${i}x`)).status).toBe(401);
      }
      const fresh = low.client({ ip: '203.0.113.150' });
      expect((await signIn(fresh, email, GOOD_PASSWORD)).status).toBe(429);

      expect((await low.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
      await low.deps.mailer.drain();
      const reset = (await mailsTo(low, email)).find((m) => m.template === 'reset');
      const token = decodeURIComponent(/token=([^\s&]+)/.exec(reset?.text ?? '')?.[1] ?? '');
      const changed = await low.client().post('/api/auth/reset-password', {
        token,
        password: 'NewPassw0rd9',
        confirmPassword: 'NewPassw0rd9',
      });
      expect(changed.status).toBe(200);
      expect((await signIn(fresh, email, 'NewPassw0rd9')).status).toBe(200);
    });
  });
});

describe('3. request bodies are bounded', () => {
  it('refuses a JSON body over 64 KB with a translated 413, before any handler runs', async () => {
    const email = uniqueEmail('big');
    const body = {
      fullName: 'x',
      email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      terms: true,
      pad: 'a'.repeat(70_000),
    };
    const tr = await t.client().post('/api/auth/sign-up', body);
    expect(tr.status).toBe(413);
    expect(tr.body.error.code).toBe('BODY_TOO_LARGE');
    expect(tr.body.error.message).toBe('İstek çok büyük.');
    const en = await t.client().post('/api/auth/sign-up?lang=en', body);
    expect(en.body.error.message).toBe('The request is too large.');
    expect(await userCount(t, email)).toBe(0);
  });

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    let sent = 0;
    const chunk = new Uint8Array(16 * 1024).fill(32);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request(
      'http://localhost:3000/api/auth/sign-in',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: stream,
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: '198.51.100.3' } } },
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('lifts the 64 KB limit for multipart on the upload routes only, never for the Content-Type alone', async () => {
    const { c } = await signedInCustomer(t);
    const form = () => {
      const body = new FormData();
      body.append('category', 'other');
      const pdf = new Uint8Array(200 * 1024).fill(0x20);
      pdf.set(new TextEncoder().encode('%PDF-1.7\n'));
      body.append('file', new File([pdf], 'big.pdf', { type: 'application/pdf' }));
      return body;
    };
    // The vault takes a 200 KB PDF...
    const upload = await c.post('/api/documents', form());
    expect(upload.status).toBe(201);
    // ...while the same body to a route that takes no upload stops at the JSON limit, unread.
    for (const route of ['/api/formations', '/api/support/threads/00000000-0000-4000-8000-000000000000/status']) {
      const res = await c.post(route, form());
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('BODY_TOO_LARGE');
    }
  });
});

describe('4. the admin code', () => {
  it('is rate limited per address: after 10 attempts even the right code gets 429', async () => {
    const guesser = t.client({ ip: '203.0.113.40' });
    for (let i = 0; i < 10; i++) {
      const res = await signUpAdmin(guesser, { adminCode: `guess-${i}-aaaaaaaaaaaa` });
      expect(res.res.status).toBe(403);
    }
    const { res, email } = await signUpAdmin(guesser);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(await userCount(t, email)).toBe(0);
  });

  describe('the one-time code (no ADMIN_SIGNUP_CODE, no admin yet)', () => {
    let one: TestApp;
    beforeAll(async () => {
      one = await createTestApp({ ADMIN_SIGNUP_CODE: '' });
    });
    afterAll(async () => {
      await one?.close();
    });

    it('makes exactly one admin from two parallel sign-ups, then closes', async () => {
      const code = one.deps.adminSignup.oneTimeCode() as string;
      expect(code.length).toBeGreaterThanOrEqual(16);
      const [a, b] = await Promise.all([
        signUpAdmin(one.client(), { adminCode: code }),
        signUpAdmin(one.client(), { adminCode: code }),
      ]);
      expect([a.res.status, b.res.status].sort()).toEqual([201, 403]);
      const loser = a.res.status === 403 ? a : b;
      expect(loser.res.body.error.code).toBe('ADMIN_SIGNUP_CLOSED');
      const admins = await one.deps.database.db.select().from(users).where(eq(users.role, 'owner'));
      expect(admins).toHaveLength(1);
      expect(await userCount(one, loser.email)).toBe(0);
      expect((await signUpAdmin(one.client(), { adminCode: code })).res.status).toBe(403);
    });
  });

  it('closes the one-time code when `npm run admin:create` makes an admin while the server runs', async () => {
    const one = await createTestApp({ ADMIN_SIGNUP_CODE: '' });
    try {
      const code = one.deps.adminSignup.oneTimeCode() as string;
      const lines: string[] = [];
      const exit = await adminCreate(
        one.deps,
        { email: uniqueEmail('ops'), name: 'Ops', password: 'OpsPassw0rd!', promote: false },
        (l) => lines.push(l),
      );
      expect(exit).toBe(0);
      const { res } = await signUpAdmin(one.client(), { adminCode: code });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ADMIN_SIGNUP_CLOSED');
    } finally {
      await one.close();
    }
  });
});

describe('5. admin:create does not promote a stranger', () => {
  it('refuses an existing account without --promote, and leaves it a customer', async () => {
    const { email } = await signUp(t.client());
    const lines: string[] = [];
    const exit = await adminCreate(t.deps, { email, name: 'Ops', promote: false }, (l) => lines.push(l));
    expect(exit).toBe(3);
    expect(lines.join('\n')).toMatch(/--promote/);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row.role).toBe('customer');
  });

  it('with --promote ends the account’s sessions and mails a reset link, so only the mailbox owner gets in', async () => {
    const squatter = t.client();
    const { email } = await signUp(squatter);
    expect((await squatter.get('/api/me')).status).toBe(200);
    const exit = await adminCreate(t.deps, { email, name: 'Ops', promote: true }, () => {});
    expect(exit).toBe(0);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row.role).toBe('owner');
    expect(await db().select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(0);
    expect((await squatter.get('/api/me')).status).toBe(401);
    await t.deps.mailer.drain();
    expect((await mailsTo(t, email)).some((m) => m.template === 'reset')).toBe(true);
  });

  it('creates a new admin, the account and its profile together', async () => {
    const email = uniqueEmail('ops');
    expect(
      await adminCreate(t.deps, { email, name: 'Ops Kişi', password: 'OpsPassw0rd!', promote: false }, () => {}),
    ).toBe(0);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row.role).toBe('owner');
    expect(await db().select().from(userProfiles).where(eq(userProfiles.id, row.id))).toHaveLength(1);
    expect((await signIn(t.client(), email, 'OpsPassw0rd!')).status).toBe(200);
  });
});

describe('6. mail-sending routes are limited', () => {
  it('sends at most 3 reset mails an hour to one address, from any number of addresses', async () => {
    const { email } = await signUp(t.client());
    for (let i = 0; i < 3; i++) {
      expect((await t.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
    }
    const fourth = await t.client().post('/api/auth/forgot-password?lang=en', { email });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please wait a while and try again.',
    });
    await t.deps.mailer.drain();
    expect((await mailsTo(t, email)).filter((m) => m.template === 'reset')).toHaveLength(3);
  });

  it('lets one address ask for at most 10 reset mails an hour, whatever the target', async () => {
    const flooder = t.client({ ip: '203.0.113.60' });
    for (let i = 0; i < 10; i++) {
      expect((await flooder.post('/api/auth/forgot-password', { email: uniqueEmail('v') })).status).toBe(200);
    }
    expect((await flooder.post('/api/auth/forgot-password', { email: uniqueEmail('v') })).status).toBe(429);
  });

  it('resends the verification mail at most 3 times an hour', async () => {
    const c = t.client();
    const { email } = await signUp(c);
    for (let i = 0; i < 3; i++) expect((await c.post('/api/auth/verify-email/resend')).status).toBe(200);
    expect((await c.post('/api/auth/verify-email/resend')).status).toBe(429);
    await t.deps.mailer.drain();
    // The sign-up's own mail and three resends.
    expect((await mailsTo(t, email)).filter((m) => m.template === 'verify')).toHaveLength(4);
  });

  it('lets one address make at most 20 accounts an hour', async () => {
    const farm = t.client({ ip: '203.0.113.61' });
    for (let i = 0; i < 20; i++) {
      const res = await farm.post('/api/auth/sign-up', {
        fullName: 'Bot',
        email: uniqueEmail('farm'),
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        terms: true,
      });
      expect(res.status).toBe(201);
    }
    const email = uniqueEmail('farm');
    const res = await farm.post('/api/auth/sign-up', {
      fullName: 'Bot',
      email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      terms: true,
    });
    expect(res.status).toBe(429);
    expect(await userCount(t, email)).toBe(0);
  });
});

describe('9. writes come from our own pages', () => {
  it('refuses a cookie-carrying write with neither Origin nor Sec-Fetch-Site', async () => {
    const c = t.client();
    await signUp(c);
    const bare = t.client({ noOrigin: true });
    for (const [k, v] of c.cookies) bare.cookies.set(k, v);
    const res = await bare.patch('/api/me', { lang: 'en' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CROSS_SITE_REQUEST');
    // The same browser's own page says same-origin.
    expect((await bare.request('PATCH', '/api/me', { lang: 'en' }, { 'sec-fetch-site': 'same-origin' })).status).toBe(
      200,
    );
    expect((await bare.request('PATCH', '/api/me', { lang: 'en' }, { 'sec-fetch-site': 'same-site' })).status).toBe(
      403,
    );
    expect((await bare.request('PATCH', '/api/me', { lang: 'en' }, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
  });

  it('lets a client without cookies and without Origin through (it can act as nobody else)', async () => {
    const script = t.client({ noOrigin: true });
    const { res } = await signUp(script);
    expect(res.status).toBe(201);
  });

  describe('in production', () => {
    let prod: TestApp;
    const origin = 'https://portal.example.com';
    beforeAll(async () => {
      prod = await createTestApp({
        NODE_ENV: 'production',
        PUBLIC_URL: origin,
        AUTH_SECRET: 'p'.repeat(40),
        DATA_ENCRYPTION_KEY: 'b'.repeat(64),
      });
    });
    afterAll(async () => {
      await prod?.close();
    });

    const call = (path: string, init: RequestInit = {}) =>
      prod.app.request(`${origin}${path}`, init, { incoming: { socket: { remoteAddress: '198.51.100.40' } } });

    it('sets the session cookie with the __Host- prefix', async () => {
      const res = await call('/api/auth/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          fullName: 'Prod',
          email: uniqueEmail('prod'),
          password: GOOD_PASSWORD,
          confirmPassword: GOOD_PASSWORD,
          terms: true,
        }),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
      expect(cookie).toMatch(/^__Host-portal\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
      const session = cookie.split(';')[0];
      const me = await call('/api/me', { headers: { cookie: session } });
      expect(me.status).toBe(200);
    });

    it('refuses a Host other than PUBLIC_URL’s, but answers health checks by any name', async () => {
      const foreign = await prod.app.request('http://10.0.0.7/api/me', {}, {});
      expect(foreign.status).toBe(400);
      expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('INVALID_HOST');
      expect((await prod.app.request('http://10.0.0.7/healthz')).status).toBe(200);
      expect((await call('/api/dev/mail')).status).toBe(404);
    });
  });
});

describe('13 and 14. sign-up writes the user, account, profile and mail together or not at all', () => {
  async function withFailingInsert(table: string, run: () => Promise<void>) {
    const fn = `fail_${table}_${Date.now()}`;
    await db().execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`),
    );
    await db().execute(sql.raw(`create trigger ${fn} before insert on ${table} for each row execute function ${fn}()`));
    try {
      await run();
    } finally {
      await db().execute(sql.raw(`drop trigger ${fn} on ${table}`));
      await db().execute(sql.raw(`drop function ${fn}()`));
    }
  }

  it.each(['user_profiles', 'mail_outbox'])('leaves nothing behind when the %s insert fails', async (table) => {
    const email = uniqueEmail('atomic');
    await withFailingInsert(table, async () => {
      const { res } = await signUp(t.client(), { email });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('SIGN_UP_FAILED');
    });
    expect(await userCount(t, email)).toBe(0);
    expect(await db().select().from(userProfiles).where(eq(userProfiles.email, email))).toHaveLength(0);
    expect(await mailsTo(t, email)).toHaveLength(0);
    const orphanAccounts = await db().execute(
      sql`select count(*)::int as n from ${accounts} a left join ${users} u on u.id = a.user_id where u.id is null`,
    );
    expect(Number(orphanAccounts.rows[0]?.n)).toBe(0);
    // The person is not locked out: the same address signs up again.
    const again = await signUp(t.client(), { email });
    expect(again.res.status).toBe(201);
    expect((await mailsTo(t, email)).filter((m) => m.template === 'verify')).toHaveLength(1);
  });
});
