import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, sessions } from '../../src/server/db/schema';
import { applicationForm, PREPARED, SIGNED } from '../../src/server/features/ein/ein.fixtures';
import { isStaff, STAFF_ROLES, type StaffRole } from '../../src/shared/domain/roles';
import { fileForm } from './files';
import {
  createStaffMember,
  GOOD_PASSWORD,
  nextSecondFactorCode,
  signInFully,
  signUp,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from './test-app';

/**
 * Helpers of the authorization matrix (src/server/security/authorization-matrix.test.ts): the callers, the records
 * customer B owns, and the check of one cell.
 */

/**
 * The callers of every cell: the customers, one member of each staff role (decision 0039), an owner
 * who has not set up the second factor (decision 0042: refused at the admin door), a staff member
 * the owner deactivated, whose open tab still sends its old session cookie (decision 0043), and an
 * owner whose session's last second-factor code is older than 15 minutes (a stolen cookie, decision
 * 0068: refused exactly where the permission table asks for step-up).
 */
export const ROLES = [
  'anonymous',
  'customerA',
  'customerB',
  ...STAFF_ROLES,
  'unenrolled',
  'deactivated',
  'staleOwner',
] as const;
export type Role = (typeof ROLES)[number];

export function isStaffCaller(role: Role): role is StaffRole {
  return isStaff(role);
}

/** The callers who hold a second factor: the enrolled staff and the owner whose code is old. */
export function hasSecondFactor(role: Role): boolean {
  return isStaffCaller(role) || role === 'staleOwner';
}

/**
 * Distinct, non-loopback socket addresses per role: per-address rate limits then never mix the roles,
 * and loopback-only routes (/dev/mail) see a remote caller. 203.0.113.5 is the address the dev-mail
 * refusal is specified with.
 */
export const ROLE_IPS: Record<Role, string> = {
  anonymous: '203.0.113.5',
  customerA: '203.0.113.6',
  customerB: '203.0.113.7',
  owner: '203.0.113.8',
  operations: '203.0.113.9',
  support: '203.0.113.10',
  finance: '203.0.113.11',
  unenrolled: '203.0.113.12',
  deactivated: '203.0.113.13',
  staleOwner: '203.0.113.14',
};

/** Addresses for set-up callers (fresh customers, throwaway accounts), one each, never reused. */
function* addressPool(): Generator<string> {
  for (const prefix of ['198.51.100', '192.0.2']) {
    for (let i = 10; i < 250; i += 1) yield `${prefix}.${i}`;
  }
  throw new Error('matrix address pool exhausted');
}
const addresses = addressPool();
export function nextIp(): string {
  return addresses.next().value as string;
}

export const ADMIN_PASSWORD = 'adminpassword';

export interface Party {
  c: TestClient;
  id: string;
  email: string;
  password: string;
  ip: string;
}

/** How far customer B's records have got; each level includes the ones before it. */
export const LEVELS = [
  'account',
  'formation',
  'completed',
  'applied',
  'ss4Ready',
  'ss4Uploaded',
  'submitted',
  'issued',
] as const;
export type Level = (typeof LEVELS)[number];

export interface Owner extends Party {
  level: Level;
  formationId: string | null;
  applicationId: string | null;
  /** `folder/name` of B's uploaded articles of organization (the download path after /api/files/). */
  fileKey: string | null;
  /** Strings unique to B: none may appear in what anyone but B and the admin is answered. */
  markers: string[];
}

export interface World {
  a: Party;
  b: Owner;
}

export function matrixHelpers(t: () => TestApp) {
  async function customer(ip = nextIp()): Promise<Party> {
    const c = t().client({ ip });
    const { res, email } = await signUp(c);
    expect(res.status, `sign-up from ${ip}: ${JSON.stringify(res.body)}`).toBe(201);
    return { c, id: res.body.user.id, email, password: GOOD_PASSWORD, ip };
  }

  async function adminParty(ip: string): Promise<Party> {
    const c = t().client({ ip });
    const { res, email } = await signUpAdmin(c);
    expect(res.status, `admin sign-up: ${JSON.stringify(res.body)}`).toBe(201);
    return { c, id: res.body.user.id, email, password: ADMIN_PASSWORD, ip };
  }

  /**
   * A staff member of `role`, signed in with the second factor enrolled. The owner comes through the
   * admin sign-up as the first one does; the others are invited by the owner and accept, as the portal
   * makes staff (decision 0043). `enrol: false` leaves the second factor out.
   */
  async function staffParty(role: StaffRole, ip: string, options: { enrol?: boolean } = {}): Promise<Party> {
    if (role === 'owner' && options.enrol !== false) return adminParty(ip);
    const member = await createStaffMember(t(), role, { ip, enrol: options.enrol });
    const me = await member.c.get('/api/me');
    expect(me.body.user?.role, `${role}'s session`).toBe(role);
    expect(me.body.twoFactorEnabled, `${role}'s second factor`).toBe(options.enrol !== false);
    return { ...member, ip };
  }

  /** A support member the owner then deactivated: their client still holds the session that was ended. */
  async function deactivatedParty(owner: Party, ip: string): Promise<Party> {
    const party = await staffParty('support', ip);
    const res = await owner.c.post(`/api/admin/staff/members/${party.id}/deactivate`);
    expect(res.status, `deactivation: ${JSON.stringify(res.body)}`).toBe(200);
    return party;
  }

  /**
   * Step-up for `party`'s session: a fresh code, so SSN reveals and exports answer for 15 minutes. The
   * matrix steps the same members up far more often than once per 30-second step; when the app's codes
   * and the recovery codes are used up, the sessions are marked as a verify would mark them, since what
   * the matrix proves is authorization, not the code check (two-factor's own tests prove that).
   */
  async function stepUp(party: Party): Promise<void> {
    let code: string | null = null;
    try {
      code = nextSecondFactorCode(party.email);
    } catch {
      code = null;
    }
    if (code === null) {
      await t().deps.database.db.update(sessions).set({ twoFactorAt: new Date() }).where(eq(sessions.userId, party.id));
      return;
    }
    const res = await copyOf(party.c, party.ip).post('/api/me/two-factor/verify', { code });
    expect(res.status, `step-up: ${JSON.stringify(res.body)}`).toBe(200);
  }

  /** Customer B with records up to `level`; the admin does the back-office steps on the way. */
  async function owner(level: Level, admin: Party, ip = nextIp()): Promise<Owner> {
    const reached = (l: Level) => LEVELS.indexOf(level) >= LEVELS.indexOf(l);
    const p = await customer(ip);
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const b: Owner = { ...p, level, formationId: null, applicationId: null, fileKey: null, markers: [p.id, p.email] };
    const step = async (what: string, call: Promise<{ status: number; body: any }>, status: number) => {
      const res = await call;
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
      return res.body;
    };
    if (reached('formation')) {
      const body = await step('formation', p.c.post('/api/formations', { formationType: 'self' }), 201);
      b.formationId = body.formation.id;
      b.markers.push(body.formation.id);
    }
    if (reached('completed')) {
      await step(
        'guide completion',
        p.c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' }),
        200,
      );
    }
    if (reached('applied')) {
      const businessName = `Matrix B ${tag} LLC`;
      // An SSN of B's own, so a leak of B's application is recognisable in any body.
      const ssn = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const body = await step(
        'EIN application',
        p.c.post('/api/ein-applications', applicationForm({ businessName, responsiblePartySsn: ssn })),
        201,
      );
      b.applicationId = body.application.id;
      const docs = await step('documents', p.c.get('/api/documents'), 200);
      const articles = docs.documents.find((d: { category: string }) => d.category === 'articles_of_org');
      b.fileKey = String(articles.url).replace(/^\/api\/files\//, '');
      const dashed = `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`;
      b.markers.push(body.application.id, businessName, ssn, dashed, b.fileKey);
    }
    const base = `/api/admin/ein-applications/${b.applicationId}`;
    if (reached('ss4Ready')) await step('prepared SS-4', admin.c.post(`${base}/ss4`, fileForm(PREPARED)), 200);
    if (reached('ss4Uploaded')) {
      await step('signed SS-4', p.c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED)), 200);
    }
    if (reached('submitted')) {
      await step('advance', admin.c.post(`${base}/advance`, { to: 'submitted_to_irs' }), 200);
    }
    if (reached('issued')) {
      await step('EIN issued', admin.c.post(`${base}/advance`, { to: 'ein_issued', ein: '12-3456789' }), 200);
    }
    return b;
  }

  /** A fresh customer A (no records) and a fresh customer B at `level`. */
  async function world(level: Level, admin: Party): Promise<World> {
    return { a: await customer(), b: await owner(level, admin) };
  }

  /** A new browser for `party`'s account: a session of its own, so signing it out harms no one else. */
  async function freshSession(party: Party): Promise<TestClient> {
    const c = t().client({ ip: party.ip });
    const res = await signInFully(c, party.email, party.password);
    expect(res.status, `sign-in: ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.body.twoFactorRequired, 'a full sign-in').toBeUndefined();
    return c;
  }

  /** The role's session on a client of its own, so Set-Cookie answers do not change the role's jar. */
  function copyOf(c: TestClient, ip: string): TestClient {
    const copy = t().client({ ip });
    for (const [k, v] of c.cookies) copy.cookies.set(k, v);
    return copy;
  }

  /** A valid password-reset token of a throwaway account, as the reset mail carries it. */
  async function resetToken(): Promise<string> {
    const who = await customer();
    const res = await t().client({ ip: nextIp() }).post('/api/auth/forgot-password', { email: who.email });
    expect(res.status).toBe(200);
    await t().deps.mailer.drain();
    const mails = await t()
      .deps.database.db.select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, who.email), eq(mailOutbox.template, 'reset')));
    const token = /reset-password\?token=([^\s"&]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    expect(token, 'reset mail with a token').toBeTruthy();
    return decodeURIComponent(token as string);
  }

  return {
    customer,
    adminParty,
    staffParty,
    deactivatedParty,
    stepUp,
    owner,
    world,
    freshSession,
    copyOf,
    resetToken,
  };
}

/**
 * What a cell must answer. A number is that exact status; '403|404' is a refusal that tells the caller
 * nothing either way; '4xx' any refusal (never 429, which is a rate limit, not a decision about access).
 */
export type Expect = '2xx' | '3xx' | '4xx' | '403|404' | 400 | 401 | 403 | 404 | 409;

export function matches(expected: Expect, status: number): boolean {
  if (status === 429) return false;
  switch (expected) {
    case '2xx':
      return status >= 200 && status < 300;
    case '3xx':
      return status >= 300 && status < 400;
    case '4xx':
      return status >= 400 && status < 500;
    case '403|404':
      return status === 403 || status === 404;
    default:
      return status === expected;
  }
}

export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}
