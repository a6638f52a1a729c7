import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { enrolSignedIn, signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { sessions, users } from '../../db/schema';
import { cookieSignature } from '../../platform/http/signed-cookie';
import { betterAuthSession, checkSession } from './session-check.service';

/*
 * The per-request session check (decision 0025) reads better-auth's cookie and session rows itself.
 * These prove it is exactly as strict as better-auth's getSession, which every request used before.
 */

const COOKIE = 'portal.session_token';
const test = apiTest;
let t: TestApp;
let secret: string;
test.beforeAll(async ({ app }) => {
  t = app;
  secret = (await t.deps.auth.$context).secret;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The token and the signature in a client's session cookie. */
function cookieParts(c: TestClient): { token: string; signature: string } {
  const value = decodeURIComponent(c.cookies.get(COOKIE) ?? '');
  const dot = value.lastIndexOf('.');
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) };
}

/** A fresh client whose only cookie is the session cookie with this (raw) value. */
function clientWithCookie(value: string): TestClient {
  const c = t.client();
  c.cookies.set(COOKIE, encodeURIComponent(value));
  return c;
}

async function sessionRow(token: string) {
  const [row] = await t.deps.database.db.select().from(sessions).where(eq(sessions.token, token));
  return row;
}

describe('the session check', () => {
  it('answers a fresh session itself, with what better-auth would have said', async () => {
    const { c, id } = await signedInCustomer(t);
    const spy = vi.spyOn(t.deps.auth.api, 'getSession');
    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(id);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    const header = `${COOKIE}=${c.cookies.get(COOKIE)}`;
    const ours = await checkSession({ auth: t.deps.auth, db: t.deps.database.db }, header, () => new Headers());
    const theirs = await betterAuthSession(t.deps.auth, new Headers({ cookie: header }));
    expect(ours).not.toBeNull();
    // better-auth knows nothing of the second factor (decision 0042): the rest is the same.
    expect(ours).toEqual({
      ...theirs,
      user: { ...theirs?.user, twoFactorEnabled: false },
      twoFactorAt: null,
      pending: false,
    });
  });

  it('refuses a cookie whose signature was changed', async () => {
    const { c } = await signedInCustomer(t);
    const { token, signature } = cookieParts(c);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const res = await clientWithCookie(`${token}.${flipped}`).get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    // The token alone, or signed with another secret, is refused as well.
    expect((await clientWithCookie(token).get('/api/me')).status).toBe(401);
    const forged = `${token}.${cookieSignature(token, `${secret}-not`)}`;
    expect((await clientWithCookie(forged).get('/api/me')).status).toBe(401);
    // The real cookie still works: the refusals were the signature's.
    expect((await clientWithCookie(`${token}.${signature}`).get('/api/me')).status).toBe(200);
  });

  it("refuses another user's token under this user's signature", async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    const mixed = `${cookieParts(b.c).token}.${cookieParts(a.c).signature}`;
    expect((await clientWithCookie(mixed).get('/api/me')).status).toBe(401);
    expect((await clientWithCookie(mixed).get('/api/formations/me')).status).toBe(401);
  });

  it('refuses the cookie of a signed-out session on the very next request', async () => {
    const { c } = await signedInCustomer(t);
    const saved = c.cookies.get(COOKIE) as string;
    expect((await c.get('/api/me')).status).toBe(200);
    expect((await c.post('/api/auth/sign-out')).status).toBe(200);
    const replay = t.client();
    replay.cookies.set(COOKIE, saved);
    expect((await replay.get('/api/me')).status).toBe(401);
  });

  it("refuses a deleted user's session", async () => {
    const { c, id } = await signedInCustomer(t);
    expect((await c.get('/api/me')).status).toBe(200);
    await t.deps.database.db.delete(users).where(eq(users.id, id));
    expect((await c.get('/api/me')).status).toBe(401);
  });

  it('refuses an expired session and deletes it, as better-auth does', async () => {
    const { c } = await signedInCustomer(t);
    const { token } = cookieParts(c);
    await t.deps.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, token));
    expect((await c.get('/api/me')).status).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('still extends a session once a day (updateAge), through better-auth', async () => {
    const { c } = await signedInCustomer(t);
    const { token } = cookieParts(c);
    const { expiresIn, updateAge } = (await t.deps.auth.$context).sessionConfig;
    // Signed in just over a day ago: due for the extension.
    const old = new Date(Date.now() + (expiresIn - updateAge - 60) * 1000);
    await t.deps.database.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
    const spy = vi.spyOn(t.deps.auth.api, 'getSession');
    expect((await c.get('/api/me')).status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    const after = await sessionRow(token);
    expect(after.expiresAt.getTime()).toBeGreaterThan(old.getTime() + (updateAge - 120) * 1000);
  });

  it('applies a role change on the next request, both ways', async () => {
    const { c, id } = await signedInCustomer(t);
    expect((await c.get('/api/admin/users')).status).toBe(403);
    // Staff work with a second factor (decision 0042); enrolled while still a customer.
    await enrolSignedIn(c);
    await t.deps.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, id));
    expect((await c.get('/api/admin/users')).status).toBe(200);
    expect((await c.get('/api/me')).body.user.role).toBe('owner');
    await t.deps.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, id));
    expect((await c.get('/api/admin/users')).status).toBe(403);
  });
});
