/**
 * The authorization matrix (decision 0008): every API operation × {anonymous, customer A, customer B, one
 * member of each staff role: owner, operations, support, finance (decision 0039), and a deactivated
 * staff member whose ended session answers like no session at all (decision 0043)}.
 *
 * EVERY NEW API OPERATION MUST GET A ROW. A feature's rows live beside it, in
 * `src/server/features/<f>/<f>.matrix.ts` (a function of the MatrixEnv, found by ./matrix-rows.ts;
 * decisions 0093, 0101); a row in CENTRAL_ROWS below works the same. The first test compares MATRIX with
 * GET /api/openapi.json and fails, naming the operation, until it has one. To add a row:
 *   1. Key it `METHOD /path` exactly as the OpenAPI document spells it (`GET /api/files/{folder}/{name}`).
 *   2. `request` gives the path params, query and a body that passes validation, so that a refusal can
 *      only come from authorization. Point customer A at customer B's records (B's ids, B's file paths):
 *      A must then be refused with 403 or 404, never 2xx, and never see B's data.
 *   3. `expect` gives the status class of each caller, in the order anonymous, A, B, staff
 *      (ADMIN_ONLY for anything under /api/admin). Under /api/admin the staff answer is the one of a
 *      member who holds the operation's `x-permission` in the API document; a role without it must get
 *      403, as the permission table (src/shared/domain/permissions.ts) says. Elsewhere every staff role
 *      gets the staff answer, unless `staff` names another for a role.
 *      Another column is an owner who has not set up the second factor (decision 0042): under
 *      /api/admin always 403 TWO_FACTOR_REQUIRED; elsewhere the owner's answer unless `unenrolled` says.
 *      The last column, the stale second factor, is derived and needs nothing in a row: an owner whose
 *      session's last code is older than 15 minutes gets 403 STEP_UP_REQUIRED exactly when the
 *      operation's `x-permission` asks for step-up in the permission table (PERMISSION_STEP_UP,
 *      decision 0068), and the owner's answer everywhere else.
 *   4. A row whose call changes state sets `fresh` (a new A and a new B, with B's records made up to that
 *      level) or `freshSession` (each caller signs in anew), so later rows still find what they expect.
 * Routes outside the document that still need a guard (dev mail, docs) are rows with `extra: true`.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyText,
  type Expect,
  hasSecondFactor,
  isStaffCaller,
  type Level,
  matches,
  matrixHelpers,
  type Owner,
  type Party,
  ROLE_IPS,
  ROLES,
  type Role,
  type World,
} from '../../../tests/support/matrix-fixtures';
import { type Ctx, type MatrixEnv, type Req, type Row, SIGNED_IN } from '../../../tests/support/matrix-rows';
import {
  createStaffMember,
  createTestApp,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from '../../../tests/support/test-app';
import { hasPermission, needsStepUp, PERMISSIONS, type Permission } from '../../shared/domain/permissions';
import { STAFF_ROLES, type StaffRole } from '../../shared/domain/roles';
import { mailOutbox, services, sessions, shortLinks } from '../db/schema';
import { inviteStaff } from '../features/staff/staff.service';
import { ATTACHMENT, supportForm } from '../features/support/support.fixtures';
import { STEP_UP_MAX_AGE_MS } from '../platform/http/admin-door';
import { FEATURE_MATRICES } from './matrix-rows';

let t: TestApp;
const h = matrixHelpers(() => t);

const appOf = (w: World) => ({ id: w.b.applicationId as string });
const fileOf = (b: Owner) => {
  const [folder, name] = (b.fileKey as string).split('/');
  return { folder, name };
};

const localHost = () => ({ headers: { host: 'localhost:3000' } });

/** The catalogue's service every purchase row buys (made in beforeAll). */
let matrixServiceId = '';
/** B's order (a local test checkout session), bought once per B through B's own session. */
const orders = new Map<string, { sessionId: string; orderId: string }>();
async function orderOf(b: Owner): Promise<{ sessionId: string; orderId: string }> {
  let found = orders.get(b.id);
  if (!found) {
    const res = await b.c.post('/api/payments/checkout', { serviceId: matrixServiceId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = String(res.body.url).split('/').pop() as string;
    const mine = await b.c.get('/api/orders');
    found = { sessionId, orderId: mine.body.orders[0].id };
    orders.set(b.id, found);
  }
  return found;
}

/** A signed event of a type the webhook acknowledges and ignores, signed as the local checkout signs. */
function ignoredEvent(): Req {
  const event = {
    id: `evt_matrix_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'customer.created',
    data: { object: {} },
  };
  const payload = JSON.stringify(event);
  const sign = t.deps.payments.signTestEvent;
  if (!sign) throw new Error('the matrix runs without Stripe keys, on the local test checkout');
  return { body: event, headers: { 'stripe-signature': sign(payload) } };
}

/** B's support thread (a message with an attachment), opened once per B through B's own session. */
const supportThreadIds = new Map<string, string>();
async function supportThreadOf(b: Owner): Promise<{ id: string }> {
  let id = supportThreadIds.get(b.id);
  if (!id) {
    const res = await h
      .copyOf(b.c, b.ip)
      .post(
        '/api/support/threads',
        supportForm({ subject: `Matrix B ${b.id}`, message: `Matrix message ${b.email}` }, ATTACHMENT),
      );
    expect(res.status, `B's support thread: ${JSON.stringify(res.body)}`).toBe(201);
    id = res.body.thread.id as string;
    supportThreadIds.set(b.id, id);
  }
  return { id };
}

/** An open invitation made by the matrix's owner through the service (the admin routes are what the rows test). */
async function matrixInvitation(): Promise<{ id: string; token: string }> {
  return inviteStaff(
    t.deps,
    { id: shared.admin.id, role: 'owner' },
    { email: uniqueEmail('matrix-invitee'), role: 'support' },
  );
}

/** A short link made straight in the database (the admin routes are what the rows test). */
async function matrixShortLink(): Promise<{ id: string; slug: string }> {
  const slug = `matrix-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await t.deps.database.db
    .insert(shortLinks)
    .values({ slug, originalUrl: 'https://example.com/matrix' })
    .returning();
  return { id: row.id, slug: row.slug };
}

/** The party a signed-in cell calls as (null for the anonymous caller). */
function partyOf({ world, role }: Ctx): Party | null {
  if (role === 'anonymous') return null;
  if (role === 'customerA') return world.a;
  if (role === 'customerB') return world.b;
  if (role === 'unenrolled') return shared.unenrolled;
  if (role === 'deactivated') return shared.deactivated;
  if (role === 'staleOwner') return shared.staleOwner;
  return shared.staff[role];
}

/** A valid email-change link token of a throwaway account, as the mail to the new address carries it. */
async function emailChangeToken(): Promise<string> {
  const who = await h.customer();
  const newEmail = uniqueEmail('matrix-new');
  const res = await who.c.post('/api/account/email-change', { newEmail, currentPassword: who.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [mail] = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, newEmail));
  const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, 'email-change mail with a token').toBeTruthy();
  return token as string;
}

/** A valid erasure-confirmation token of a throwaway customer, as the mailed link carries it (decision 0047). */
async function erasureToken(): Promise<string> {
  const who = await h.customer();
  const res = await who.c.post('/api/privacy/erasure');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [mail] = await t.deps.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, who.email), eq(mailOutbox.template, 'privacy.erasureConfirm')));
  const token = /confirm-deletion\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, 'erasure mail with a token').toBeTruthy();
  return token as string;
}

/** A throwaway customer's confirmed erasure request, waiting for staff. */
async function pendingErasureId(): Promise<string> {
  const res = await t.client().post('/api/privacy/erasure/confirm', { token: await erasureToken() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.request.id;
}

/** A session of B's own made for the cell (B signs in on another browser), so ending it harms no other row. */
async function extraSessionOf(b: Party): Promise<string> {
  const c = await h.freshSession(b);
  const res = await c.get('/api/account/sessions');
  const mine = (res.body.devices as { id: string; current: boolean }[]).find((d) => d.current);
  expect(mine, JSON.stringify(res.body)).toBeTruthy();
  return (mine as { id: string }).id;
}

/**
 * Rows not yet beside their feature (decision 0093): the mailroom's and bank readiness's, written while the
 * rows moved; they move to their features' `<f>.matrix.ts` next. A row pasted here works as one there.
 */
const CENTRAL_ROWS: Record<string, Row> = {
  'POST /api/feedback/bank': {
    request: () => ({ body: { completed: true, feedbackText: 'Matrix' } }),
    expect: SIGNED_IN,
  },
};

/** What the features' rows call when a cell runs (every value read then, as the app is made in beforeAll). */
const env: MatrixEnv = {
  app: () => t,
  h,
  appOf,
  fileOf,
  localHost,
  serviceId: () => matrixServiceId,
  orderOf,
  ignoredEvent,
  supportThreadOf,
  matrixInvitation,
  matrixShortLink,
  partyOf,
  emailChangeToken,
  erasureToken,
  pendingErasureId,
  extraSessionOf,
};

/** Every row: each feature's (src/server/features/<f>/<f>.matrix.ts, in the registry's order), then CENTRAL_ROWS. */
const MATRIX: Record<string, Row> = {};
for (const [feature, rowsOf] of [...Object.entries(FEATURE_MATRICES), ['central', () => CENTRAL_ROWS] as const]) {
  for (const [op, row] of Object.entries(rowsOf(env))) {
    if (MATRIX[op]) throw new Error(`${op} has a row in ${feature} and before it`);
    MATRIX[op] = row;
  }
}

let shared: {
  admin: Party;
  world: World;
  staff: Record<StaffRole, Party>;
  unenrolled: Party;
  deactivated: Party;
  /** A second owner whose session is made stale before each of its cells (decision 0068). */
  staleOwner: Party;
};
/** Each admin operation's permission, as the API document names it (`METHOD /path` → permission). */
const permissionOf = new Map<string, Permission>();
/** The operations that need a recent second-factor code (`x-step-up`, decision 0042). */
const stepUpOps = new Set<string>();

beforeAll(async () => {
  // No Stripe keys: purchases open the local test checkout, whose sessions the payment rows use.
  t = await createTestApp();
  const [service] = await t.deps.database.db
    .insert(services)
    .values({ title: 'Matrix hizmeti', description: 'Matrix', priceCents: 2500 })
    .returning();
  matrixServiceId = service.id;
  const staff = {} as Record<StaffRole, Party>;
  for (const role of STAFF_ROLES) staff[role] = await h.staffParty(role, ROLE_IPS[role]);
  const admin = staff.owner;
  const unenrolled = await h.staffParty('owner', ROLE_IPS.unenrolled, { enrol: false });
  const deactivated = await h.deactivatedParty(admin, ROLE_IPS.deactivated);
  const staleOwner = { ...(await createStaffMember(t, 'owner', { ip: ROLE_IPS.staleOwner })), ip: ROLE_IPS.staleOwner };
  const a = await h.customer(ROLE_IPS.customerA);
  const b = await h.owner('ss4Ready', admin, ROLE_IPS.customerB);
  shared = { admin, world: { a, b }, staff, unenrolled, deactivated, staleOwner };
  const doc = (await t.client().get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, { 'x-permission'?: Permission; 'x-step-up'?: boolean }>>;
  };
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (op['x-permission']) permissionOf.set(`${method.toUpperCase()} ${p}`, op['x-permission']);
      if (op['x-step-up']) stepUpOps.add(`${method.toUpperCase()} ${p}`);
    }
  }
});
afterAll(async () => {
  await t?.close();
});

function pathOf(template: string, req: Req): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
  return req.query ? `${filled}?${req.query}` : filled;
}

async function callerFor(role: Role, row: Row, world: World): Promise<TestClient> {
  if (role === 'anonymous') return t.client({ ip: ROLE_IPS.anonymous });
  // The deactivated member cannot sign in anew: every cell is their old tab, with the ended session.
  if (role === 'deactivated') return h.copyOf(shared.deactivated.c, shared.deactivated.ip);
  const party =
    role === 'customerA'
      ? world.a
      : role === 'customerB'
        ? world.b
        : role === 'unenrolled'
          ? shared.unenrolled
          : role === 'staleOwner'
            ? shared.staleOwner
            : shared.staff[role];
  const client = row.freshSession ? await h.freshSession(party) : h.copyOf(party.c, party.ip);
  // A stolen cookie whose code is old: every session of this owner last gave one 16 minutes ago.
  if (role === 'staleOwner') {
    await t.deps.database.db
      .update(sessions)
      .set({ twoFactorAt: new Date(Date.now() - STEP_UP_MAX_AGE_MS - 60_000) })
      .where(eq(sessions.userId, party.id));
  }
  return client;
}

/** The callers with a second factor enrolled, who can give a code. */
/** Whether `op` is an admin operation whose permission asks for step-up in the permission table. */
function needsStepUpOp(op: string): boolean {
  const permission = permissionOf.get(op);
  return permission !== undefined && needsStepUp(permission);
}

/**
 * What `role` must be answered on `op`. Under the admin door a staff role gets the row's staff answer
 * when the permission table gives it the operation's permission, else 403; the table is the only source.
 */
function expectedFor(op: string, row: Row, role: Role): Expect {
  const [anonymous, a, b, staff] = row.expect;
  // Their session was ended: whatever needs one answers them 401, as it answers the anonymous caller.
  if (role === 'anonymous' || role === 'deactivated') return anonymous;
  if (role === 'customerA') return a;
  if (role === 'customerB') return b;
  if (role === 'unenrolled') return op.split(' ')[1].startsWith('/api/admin/') ? 403 : (row.unenrolled ?? staff);
  // The stale second factor: derived from the permission table alone, never listed by hand.
  if (role === 'staleOwner') return needsStepUpOp(op) ? 403 : expectedFor(op, row, 'owner');
  const permission = permissionOf.get(op);
  if (permission) return hasPermission(role, permission) ? staff : 403;
  return row.staff?.[role] ?? staff;
}

describe('the authorization matrix', () => {
  it('names one known permission for every admin operation, and none for any other', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    const wrong: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const permission = op['x-permission'];
        const admin = p.startsWith('/api/admin/');
        if (admin && !(PERMISSIONS as readonly string[]).includes(permission ?? '')) wrong.push(`${method} ${p}: none`);
        if (!admin && permission !== undefined) wrong.push(`${method} ${p}: ${permission} outside the admin door`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows step-up (`x-step-up`) on exactly the admin operations whose permission needs it in the table', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-permission'?: Permission; 'x-step-up'?: boolean }>>;
    };
    const wrong: string[] = [];
    let admin = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const permission = op['x-permission'];
        if (!permission) {
          if (op['x-step-up'] !== undefined) wrong.push(`${method} ${p}: x-step-up without a permission`);
          continue;
        }
        admin += 1;
        if (Boolean(op['x-step-up']) !== needsStepUp(permission)) {
          wrong.push(
            `${method} ${p}: x-step-up ${op['x-step-up'] ?? 'absent'}, ${permission} says ${needsStepUp(permission)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(admin).toBeGreaterThan(50);
  });

  it('has a row for every operation of the OpenAPI document, and none it no longer has', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    const listed = Object.entries(MATRIX)
      .filter(([, row]) => !row.extra)
      .map(([op]) => op);
    const extras = Object.entries(MATRIX)
      .filter(([, row]) => row.extra)
      .map(([op]) => op);
    expect(
      documented.filter((op) => !listed.includes(op)),
      'operations without a row: add one to MATRIX',
    ).toEqual([]);
    expect(
      listed.filter((op) => !documented.includes(op)),
      'rows for operations the document no longer has',
    ).toEqual([]);
    expect(
      extras.filter((op) => documented.includes(op)),
      'extra rows now in the document: drop `extra`',
    ).toEqual([]);
  });

  it.each(Object.entries(MATRIX))(
    '%s',
    async (op, row) => {
      const [method, template] = op.split(' ');
      const rowWorld = row.fresh ? await h.world(row.fresh, shared.admin) : shared.world;
      // B's data, from this row's B and the shared one, must never reach anonymous or customer A.
      const markers = [...new Set([...rowWorld.b.markers, ...shared.world.b.markers])];
      let changed = false;
      for (const role of ROLES) {
        const expected = expectedFor(op, row, role);
        // A row that writes: each staff member allowed to write after the first gets a B of its own, as
        // the first one's write has moved the row's B on (refusals change nothing and share it).
        const writes = row.fresh && hasSecondFactor(role) && expected === '2xx';
        const world = writes && changed ? await h.world(row.fresh as Level, shared.admin) : rowWorld;
        if (writes) changed = true;
        const req = row.request ? await row.request({ world, role, admin: shared.admin }) : {};
        const path = pathOf(template, req);
        const client = await callerFor(role, row, world);
        // Step-up operations (decision 0042) are answered by permission for a session with a recent code:
        // the allowed staff give one first, so a long run of the suite changes no cell.
        if (stepUpOps.has(op) && isStaffCaller(role) && expected === '2xx') await h.stepUp(shared.staff[role]);
        const res = await client.request(method, path, req.body, req.headers);
        const text = bodyText(res.body);
        const cell = `${op} as ${role}: got ${res.status} ${text.slice(0, 200)}`;

        expect.soft(res.status, `${cell} (429 means the roles need more addresses)`).not.toBe(429);
        expect.soft(matches(expected, res.status), `${cell}, expected ${expected}`).toBe(true);
        if (role === 'unenrolled' && template.startsWith('/api/admin/')) {
          expect.soft(res.body?.error?.code, `${cell}: the door's refusal`).toBe('TWO_FACTOR_REQUIRED');
        }
        if (role === 'staleOwner' && needsStepUpOp(op)) {
          expect.soft(res.body?.error?.code, `${cell}: step-up by the permission table`).toBe('STEP_UP_REQUIRED');
        }
        if (role === 'staleOwner' && !needsStepUpOp(op)) {
          expect
            .soft(res.body?.error?.code, `${cell}: no step-up by the permission table`)
            .not.toBe('STEP_UP_REQUIRED');
        }
        if (role === 'customerA' && template.includes('{') && !row.unowned) {
          // A pointed at B's records: never a success, whatever the table says.
          expect.soft(res.status >= 200 && res.status < 300, `${cell}: A reached B's record`).toBe(false);
        }
        // The refusals' codes, which the features' own "admin-only" tests checked route by route before
        // this matrix covered them (decision 0093): no session is UNAUTHENTICATED everywhere, and the
        // admin door refuses a customer with FORBIDDEN (or a feature's declared ADMIN_REQUIRED).
        if (role === 'anonymous' && res.status === 401 && path.startsWith('/api/')) {
          expect.soft(res.body?.error?.code, `${cell}: the refusal's code`).toBe('UNAUTHENTICATED');
        }
        if (
          (role === 'customerA' || role === 'customerB') &&
          res.status === 403 &&
          template.startsWith('/api/admin/')
        ) {
          expect.soft(['FORBIDDEN', 'ADMIN_REQUIRED'], `${cell}: the door's refusal`).toContain(res.body?.error?.code);
        }
        if (role === 'anonymous' || role === 'customerA' || role === 'deactivated') {
          for (const m of markers) expect.soft(text.includes(m), `${cell}: leaks B's ${m}`).toBe(false);
        }
        // The HTML outbox page is not part of the JSON API; everything under /api/ answers errors as JSON.
        if (res.status >= 400 && path.startsWith('/api/')) {
          expect.soft(res.body, `${cell}: error body shape`).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
          expect.soft(res.body?.error?.message, `${cell}: empty message`).not.toBe('');
        }
      }
      // Nine callers a row, and rows that make an account per cell (each a password hash): more than the default.
    },
    90_000,
  );

  it("recognises B's data: B's own answers and the admin's carry the markers the cells look for", async () => {
    const { b } = shared.world;
    const answers: string[] = [];
    for (const p of ['/api/me', '/api/formations/me', '/api/ein-applications/me', '/api/documents']) {
      answers.push(bodyText((await b.c.get(p)).body));
    }
    await h.stepUp(shared.admin);
    answers.push(bodyText((await shared.admin.c.post(`/api/admin/ein-applications/${b.applicationId}/ssn`, {})).body));
    const unseen = b.markers.filter((m) => !answers.some((a) => a.includes(m)));
    // The clear SSN shows in one of its two spellings; every other marker must be recognisable.
    expect(unseen.length, `markers found nowhere: ${unseen.join(', ')}`).toBeLessThanOrEqual(1);
    expect(b.markers.length).toBe(8);
  });

  it('still serves the dev outbox to a loopback caller, so its refusals above come from the address check', async () => {
    const res = await t.client({ ip: '127.0.0.1' }).get('/api/dev/mail', { host: 'localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('mails');
  });
});
