/**
 * The authorization matrix (decision 0008): every API operation × {anonymous, customer A, customer B, one
 * member of each staff role: owner, operations, support, finance (decision 0039), and a deactivated
 * staff member whose ended session answers like no session at all (decision 0043)}.
 *
 * EVERY NEW API OPERATION MUST GET A ROW HERE. The first test compares MATRIX with GET /api/openapi.json
 * and fails, naming the operation, until it has one. To add a row:
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
import { fileForm } from '../../../tests/support/files';
import {
  bodyText,
  type Expect,
  isStaffCaller,
  type Level,
  matches,
  matrixHelpers,
  nextIp,
  type Owner,
  type Party,
  ROLE_IPS,
  ROLES,
  type Role,
  type World,
} from '../../../tests/support/matrix-fixtures';
import {
  createStaffMember,
  createTestApp,
  nextSecondFactorCode,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from '../../../tests/support/test-app';
import { hasPermission, needsStepUp, PERMISSIONS, type Permission } from '../../shared/domain/permissions';
import { LEGAL_TEXT_VERSIONS } from '../../shared/domain/privacy';
import { STAFF_ROLES, type StaffRole } from '../../shared/domain/roles';
import { bankAddresses, mailOutbox, services, sessions, shortLinks } from '../db/schema';
import { HOME_IN_TURKEY } from '../features/bank-readiness/bank-readiness.fixtures';
import { calendarTokenOf, complianceItemOf } from '../features/compliance/compliance.fixtures';
import { applicationForm, einDocumentForm, PREPARED, SIGNED } from '../features/ein/ein.fixtures';
import { filingOf, GOOD_ANSWERS, stateItemOf } from '../features/filings/filings.fixtures';
import {
  cp575Fields,
  letterForm,
  letterOf,
  letterWithEnvelope,
  SCAN as MAIL_SCAN,
} from '../features/mail/mail.fixtures';
import { subscriptionOf } from '../features/renewals/renewals.fixtures';
import { inviteStaff } from '../features/staff/staff.service';
import { ATTACHMENT, supportForm } from '../features/support/support.fixtures';
import { STEP_UP_MAX_AGE_MS } from '../platform/http/admin-door';

interface Ctx {
  world: World;
  role: Role;
  admin: Party;
}

interface Req {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  /** Not in the OpenAPI document, guarded all the same. */
  extra?: true;
  /** The row writes: a new customer A and a new customer B with records up to this level. */
  fresh?: Level;
  /** The row ends sessions: every caller signs in anew for its cell. */
  freshSession?: true;
  /** Built per cell, so every call gets its own body (uploads, one-time tokens, new emails). */
  request?: (ctx: Ctx) => Req | Promise<Req>;
  /** The path names a record nobody owns (the public catalogue): A reaching it is no leak. */
  unowned?: true;
  /** anonymous, customer A, customer B (the owner), staff (see the header for which staff). */
  expect: [Expect, Expect, Expect, Expect];
  /** Outside the admin door: a staff role whose answer is not the staff one. */
  staff?: Partial<Record<StaffRole, Expect>>;
  /**
   * Outside the admin door: the answer of the owner without a second factor when it is not the
   * owner's (under /api/admin it is always 403 TWO_FACTOR_REQUIRED).
   */
  unenrolled?: Expect;
}

const ADMIN_ONLY: Row['expect'] = [401, 403, 403, '2xx'];
/** Anyone signed in, about their own account. */
const SIGNED_IN: Row['expect'] = [401, '2xx', '2xx', '2xx'];
const PUBLIC: Row['expect'] = ['2xx', '2xx', '2xx', '2xx'];

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

