import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../src/server/app';
import { buildDeps } from '../../src/server/bootstrap';
import type { DatabaseOptions } from '../../src/server/db/client';
import { twoFactors, users } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { inviteStaff } from '../../src/server/features/staff/staff.service';
import { base32Decode, hotp, timeStep } from '../../src/server/features/two-factor/totp.service';
import type { RateLimits } from '../../src/shared/domain/limits';
import type { StaffRole } from '../../src/shared/domain/roles';
import { lentPglite } from './pglite-pool';
import { createTestDatabase, testEngine } from './test-db';

export interface TestApp {
  deps: AppDeps;
  /** How to open this app's database again (a second copy of the portal on it; on PGlite the same lent database). */
  databaseOptions: DatabaseOptions;
  app: ReturnType<typeof createApp>;
  /**
   * A new client with its own cookie jar (one browser). Writes carry `Origin: PUBLIC_URL` as a browser's
   * would; `ip` is the socket address the server sees (none by default, as for an in-process call).
   */
  client(opts?: ClientOptions): TestClient;
  close(): Promise<void>;
}

export interface ClientOptions {
  ip?: string;
  /** Send no Origin header on writes (a non-browser client). */
  noOrigin?: boolean;
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestClient {
  request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
  cookies: Map<string, string>;
  setCookies: string[];
}

/** The real app on a throwaway database (PGlite or PostgreSQL per TEST_DB), driven through app.request. */
export async function createTestApp(
  settings: Record<string, string> = {},
  overrides: { rateLimits?: Partial<RateLimits> } = {},
): Promise<TestApp> {
  // On PGlite an emptied database of this worker's pool, not a new load of the template (decision 0111).
  const db =
    testEngine() === 'pglite' ? { options: await lentPglite(), drop: async () => {} } : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_SIGNUP_CODE: 'test-admin-code-1234567',
    LOG_LEVEL: 'silent',
    ...settings,
  });
  const deps = await buildDeps(env, {
    database: db.options,
    // DEBUG_TEST_LOG=1 prints the server's errors (a 500's cause) while a test is being debugged.
    logger: pino({ level: process.env.DEBUG_TEST_LOG ? 'error' : 'silent' }),
    rateLimits: overrides.rateLimits,
  });
  const app = createApp(deps, { serveWeb: false });

  let clients = 1;
  function client(opts: ClientOptions = {}): TestClient {
    const cookies = new Map<string, string>();
    // What @hono/node-server hands the app: the socket the request came in on. Each client is one
    // browser on a machine of its own unless the test names the address, as rate limits count per address.
    const ip = opts.ip ?? `198.18.${(clients >> 8) & 255}.${clients++ & 255}`;
    const bindings = { incoming: { socket: { remoteAddress: ip } } };
    const c: TestClient = {
      cookies,
      setCookies: [],
      async request(method, p, body, headers = {}) {
        const h: Record<string, string> = {};
        if (!opts.noOrigin && method !== 'GET' && method !== 'HEAD') h.origin = 'http://localhost:3000';
        Object.assign(h, headers);
        if (body !== undefined && !(body instanceof FormData)) h['content-type'] = 'application/json';
        if (cookies.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const res = await app.request(
          `http://localhost:3000${p}`,
          {
            method,
            headers: h,
            body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
          },
          bindings,
        );
        c.setCookies = res.headers.getSetCookie();
        for (const sc of c.setCookies) {
          const [pair, ...attrs] = sc.split(';');
          const i = pair.indexOf('=');
          const name = pair.slice(0, i).trim();
          const value = pair.slice(i + 1).trim();
          const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
          if (expired) cookies.delete(name);
          else cookies.set(name, value);
        }
        const type = res.headers.get('content-type') ?? '';
        const parsed = type.includes('json') ? await res.json() : await res.text();
        return { status: res.status, headers: res.headers, body: parsed };
      },
      get: (p, headers) => c.request('GET', p, undefined, headers),
      post: (p, body, headers) => c.request('POST', p, body ?? {}, headers),
      patch: (p, body) => c.request('PATCH', p, body ?? {}),
    };
    return c;
  }

  return {
    deps,
    databaseOptions: db.options,
    app,
    client,
    async close() {
      await deps.mailer.stop();
      await deps.database.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const GOOD_PASSWORD = 'Passw0rd!23';

export async function signUp(client: TestClient, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string) ?? uniqueEmail();
  const res = await client.post('/api/auth/sign-up', {
    fullName: 'Ayşe Yılmaz',
    email,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    terms: true,
    ...overrides,
  });
  return { res, email };
}

/** A fresh customer, signed in on a client of their own, with their user id. */
export async function signedInCustomer(t: TestApp): Promise<{ c: TestClient; id: string }> {
  const c = t.client();
  const { res } = await signUp(c);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { c, id: res.body.user.id };
}

/**
 * An owner through the admin sign-up, with the second factor enrolled as a new staff member must
 * (decision 0042): the key shown by the API, a code computed from it. `enrol: false` leaves it out.
 */
export async function signUpAdmin(
  client: TestClient,
  overrides: Record<string, unknown> = {},
  options: { enrol?: boolean } = {},
) {
  const email = (overrides.email as string) ?? uniqueEmail('admin');
  const res = await client.post('/api/auth/admin-sign-up', {
    fullName: 'Admin Kişi',
    email,
    password: 'adminpassword',
    confirmPassword: 'adminpassword',
    adminCode: 'test-admin-code-1234567',
    terms: true,
    ...overrides,
  });
  if (res.status === 201 && options.enrol !== false) await enrolTwoFactor(client, email);
  return { res, email };
}

/** What the tests know of each enrolled account's second factor, by email. */
interface KnownFactor {
  secret: string;
  /** The last time step a helper's code used; the server accepts each step once. */
  lastStep: number;
  recoveryCodes: string[];
}
const factors = new Map<string, KnownFactor>();

/** Whether a helper enrolled a second factor for `email` (its codes are known). */
export function hasKnownFactor(email: string): boolean {
  return factors.has(email.toLowerCase());
}

/** The key and recovery codes the API showed at enrolment, for tests that need them. */
export function knownFactor(email: string): KnownFactor {
  const factor = factors.get(email.toLowerCase());
  if (!factor) throw new Error(`no second factor enrolled by a helper for ${email}`);
  return factor;
}

/**
 * The signed-in user on `client` enrols TOTP through the API, confirming with a computed code. The
 * session then counts as having just given a code (step-up is satisfied for 15 minutes).
 */
export async function enrolTwoFactor(client: TestClient, email: string): Promise<KnownFactor> {
  const setup = await client.post('/api/me/two-factor/setup');
  if (setup.status !== 200) throw new Error(`2FA setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret = setup.body.secret as string;
  const step = timeStep(Date.now());
  const enable = await client.post('/api/me/two-factor/enable', { code: hotp(base32Decode(secret), step) });
  if (enable.status !== 200) throw new Error(`2FA enable failed: ${enable.status} ${JSON.stringify(enable.body)}`);
  return rememberFactor(email, secret, step, enable.body.recoveryCodes as string[]);
}

/** enrolTwoFactor for whoever is signed in on `client` (a customer made staff in the database). */
export async function enrolSignedIn(client: TestClient): Promise<KnownFactor> {
  const me = await client.get('/api/me');
  if (me.status !== 200) throw new Error(`not signed in: ${me.status}`);
  return enrolTwoFactor(client, me.body.user.email as string);
}

/** Keeps what enrolment showed (here or in a browser test) for the helpers' later codes. */
export function rememberFactor(email: string, secret: string, step: number, recoveryCodes: string[]): KnownFactor {
  const factor = { secret, lastStep: step, recoveryCodes: [...recoveryCodes] };
  factors.set(email.toLowerCase(), factor);
  return factor;
}

/**
 * A code the server will take for `email` now: the app's code of a time step no helper used yet, else
 * one of the unused recovery codes. The server accepts one step either side of its now; the helper
 * takes the current step or the next, never the previous: when the step changes between this call and
 * the server's check, the previous one is out of the server's window and the sign-in fails (the full
 * fuzz walk met that once).
 */
export function nextSecondFactorCode(email: string): string {
  const factor = knownFactor(email);
  const now = timeStep(Date.now());
  const step = Math.max(now, factor.lastStep + 1);
  if (step <= now + 1) {
    factor.lastStep = step;
    return hotp(base32Decode(factor.secret), step);
  }
  const recovery = factor.recoveryCodes.shift();
  if (!recovery) throw new Error(`no unused code left for ${email}`);
  return recovery;
}

/**
 * Forgets which of `email`'s app codes were used, on the server and in the helpers, so that the next
 * code is one of the current time step's again. For a long walk that signs an account in more often
 * than its authenticator has fresh codes (two time steps a window, then ten recovery codes); it is
 * not a way past the replay rule, which its own tests prove.
 */
export async function forgetUsedCodes(t: TestApp, email: string): Promise<void> {
  const factor = knownFactor(email);
  const [user] = await t.deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`no account for ${email}`);
  await t.deps.database.db.update(twoFactors).set({ lastUsedStep: null }).where(eq(twoFactors.userId, user.id));
  factor.lastStep = timeStep(Date.now()) - 2;
}

/**
 * Signs in with the password, then (when the account has a second factor a helper enrolled) with a
 * code: the full sign-in. Answers the last response.
 */
export async function signInFully(client: TestClient, email: string, password: string): Promise<TestResponse> {
  const res = await client.post('/api/auth/sign-in', { email, password });
  if (res.status !== 200 || !res.body.twoFactorRequired) return res;
  return client.post('/api/auth/sign-in/two-factor', { code: nextSecondFactorCode(email) });
}

/**
 * A staff member of `role` beyond the first owner, made as the portal makes them (decision 0043): the
 * first owner of the app (signed up with the admin code when there is none yet) invites the address
 * through the invitation service, and the invitee accepts on a client of their own, signed in.
 */
export async function createStaffMember(
  t: TestApp,
  role: StaffRole,
  opts: { email?: string; fullName?: string; password?: string; ip?: string; enrol?: boolean } = {},
): Promise<{ c: TestClient; id: string; email: string; password: string }> {
  const { db } = t.deps.database;
  let [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.deactivatedAt)))
    .limit(1);
  if (!owner) {
    const { res } = await signUpAdmin(t.client());
    if (res.status === 201) owner = { id: res.body.user.id };
    else if (res.body?.error?.code === 'ADMIN_SIGNUP_CLOSED') {
      // Staff exist but no owner (a test made its member in the database): an owner as the server's
      // `npm run admin:create` would make one, outside the API.
      const { res: made } = await signUp(t.client());
      if (made.status !== 201) throw new Error(`owner account: ${made.status} ${JSON.stringify(made.body)}`);
      await db.update(users).set({ role: 'owner' }).where(eq(users.id, made.body.user.id));
      owner = { id: made.body.user.id };
    } else throw new Error(`first owner: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const email = (opts.email ?? uniqueEmail(role)).toLowerCase();
  const password = opts.password ?? GOOD_PASSWORD;
  const { token } = await inviteStaff(t.deps, { id: owner.id, role: 'owner' }, { email, role });
  const c = t.client(opts.ip ? { ip: opts.ip } : {});
  const res = await c.post('/api/invitations/accept', {
    token,
    fullName: opts.fullName ?? `Ekip ${role}`,
    password,
    confirmPassword: password,
  });
  if (res.status !== 201) throw new Error(`accepting the invitation: ${res.status} ${JSON.stringify(res.body)}`);
  // Staff work only with the second factor set up (decision 0042); `enrol: false` leaves it out.
  if (opts.enrol !== false) await enrolTwoFactor(c, email);
  return { c, id: res.body.user.id, email, password };
}

/**
 * An owner signed in on a client of their own: the first one through the admin code, any later one
 * invited by the first (the code makes the first owner only).
 */
export async function signedInOwner(t: TestApp): Promise<TestClient> {
  const [existing] = await t.deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'owner'))
    .limit(1);
  if (existing) return (await createStaffMember(t, 'owner')).c;
  const c = t.client();
  const { res } = await signUpAdmin(c);
  if (res.status !== 201) throw new Error(`first owner: ${res.status} ${JSON.stringify(res.body)}`);
  return c;
}