const MATRIX: Record<string, Row> = {
  // --- auth: public by design; the body decides, not the session -------------------------------------
  'POST /api/auth/sign-up': {
    request: () => ({
      body: {
        fullName: 'Matrix Kişi',
        email: uniqueEmail('matrix'),
        password: 'Passw0rd!23',
        confirmPassword: 'Passw0rd!23',
        terms: true,
      },
    }),
    expect: PUBLIC,
  },
  'POST /api/auth/sign-in': {
    // A throwaway account's credentials, so no cell signs in as B and B's data stays out of the answers.
    request: async () => {
      const who = await h.customer();
      return { body: { email: who.email, password: who.password } };
    },
    expect: PUBLIC,
  },
  'POST /api/auth/admin-sign-up': {
    // The admin code is the credential and makes the first owner only (decision 0043): with the matrix's
    // owner in place it is refused to everyone, whatever their session.
    request: () => ({
      body: {
        fullName: 'Matrix Admin',
        email: uniqueEmail('matrix-admin'),
        password: 'adminpassword',
        confirmPassword: 'adminpassword',
        adminCode: t.deps.env.ADMIN_SIGNUP_CODE as string,
        terms: true,
      },
    }),
    expect: [403, 403, 403, 403],
  },
  'POST /api/auth/sign-out': { freshSession: true, expect: PUBLIC },
  'POST /api/auth/forgot-password': {
    // A new address per cell: the per-address mail limit is not what this row is about.
    request: () => ({ body: { email: uniqueEmail('matrix-forgot') } }),
    expect: PUBLIC,
  },
  'POST /api/auth/reset-password': {
    request: async () => ({
      body: { token: await h.resetToken(), password: 'NewPassw0rd1', confirmPassword: 'NewPassw0rd1' },
    }),
    expect: PUBLIC,
  },
  'POST /api/auth/verify-email/resend': { expect: SIGNED_IN },
  // Decision 0042: only a sign-in waiting for its code gets past 401, and no caller here has one.
  'POST /api/auth/sign-in/two-factor': { request: () => ({ body: { code: '123456' } }), expect: [401, 401, 401, 401] },
  'GET /api/auth/verify-email': {
    request: () => ({ query: 'token=not-a-real-token' }),
    expect: ['3xx', '3xx', '3xx', '3xx'],
  },

  // --- the signed-in user's own account ---------------------------------------------------------------
  'GET /api/me': { expect: SIGNED_IN },
  'PATCH /api/me': { request: () => ({ body: { lang: 'tr' } }), expect: SIGNED_IN },
  // --- the user's own second factor (decision 0042): enrolled staff have one, customers do not --------
  'GET /api/me/two-factor': { expect: SIGNED_IN },
  'POST /api/me/two-factor/setup': { expect: [401, '2xx', '2xx', 409], unenrolled: '2xx' },
  // A code that fits no key: customers have none confirmed yet (400 or 409), staff already have one.
  'POST /api/me/two-factor/enable': {
    request: () => ({ body: { code: 'not-a-code' } }),
    expect: [401, '4xx', '4xx', 409],
    unenrolled: '4xx',
  },
  'POST /api/me/two-factor/disable': {
    request: () => ({ body: { code: 'not-a-code' } }),
    expect: [401, 409, 409, 403],
  },
  'POST /api/me/two-factor/recovery-codes': {
    request: () => ({ body: { code: 'not-a-code' } }),
    expect: [401, 409, 409, 400],
    unenrolled: 409,
  },
  'POST /api/me/two-factor/verify': {
    // Staff give a real code; customers have no second factor to give one of.
    request: (ctx) => ({
      body: { code: hasSecondFactor(ctx.role) ? nextSecondFactorCode((partyOf(ctx) as Party).email) : '123456' },
    }),
    expect: [401, 409, 409, '2xx'],
    unenrolled: 409,
  },
  // The customer's own History; an admin reads a customer's timeline in the customer file instead.
  'GET /api/me/timeline': { request: () => ({ query: 'limit=100' }), expect: [401, '2xx', '2xx', 403] },

  // --- the account page (decision 0043): each caller's own account, staff included; no user id in the path ----
  'GET /api/account': { expect: SIGNED_IN },
  'PATCH /api/account': { request: () => ({ body: { fullName: 'Matrix Kişi' } }), expect: SIGNED_IN },
  'POST /api/account/email-change': {
    // A new address per cell; nothing changes until the mailed link is opened.
    request: (ctx) => ({
      body: { newEmail: uniqueEmail('matrix-change'), currentPassword: partyOf(ctx)?.password ?? 'Passw0rd!23' },
    }),
    expect: SIGNED_IN,
  },
  // Public by design: the mailed link's token is the credential, as the reset token is.
  'POST /api/account/email-change/confirm': {
    request: async () => ({ body: { token: await emailChangeToken() } }),
    expect: PUBLIC,
  },
  'POST /api/account/password': {
    // Each caller sets a password that passes the sign-up rules and keeps it for the later rows that
    // sign in anew (the owner's sign-up password has no digit). Its own session survives the change.
    request: (ctx) => {
      const party = partyOf(ctx);
      const body = {
        currentPassword: party?.password ?? 'Passw0rd!23',
        password: 'Passw0rd!23',
        confirmPassword: 'Passw0rd!23',
      };
      if (party) party.password = 'Passw0rd!23';
      return { body };
    },
    expect: SIGNED_IN,
  },
  'GET /api/account/sessions': { expect: SIGNED_IN },
  'DELETE /api/account/sessions/{id}': {
    // B's extra session: only B may end it; anyone else is told it does not exist.
    request: async ({ world }) => ({ params: { id: await extraSessionOf(world.b) } }),
    expect: [401, 404, '2xx', 404],
  },
  'POST /api/account/sessions/end-others': { expect: SIGNED_IN },

  // --- back office ------------------------------------------------------------------------------------
  'GET /api/admin/overview': { expect: ADMIN_ONLY },
  // The operator's home (decision 0055): each panel behind the permission of the list it counts.
  'GET /api/admin/home/growth': { expect: ADMIN_ONLY },
  'GET /api/admin/home/funnel': { expect: ADMIN_ONLY },
  'GET /api/admin/home/money': { expect: ADMIN_ONLY },
  'GET /api/admin/home/irs': { expect: ADMIN_ONLY },
  'GET /api/admin/home/care': { expect: ADMIN_ONLY },
  'GET /api/admin/home/deadlines': { expect: ADMIN_ONLY },
  'GET /api/admin/ein-applications': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/ein-applications/{id}': { request: ({ world }) => ({ params: appOf(world) }), expect: ADMIN_ONLY },
  'POST /api/admin/ein-applications/{id}/ssn': {
    request: ({ world }) => ({ params: appOf(world), body: {} }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/ein-applications/{id}/ss4': {
    fresh: 'applied',
    request: ({ world }) => ({ params: appOf(world), body: fileForm(PREPARED) }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/ein-applications/{id}/ein-document': {
    fresh: 'submitted',
    request: ({ world }) => ({ params: appOf(world), body: einDocumentForm() }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/ein-applications/{id}/advance': {
    fresh: 'ss4Uploaded',
    request: ({ world }) => ({ params: appOf(world), body: { to: 'submitted_to_irs' } }),
    expect: ADMIN_ONLY,
  },
  // Decision 0019: the EIN number of an issued application, set or corrected by staff only.
  'PUT /api/admin/ein-applications/{id}/ein': {
    fresh: 'issued',
    request: ({ world }) => ({ params: appOf(world), body: { ein: '98-7654321' } }),
    expect: ADMIN_ONLY,
  },
  'PUT /api/admin/ein-applications/{id}/notes': {
    request: ({ world }) => ({ params: appOf(world), body: { adminNotes: 'Checked by the matrix' } }),
    expect: ADMIN_ONLY,
  },
  // Decision 0050: the follow-up log of an application at submitted_to_irs (ein.read to read, ein.process to record).
  'GET /api/admin/ein-applications/{id}/follow-ups': {
    request: ({ world }) => ({ params: appOf(world) }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/ein-applications/{id}/follow-ups': {
    fresh: 'submitted',
    request: ({ world }) => ({
      params: appOf(world),
      body: {
        kind: 'irs_call',
        followedUpOn: new Date().toISOString().slice(0, 10),
        outcome: 'still_processing',
        note: 'Matrix',
      },
    }),
    expect: ADMIN_ONLY,
  },
  // The prefilled SS-4 (decision 0017). The matrix app has no SS4_TEMPLATE_PATH, so the admin's generate is
  // refused with 409 (and there is no draft to use or download); ss4/ss4-admin.test.ts covers the rest.
  'GET /api/admin/ein-applications/{id}/ss4-template-status': {
    request: ({ world }) => ({ params: appOf(world) }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/ein-applications/{id}/ss4-generate': {
    request: ({ world }) => ({ params: appOf(world), body: {} }),
    expect: [401, 403, 403, 409],
  },
  'POST /api/admin/ein-applications/{id}/ss4-generated/use': {
    request: ({ world }) => ({ params: appOf(world), body: {} }),
    expect: [401, 403, 403, 409],
  },
  'GET /api/admin/ein-applications/{id}/ss4-generated': {
    request: ({ world }) => ({ params: appOf(world) }),
    expect: [401, 403, 403, 409],
  },
  'GET /api/admin/ein-applications/{id}/ss4-data-sheet': {
    request: ({ world }) => ({ params: appOf(world) }),
    expect: ADMIN_ONLY,
  },

  // --- the customer's formation (A has none, so A's "me" is empty, never B's) -------------------------
  'POST /api/formations': {
    // A and B each create their own; admins do not form companies.
    fresh: 'account',
    request: () => ({ body: { formationType: 'self' } }),
    expect: [401, '2xx', '2xx', 403],
  },
  'GET /api/formations/me': { expect: [401, 404, '2xx', 404] },
  'POST /api/formations/me/guide-completion': {
    fresh: 'formation',
    request: () => ({ body: { isFormationComplete: true, state: 'Wyoming' } }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/formation-service/draft': { expect: [401, 409, '2xx', 409] },
  'PUT /api/formation-service/draft': {
    request: () => ({ body: { packageSelected: 'formation_only', stateType: 'recommended' } }),
    expect: [401, 409, '2xx', 409],
  },
  'POST /api/formation-service/checkout': {
    request: () => ({
      body: { packageSelected: 'formation_only', stateSelected: 'Wyoming', businessAddress: 'shared_address' },
    }),
    expect: [401, 409, '2xx', 409],
  },
  // --- services and payments: the catalogue is public; orders are their buyer's -------------------------
  'GET /api/services': { expect: PUBLIC },
  'GET /api/services/{id}': { unowned: true, request: () => ({ params: { id: matrixServiceId } }), expect: PUBLIC },
  'POST /api/payments/checkout': {
    request: () => ({ body: { serviceId: matrixServiceId } }),
    // Admins run the shop; they do not buy from it.
    expect: [401, '2xx', '2xx', 403],
  },
  'GET /api/orders': { expect: SIGNED_IN },
  'GET /api/payments/checkout-sessions/{sessionId}': {
    request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
    expect: [401, 404, '2xx', 404],
  },
  // Public by design: the signature is the caller's credential (payments.test.ts refuses bad ones).
  'POST /api/payments/stripe/webhook': { request: () => ignoredEvent(), expect: PUBLIC },
  'GET /api/payments/test-checkout/{sessionId}': {
    request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
    expect: [401, 404, '2xx', 404],
  },
  'POST /api/payments/test-checkout/{sessionId}/pay': {
    fresh: 'account',
    request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
    expect: [401, 404, '2xx', 404],
  },
  'POST /api/payments/test-checkout/{sessionId}/cancel': {
    fresh: 'account',
    request: async ({ world }) => ({ params: { sessionId: (await orderOf(world.b)).sessionId } }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/admin/services': { expect: ADMIN_ONLY },
  'POST /api/admin/services': {
    request: () => ({ body: { title: 'Matrix hizmeti', description: 'Matrix', priceCents: 1000 } }),
    expect: ADMIN_ONLY,
  },
  'PATCH /api/admin/services/{id}': {
    request: () => ({ params: { id: matrixServiceId }, body: { description: 'Matrix açıklaması' } }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/services/{id}': {
    // A service of its own per cell: the admin's cell really deletes it.
    request: async () => {
      const [row] = await t.deps.database.db
        .insert(services)
        .values({ title: 'Matrix silinecek', description: 'Matrix', priceCents: 500 })
        .returning();
      return { params: { id: row.id } };
    },
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/users/{id}/orders': { request: ({ world }) => ({ params: { id: world.b.id } }), expect: ADMIN_ONLY },
  'POST /api/admin/orders/{id}/recheck': {
    request: async ({ world }) => ({ params: { id: (await orderOf(world.b)).orderId } }),
    expect: ADMIN_ONLY,
  },

  'POST /api/feedback/bank': {
    request: () => ({ body: { completed: true, feedbackText: 'Matrix' } }),
    expect: SIGNED_IN,
  },
  'POST /api/feedback/business-address': {
    request: () => ({ body: { completed: false, feedbackText: 'Matrix' } }),
    expect: SIGNED_IN,
  },
  'GET /api/guides/business-address.pdf': { request: () => ({ query: 'lang=en' }), expect: SIGNED_IN },

  // --- EIN, documents and files -----------------------------------------------------------------------
  'POST /api/ein-applications': {
    fresh: 'completed',
    request: () => ({ body: applicationForm() }),
    // A has no completed formation; admins do not apply.
    expect: [401, 409, '2xx', 403],
  },
  'GET /api/ein-applications/me': { expect: [401, 404, '2xx', 404] },
  'POST /api/ein-applications/me/signed-ss4': {
    fresh: 'ss4Ready',
    request: () => ({ body: fileForm(SIGNED) }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/files/{folder}/{name}': {
    // B's articles of organization: staff read a customer's documents with documents.read, which finance lacks.
    request: ({ world }) => ({ params: fileOf(world.b) }),
    expect: [401, 404, '2xx', '2xx'],
    staff: { finance: 403 },
    unenrolled: 403,
  },
  'GET /api/documents': { expect: SIGNED_IN },
  'POST /api/documents': {
    // Each caller uploads into their own vault (nothing of B's to point at); admins upload for a user elsewhere.
    fresh: 'account',
    request: () => {
      const body = fileForm(SIGNED);
      body.append('category', 'business_license');
      return { body };
    },
    expect: [401, '2xx', '2xx', 403],
  },

  // --- support: a customer's own threads; A is pointed at B's ------------------------------------------
  'GET /api/support/threads': { expect: SIGNED_IN },
  'GET /api/support/unread-count': { expect: SIGNED_IN },
  'POST /api/support/threads': {
    // A and B each open their own; admins open threads for a user under /api/admin/support.
    fresh: 'account',
    request: () => ({ body: supportForm({ subject: 'Matrix', message: 'Matrix' }) }),
    expect: [401, '2xx', '2xx', 403],
  },
  'GET /api/support/threads/{id}': {
    request: async ({ world }) => ({ params: await supportThreadOf(world.b) }),
    // The admin reads threads on the admin route; here only the owner's own.
    expect: [401, 404, '2xx', 404],
  },
  'POST /api/support/threads/{id}/messages': {
    fresh: 'account',
    request: async ({ world }) => ({
      params: await supportThreadOf(world.b),
      body: supportForm({ message: 'Matrix reply' }, ATTACHMENT),
    }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/admin/support/threads': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/support/waiting-count': { expect: ADMIN_ONLY },
  'GET /api/admin/support/threads/{id}': {
    request: async ({ world }) => ({ params: await supportThreadOf(world.b) }),
    expect: ADMIN_ONLY,
  },
  'PUT /api/admin/support/threads/{id}/status': {
    fresh: 'account',
    request: async ({ world }) => ({ params: await supportThreadOf(world.b), body: { status: 'in_progress' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/support/threads/{id}/messages': {
    fresh: 'account',
    request: async ({ world }) => ({
      params: await supportThreadOf(world.b),
      body: supportForm({ message: 'Matrix staff reply' }, ATTACHMENT),
    }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/support/threads': {
    fresh: 'account',
    request: ({ world }) => ({ body: supportForm({ userId: world.b.id, subject: 'Matrix', message: 'Matrix' }) }),
    expect: ADMIN_ONLY,
  },

  // --- admin formations: B's formation, its customer file and the CSV, for admins only -----------------
  'GET /api/admin/formations': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/formations/export.csv': { request: () => ({ query: 'format=csv' }), expect: ADMIN_ONLY },
  'PUT /api/admin/formations/{id}/status': {
    fresh: 'formation',
    request: ({ world }) => ({
      params: { id: world.b.formationId as string },
      body: { formationStatus: 'formation_completed' },
    }),
    expect: ADMIN_ONLY,
  },
  // Decision 0019: the formation date and state file number, set by staff only.
  'PUT /api/admin/formations/{id}/company': {
    fresh: 'formation',
    request: ({ world }) => ({
      params: { id: world.b.formationId as string },
      body: { formedOn: '2024-03-01', stateFileNumber: '2024-001234567' },
    }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/formations/{id}/file': {
    request: ({ world }) => ({ params: { id: world.b.formationId as string } }),
    expect: ADMIN_ONLY,
  },

  // --- admin users: every account, B's included, for admins only ---------------------------------------
  'GET /api/admin/users': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/orders': { request: () => ({ query: 'page=1&pageSize=20&status=paid' }), expect: ADMIN_ONLY },
  'GET /api/admin/orders/export.csv': { request: () => ({ query: 'mode=test' }), expect: ADMIN_ONLY },
  'GET /api/admin/users/{id}': { request: ({ world }) => ({ params: { id: world.b.id } }), expect: ADMIN_ONLY },
  'PATCH /api/admin/users/{id}': {
    fresh: 'account',
    request: ({ world }) => ({ params: { id: world.b.id }, body: { displayName: 'Matrix Görünen Ad' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/users/{id}/documents': {
    fresh: 'account',
    request: ({ world }) => {
      const body = fileForm(PREPARED);
      body.append('category', 'business_license');
      return { params: { id: world.b.id }, body };
    },
    expect: ADMIN_ONLY,
  },

  // --- compliance calendar (decision 0020): the customer's own items and feed; the deadlines desk for admins --
  'GET /api/compliance/me': { expect: SIGNED_IN },
  // A, B and the admin each ask for B's item key: only B has it (A and the admin have no such item).
  'PUT /api/compliance/me/items/{itemKey}/done': {
    fresh: 'completed',
    request: async ({ world }) => ({ params: { itemKey: await complianceItemOf(t, world.b.id) } }),
    expect: [401, 404, '2xx', 404],
  },
  'DELETE /api/compliance/me/items/{itemKey}/done': {
    fresh: 'completed',
    request: async ({ world }) => ({ params: { itemKey: await complianceItemOf(t, world.b.id, { marked: true }) } }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/compliance/me/calendar': { expect: SIGNED_IN },
  'POST /api/compliance/me/calendar': { expect: SIGNED_IN },
  'GET /api/admin/compliance/deadlines': {
    request: () => ({ query: 'days=60&page=1&pageSize=20' }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/compliance/deadlines/export.csv': { request: () => ({ query: 'days=60' }), expect: ADMIN_ONLY },
  'PUT /api/admin/compliance/customers/{userId}/items/{itemKey}/done': {
    fresh: 'completed',
    request: async ({ world }) => ({
      params: { userId: world.b.id, itemKey: await complianceItemOf(t, world.b.id) },
    }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/compliance/customers/{userId}/items/{itemKey}/done': {
    fresh: 'completed',
    request: async ({ world }) => ({
      params: { userId: world.b.id, itemKey: await complianceItemOf(t, world.b.id, { marked: true }) },
    }),
    expect: ADMIN_ONLY,
  },
  // --- renewals (decisions 0053, 0054): the customer's own subscriptions; the renewals desk for staff ------
  'GET /api/renewals': { expect: SIGNED_IN },
  // A and staff ask for B's subscription: A is refused as a stranger, staff as non-customers.
  'POST /api/renewals/{id}/checkout': {
    request: async ({ world }) => ({ params: { id: (await subscriptionOf(t, world.b.id)).id } }),
    expect: [401, 404, '2xx', 403],
  },
  'POST /api/renewals/{id}/cancel': {
    fresh: 'completed',
    request: async ({ world }) => {
      const sub = await subscriptionOf(t, world.b.id);
      return { params: { id: sub.id }, body: { periodEnd: sub.periodEnd, reason: 'other' } };
    },
    expect: [401, 404, '2xx', 403],
  },
  'POST /api/renewals/{id}/resume': {
    fresh: 'completed',
    request: async ({ world }) => ({ params: { id: (await subscriptionOf(t, world.b.id, { cancelled: true })).id } }),
    expect: [401, 404, '2xx', 403],
  },
  'GET /api/admin/renewals': { request: () => ({ query: 'view=due&days=30&page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/renewals/summary': { expect: ADMIN_ONLY },
  'GET /api/admin/renewals/export.csv': { request: () => ({ query: 'view=cancelled' }), expect: ADMIN_ONLY },
  'GET /api/admin/renewals/tasks': { expect: ADMIN_ONLY },
  'POST /api/admin/renewals/tasks/{id}/done': {
    fresh: 'completed',
    request: async ({ world }) => ({
      params: { id: (await subscriptionOf(t, world.b.id, { task: true })).taskId as string },
      body: { doneOn: '2026-11-20', note: 'Matrix' },
    }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/renewals/customers/{userId}': {
    request: ({ world }) => ({ params: { userId: world.b.id } }),
    expect: ADMIN_ONLY,
  },
  // --- bank readiness (decision 0084): each customer's own addresses, checks, applications and packs;
  // nothing names another customer's record, and staff hold no company (403 on the writes and the pack).
  'GET /api/bank-readiness': { expect: SIGNED_IN },
  // {role} names one of the caller's own address roles, no record of anyone: each customer writes their own.
  'PUT /api/bank-readiness/addresses/{role}': {
    unowned: true,
    request: () => ({ params: { role: 'owner_home' }, body: HOME_IN_TURKEY }),
    expect: [401, '2xx', '2xx', 403],
  },
  'DELETE /api/bank-readiness/addresses/{role}': {
    unowned: true,
    request: async (ctx) => {
      const party = partyOf(ctx);
      if (party && (ctx.role === 'customerA' || ctx.role === 'customerB')) {
        await t.deps.database.db
          .insert(bankAddresses)
          .values({
            userId: party.id,
            role: 'owner_home',
            kind: 'home',
            country: 'TR',
            line1: 'Matrix',
            city: 'İstanbul',
          })
          .onConflictDoNothing();
      }
      return { params: { role: 'owner_home' } };
    },
    expect: [401, '2xx', '2xx', 403],
  },
  'POST /api/bank-readiness/applications': {
    request: () => ({ body: { provider: 'mercury', outcome: 'refused', reason: 'Matrix', decidedOn: '2026-11-20' } }),
    expect: [401, '2xx', '2xx', 403],
  },
  'GET /api/bank-readiness/pack.zip': {
    request: () => ({ query: 'provider=mercury' }),
    expect: [401, '2xx', '2xx', 403],
  },
  'GET /api/admin/bank-readiness/customers/{userId}': {
    request: ({ world }) => ({ params: { userId: world.b.id } }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/bank-readiness/rules': { expect: ADMIN_ONLY },
  'PUT /api/admin/bank-readiness/rules/{provider}/{key}': {
    unowned: true,
    request: () => ({
      params: { provider: 'mercury', key: 'review' },
      body: { checkedOn: '2026-11-28', withdrawn: false },
    }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/bank-readiness/summary': { expect: ADMIN_ONLY },
  // The feed is a page outside the document whose token is the credential, as /go's slug is: whoever holds
  // B's (secret) URL reads B's dates, nothing else of B's (the markers check still runs).
  'GET /calendar/{token}.ics': {
    extra: true,
    unowned: true,
    request: async ({ world }) => ({ params: { token: await calendarTokenOf(t, world.b.id) } }),
    expect: PUBLIC,
  },

  // --- tracked filings (decision 0051): each cell gets a filing of B's at the stage the call needs ---------
  'GET /api/filings': { expect: SIGNED_IN },
  'GET /api/filings/{id}': {
    request: async ({ world }) => ({ params: { id: (await filingOf(t, world.b.id)).id } }),
    expect: [401, 404, '2xx', 404],
  },
  'PUT /api/filings/{id}/answers': {
    request: async ({ world }) => ({
      params: { id: (await filingOf(t, world.b.id)).id },
      body: { company: { name: 'Matrix LLC' } },
    }),
    expect: [401, 404, '2xx', 404],
  },
  'POST /api/filings/{id}/answers': {
    request: async ({ world }) => ({ params: { id: (await filingOf(t, world.b.id)).id }, body: GOOD_ANSWERS }),
    expect: [401, 404, '2xx', 404],
  },
  'POST /api/filings/{id}/signed': {
    request: async ({ world }) => ({
      params: { id: (await filingOf(t, world.b.id, 'prepared')).id },
      body: fileForm(SIGNED),
    }),
    expect: [401, 404, '2xx', 404],
  },
  'POST /api/filings/{id}/question': {
    request: async ({ world }) => ({
      params: { id: (await filingOf(t, world.b.id)).id },
      body: { message: 'Matrix question' },
    }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/admin/filings': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/filings/export.csv': { request: () => ({ query: 'format=excel-tr' }), expect: ADMIN_ONLY },
  'GET /api/admin/filings/{id}': {
    request: async ({ world }) => ({ params: { id: (await filingOf(t, world.b.id)).id } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/filings/{id}/prepare': {
    request: async ({ world }) => ({ params: { id: (await filingOf(t, world.b.id, 'answered')).id } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/filings/{id}/submitted': {
    request: async ({ world }) => {
      const body = fileForm(SIGNED);
      body.append('method', 'fax');
      body.append('filedOn', '2026-03-02');
      return { params: { id: (await filingOf(t, world.b.id, 'signed')).id }, body };
    },
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/filings/{id}/done': {
    request: async ({ world }) => ({ params: { id: (await filingOf(t, world.b.id, 'submitted')).id } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/filings/{id}/extension': {
    request: async ({ world }) => ({
      params: { id: (await filingOf(t, world.b.id)).id },
      body: { filedOn: '2026-04-01' },
    }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/filings/state-reports': {
    fresh: 'completed',
    request: async ({ world }) => {
      const today = new Date().toISOString().slice(0, 10);
      const body = fileForm(SIGNED);
      body.append('userId', world.b.id);
      body.append('itemKey', await stateItemOf(t, world.b.id, today));
      body.append('filedOn', today);
      body.append('confirmationNumber', 'WY-MATRIX-1');
      return { body };
    },
    expect: ADMIN_ONLY,
  },

  // --- the mailroom (decision 0086): the customer's own letters; the mail desk (mail.read, mail.handle) -----------
  // Each cell gets a letter of B's of its own, so a write in one cell leaves the next one's letter as it was.
  'GET /api/mail/letters': { expect: SIGNED_IN },
  'POST /api/mail/letters/{id}/decision': {
    request: async ({ world }) => ({ params: { id: await letterOf(t, world.b.id) }, body: { decision: 'hold' } }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/mail/letters/{id}/envelope': {
    request: async ({ world }) => ({ params: { id: await letterWithEnvelope(t, world.b.id) } }),
    expect: [401, 404, '2xx', 404],
  },
  'GET /api/admin/mail/letters': { request: () => ({ query: 'queue=all&page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/mail/companies': { request: () => ({ query: 'q=matrix' }), expect: ADMIN_ONLY },
  'POST /api/admin/mail/letters': {
    request: ({ world }) => ({ body: letterForm(cp575Fields(t, world.b.id, { confirmDuplicate: 'true' })) }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/mail/letters/{id}/assign': {
    request: async ({ world }) => ({ params: { id: await letterOf(t, null) }, body: { userId: world.b.id } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/mail/letters/{id}/scan': {
    request: async ({ world }) => ({ params: { id: await letterOf(t, world.b.id) }, body: fileForm(MAIL_SCAN) }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/mail/letters/{id}/envelope': {
    request: async ({ world }) => ({ params: { id: await letterWithEnvelope(t, world.b.id) } }),
    expect: ADMIN_ONLY,
  },

  // --- staff and the audit trail (decision 0043, decision 0043): the owner's; invitations are public --------
  'GET /api/admin/staff': { expect: ADMIN_ONLY },
  'POST /api/admin/staff/invitations': {
    request: () => ({ body: { email: uniqueEmail('matrix-invite'), role: 'support' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/staff/invitations/{id}/resend': {
    request: async () => ({ params: { id: (await matrixInvitation()).id } }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/staff/invitations/{id}': {
    request: async () => ({ params: { id: (await matrixInvitation()).id } }),
    expect: ADMIN_ONLY,
  },
  // A member of their own per cell: the owner's cell really changes, deactivates or reactivates them.
  'PUT /api/admin/staff/members/{id}/role': {
    request: async () => ({ params: { id: (await createStaffMember(t, 'support')).id }, body: { role: 'finance' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/staff/members/{id}/deactivate': {
    request: async () => ({ params: { id: (await createStaffMember(t, 'support')).id } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/staff/members/{id}/reactivate': {
    request: async () => ({ params: { id: (await createStaffMember(t, 'support')).id } }),
    expect: ADMIN_ONLY,
  },
  // The link's token is the credential, as a reset token is: whoever holds it sees or takes the invitation.
  'POST /api/invitations/peek': {
    unowned: true,
    request: async () => ({ body: { token: (await matrixInvitation()).token } }),
    expect: PUBLIC,
  },
  'POST /api/invitations/accept': {
    unowned: true,
    request: async () => ({
      body: {
        token: (await matrixInvitation()).token,
        fullName: 'Matrix Üye',
        password: 'Passw0rd!23',
        confirmPassword: 'Passw0rd!23',
      },
    }),
    expect: PUBLIC,
  },
  'GET /api/admin/audit': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'GET /api/admin/audit/actors': { expect: ADMIN_ONLY },
  'GET /api/admin/audit/export.csv': { request: () => ({ query: 'format=excel-tr' }), expect: ADMIN_ONLY },

  // --- customers' data rights (decisions 0046, 0047) ---------------------------------------------------------
  'GET /api/privacy/consents': { expect: SIGNED_IN },
  'POST /api/privacy/consents/accept': {
    request: () => ({ body: { ...LEGAL_TEXT_VERSIONS } }),
    expect: SIGNED_IN,
  },
  'PUT /api/privacy/consents/{kind}': {
    // The path names a kind of consent, not anyone's record: each caller sets their own.
    unowned: true,
    request: () => ({ params: { kind: 'productMails' }, body: { given: true } }),
    expect: SIGNED_IN,
  },
  // A customer's own copy (one an hour, so each A and B once per run); staff have no customer records.
  'GET /api/privacy/export.zip': { fresh: 'account', expect: [401, '2xx', '2xx', 403] },
  'GET /api/privacy/erasure': { expect: SIGNED_IN },
  'POST /api/privacy/erasure': { fresh: 'account', expect: [401, '2xx', '2xx', 403] },
  // Public by design: the mailed link's token is the credential, as the reset token is.
  'POST /api/privacy/erasure/confirm': {
    request: async () => ({ body: { token: await erasureToken() } }),
    expect: PUBLIC,
  },
  'GET /api/admin/privacy/erasures': { request: () => ({ query: 'status=pending' }), expect: ADMIN_ONLY },
  'POST /api/admin/privacy/erasures/{id}/approve': {
    request: async () => ({ params: { id: await pendingErasureId() }, body: {} }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/privacy/erasures/{id}/decline': {
    request: async () => ({ params: { id: await pendingErasureId() }, body: { answer: 'Matrix' } }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/privacy/customers/{id}/export.zip': {
    request: ({ world }) => ({ params: { id: world.b.id } }),
    expect: ADMIN_ONLY,
  },

  // --- outside the OpenAPI document --------------------------------------------------------------------
  // --- short links (decision 0013) ------------------------------------------------------------------
  'GET /api/admin/short-links': { request: () => ({ query: 'page=1&pageSize=20' }), expect: ADMIN_ONLY },
  'POST /api/admin/short-links': {
    request: () => ({ body: { originalUrl: 'https://example.com/matrix' } }),
    expect: ADMIN_ONLY,
  },
  'PATCH /api/admin/short-links/{id}': {
    request: async () => ({ params: { id: (await matrixShortLink()).id }, body: { utmCampaign: 'matrix' } }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/short-links/{id}': {
    // A link of its own per cell: the admin's cell really deletes it.
    request: async () => ({ params: { id: (await matrixShortLink()).id } }),
    expect: ADMIN_ONLY,
  },
  // The public redirect: a page, outside the document. Everyone is sent on (302), signed in or not.
  'GET /go/{slug}': {
    extra: true,
    request: async () => ({ params: { slug: (await matrixShortLink()).slug } }),
    expect: ['3xx', '3xx', '3xx', '3xx'],
  },
  // Decision 0042: an owner resets another member's second factor; a new member per cell to reset.
  'POST /api/admin/staff/{id}/two-factor/reset': {
    request: async () => ({ params: { id: (await h.staffParty('support', nextIp())).id } }),
    expect: ADMIN_ONLY,
  },
  'GET /api/openapi.json': { extra: true, expect: PUBLIC },
  'GET /api/docs': { extra: true, expect: PUBLIC },
  // The outbox holds every mail's links (password resets included): loopback callers only, and every
  // role here calls from a remote address. A local Host, so only the address can be the reason to refuse.
  'GET /api/dev/mail': { extra: true, request: localHost, expect: ['403|404', '403|404', '403|404', '403|404'] },
  'GET /dev/mail': { extra: true, request: localHost, expect: ['403|404', '403|404', '403|404', '403|404'] },
  'GET /healthz': { extra: true, expect: PUBLIC },
  'GET /readyz': { extra: true, expect: PUBLIC },
  // Decision 0049: without METRICS_TOKEN only a loopback caller may scrape, and every role here calls
  // from a remote address; the loopback and token cases are in features/metrics/metrics.test.ts.
  'GET /metrics': { extra: true, expect: [403, 403, 403, 403] },
};

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
function hasSecondFactor(role: Role): boolean {
  return isStaffCaller(role) || role === 'staleOwner';
}

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
