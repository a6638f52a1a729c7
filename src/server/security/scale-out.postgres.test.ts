/**
 * Decision 0022, "two servers, one database": the claim that the portal runs as several copies behind a
 * load balancer. Two real server processes (production mode, as deployed) share one PostgreSQL
 * database, one S3 bucket (s3rver), one SMTP peer and one Stripe (the fake), and nothing else: each
 * has its own DATA_DIR. PostgreSQL only, since PGlite lives inside one process.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../tests/support/fake-stripe';
import {
  encodeBody,
  type HttpAnswer,
  httpRequest,
  type PortalProcess,
  startPortal,
} from '../../../tests/support/portal-process';
import { GOOD_PASSWORD, uniqueEmail } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-db';
import * as schema from '../db/schema';
import { auditEvents, companyFormations, letters, mailOutbox, orders, services, subscriptions } from '../db/schema';
import { base32Decode, hotp, timeStep } from '../features/two-factor/totp.service';

const PUBLIC_URL = 'https://portal.example.test';
const HOST = new URL(PUBLIC_URL).host;
const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString('hex')}`;
const BUCKET = 'portal-scale-out';

interface SmtpDelivery {
  messageId: string;
  to: string[];
  subject: string;
}

/** A real SMTP peer that records the Message-ID of each delivery. */
async function startSmtpPeer() {
  const deliveries: SmtpDelivery[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const header = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        deliveries.push({
          messageId: /^message-id:\s*(.+)$/im.exec(header)?.[1].trim() ?? '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^subject:\s*(.+)$/im.exec(header)?.[1].trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser behind the reverse proxy: its own cookie jar and client address (the X-Forwarded-For the
 * proxy appends; the copies run with TRUST_PROXY=1). `via` picks the copy the balancer sends it to.
 */
function browser(address: string) {
  const cookies = new Map<string, string>();
  async function request(
    via: PortalProcess,
    method: string,
    p: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { host: HOST, 'x-forwarded-for': address, 'x-forwarded-proto': 'https' };
    if (method !== 'GET') headers.origin = PUBLIC_URL;
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { payload, contentType } = await encodeBody(body);
    if (contentType) headers['content-type'] = contentType;
    const res = await httpRequest(`${via.url}${p}`, { method, headers: { ...headers, ...extra }, body: payload });
    const setCookies = res.headers['set-cookie'] ?? [];
    for (const sc of setCookies) {
      const [pair, ...attrs] = sc.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === '' || attrs.some((a) => /max-age=0/i.test(a.trim()))) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  }
  return {
    cookies,
    get: (via: PortalProcess, p: string) => request(via, 'GET', p),
    post: (via: PortalProcess, p: string, body: unknown = {}) => request(via, 'POST', p, body),
    put: (via: PortalProcess, p: string, body: unknown = {}) => request(via, 'PUT', p, body),
  };
}

let nextAddress = 1;
const newBrowser = () => browser(`203.0.113.${nextAddress++}`);

let a: PortalProcess;
let b: PortalProcess;
let fake: FakeStripe;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let s3rver: S3rver;
let s3: S3Client;
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let db: ReturnType<typeof drizzle<typeof schema>>;
const dirs: string[] = [];
let dataDirs: { a: string; b: string };
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  const s3Dir = tempDir('portal-scale-s3-');
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
  const s3Port = (await s3rver.run()).port;
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  s3 = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  [fake, smtp, testDb] = await Promise.all([startFakeStripe(), startSmtpPeer(), createTestDatabase()]);
  const databaseUrl = (testDb.options as { databaseUrl: string }).databaseUrl;

  // What must be identical on every copy; DATA_DIR is each copy's own.
  const shared = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    PUBLIC_URL,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ADMIN_SIGNUP_CODE: 'scale-out-admin-code-123',
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Portal <no-reply@portal.example.test>',
    STRIPE_SECRET_KEY: 'sk_test_scale_out',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: fake.url,
  };
  // Both at once on a database neither has migrated: what a deploy of two fresh copies does.
  dataDirs = { a: tempDir('portal-scale-a-'), b: tempDir('portal-scale-b-') };
  const started = await Promise.allSettled([
    startPortal({ name: 'A', env: { ...shared, DATA_DIR: dataDirs.a } }),
    startPortal({ name: 'B', env: { ...shared, DATA_DIR: dataDirs.b } }),
  ]);
  [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : (undefined as unknown as PortalProcess)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db = drizzle({ client: pool, schema });
}, 60_000);

afterAll(async () => {
  const codes = await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await Promise.all([testDb?.drop(), smtp?.close(), fake?.close(), s3rver?.close()]);
  s3?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  // A copy that stops on SIGTERM finishes its requests and exits 0.
  expect(codes.filter((c) => c !== undefined)).toEqual(codes.filter((c) => c !== undefined).map(() => 0));
}, 60_000);

async function signUpOn(via: PortalProcess) {
  const c = newBrowser();
  const email = uniqueEmail('scale');
  const res = await c.post(via, '/api/auth/sign-up?lang=en', {
    fullName: 'Deniz Kaya',
    email,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    terms: true,
  });
  expect(res.status, res.body.toString()).toBe(201);
  return { c, email, id: res.json().user.id as string };
}

/**
 * The first owner through the admin code on `via`, with the second factor enrolled as staff must
 * (decision 0042): what the mail desk's requests below are made as.
 */
async function ownerOn(via: PortalProcess) {
  const c = newBrowser();
  const res = await c.post(via, '/api/auth/admin-sign-up', {
    fullName: 'Posta Masası',
    email: uniqueEmail('scale-owner'),
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    adminCode: 'scale-out-admin-code-123',
    terms: true,
  });
  expect(res.status, res.body.toString()).toBe(201);
  const setup = await c.post(via, '/api/me/two-factor/setup');
  expect(setup.status, setup.body.toString()).toBe(200);
  const code = hotp(base32Decode(setup.json().secret as string), timeStep(Date.now()));
  expect((await c.post(via, '/api/me/two-factor/enable', { code })).status).toBe(200);
  return c;
}

describe('two copies on one database', () => {
  it('both start at once on a fresh database and are ready', async () => {
    for (const copy of [a, b]) expect((await httpRequest(`${copy.url}/readyz`)).status).toBe(200);
  });

  it('signs a customer in on one copy and keeps the session on the other, sign-out included', async () => {
    const { c, email } = await signUpOn(a);
    const me = await c.get(b, '/api/me');
    expect(me.status).toBe(200);
    expect(me.json().user.email).toBe(email);

    const fresh = newBrowser();
    expect((await fresh.post(b, '/api/auth/sign-in', { email, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await fresh.get(a, '/api/me')).status).toBe(200);
    const stale = browser('203.0.113.250');
    for (const [k, v] of fresh.cookies) stale.cookies.set(k, v);
    expect((await fresh.post(a, '/api/auth/sign-out')).status).toBeLessThan(300);
    // The session ends for both copies, not only for the one that signed out; the first one stays.
    expect((await stale.get(b, '/api/me')).status).toBe(401);
    expect((await c.get(a, '/api/me')).status).toBe(200);
  });

  it('serves a file uploaded through one copy byte-identical through the other', async () => {
    const { c } = await signUpOn(b);
    // An EIN letter: a folder the copies encrypt, so the download also proves the key is shared.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(256 * 1024), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.set('category', 'ein');
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'CP575.pdf');
    const up = await c.post(a, '/api/documents', form);
    expect(up.status, up.body.toString()).toBe(201);
    const url: string = up.json().document.url;
    const key = url.replace('/api/files/', '');
    // In the bucket, not on either copy's disk.
    expect((await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentLength).toBeGreaterThan(
      bytes.length,
    );
    const down = await c.get(b, url);
    expect(down.status).toBe(200);
    expect(down.body.equals(bytes)).toBe(true);
    for (const dataDir of Object.values(dataDirs)) expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('sends every mail both copies queue exactly once, drained by both workers', async () => {
    const customers = [];
    for (const via of [a, b, a, b]) customers.push(await signUpOn(via));
    // A backlog (as after an SMTP outage) so that both workers are busy at the same time.
    await db.insert(mailOutbox).values(
      Array.from({ length: 40 }, (_, i) => ({
        to: `backlog-${i}@example.com`,
        subject: `Backlog ${i}`,
        text: `mail ${i}`,
        html: `<p>mail ${i}</p>`,
        template: 'verify',
        lang: 'en',
      })),
    );
    // A mail queued outside a transaction starts its copy's worker at once: both start together.
    const resets = await Promise.all(
      customers.map((cu, i) => newBrowser().post(i % 2 ? b : a, '/api/auth/forgot-password', { email: cu.email })),
    );
    expect(resets.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    await expect
      .poll(
        async () =>
          (
            await db
              .select({ n: sql<number>`count(*)::int` })
              .from(mailOutbox)
              .where(inArray(mailOutbox.status, ['queued', 'sending']))
          )[0].n,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(0);
    const rows = await db.select({ id: mailOutbox.id, status: mailOutbox.status }).from(mailOutbox);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    const counts = new Map<string, number>();
    for (const d of smtp.deliveries) counts.set(d.messageId, (counts.get(d.messageId) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(new Set(counts.keys())).toEqual(new Set(rows.map((r) => `<${r.id}@portal.example.test>`)));
    expect(rows.length).toBeGreaterThanOrEqual(40 + 4 + 4);
    // Both workers took part: each copy logged some of the sends.
    const sentBy = (copy: PortalProcess) => copy.logs.filter((l) => l.msg === 'mail sent').length;
    // Each copy logs a send after recording it, so the last lines may still be on their way.
    await expect.poll(() => sentBy(a) + sentBy(b), { timeout: 5000 }).toBe(rows.length);
    expect(sentBy(a)).toBeGreaterThan(0);
    expect(sentBy(b)).toBeGreaterThan(0);
  });

  it('counts failed sign-ins across both copies', async () => {
    const { email } = await signUpOn(a);
    const guesser = newBrowser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await guesser.post(i % 2 ? b : a, '/api/auth/sign-in', { email, password: `wrong-${i}-Passw0rd` });
      statuses.push(res.status);
    }
    // RATE_LIMITS.signInPerEmailAndAddress: 10 per 15 minutes, wherever they land.
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    for (const copy of [a, b]) {
      const res = await guesser.post(copy, '/api/auth/sign-in', { email, password: GOOD_PASSWORD });
      expect(res.status).toBe(429);
      expect(res.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    }
  });

  it('fulfils a Stripe webhook delivered to both copies at once exactly once', async () => {
    const [service] = await db
      .insert(services)
      .values({ title: 'ITIN Başvurusu', description: 'W-7', priceCents: 24_900, stripePriceId: null })
      .returning();
    const { c, id, email } = await signUpOn(b);
    const checkout = await c.post(a, '/api/payments/checkout', { serviceId: service.id });
    expect(checkout.status, checkout.body.toString()).toBe(200);
    const session = [...fake.sessions.values()].find((s) => s.url === checkout.json().url);
    if (!session) throw new Error('no checkout session at the fake Stripe');
    const payload = fake.signedPayload(
      fake.event('checkout.session.completed', fake.completeSession(session.id)),
      WEBHOOK_SECRET,
    );
    const deliver = (copy: PortalProcess) =>
      httpRequest(`${copy.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { host: HOST, 'content-type': 'application/json', 'stripe-signature': payload.signature },
        body: payload.body,
      });
    const answers = await Promise.all([deliver(a), deliver(b), deliver(a), deliver(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    const mine = await db.select().from(orders).where(eq(orders.userId, id));
    expect(mine).toHaveLength(1);
    expect(mine[0].status).toBe('paid');
    const paid = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, mine[0].id), eq(auditEvents.action, 'order.paid')));
    expect(paid).toHaveLength(1);
    const receipts = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'orderReceipt')));
    expect(receipts).toHaveLength(1);
    const receiptId = `<${receipts[0].id}@portal.example.test>`;
    await expect
      .poll(() => smtp.deliveries.filter((d) => d.messageId === receiptId).length, { timeout: 15_000 })
      .toBe(1);
    expect(smtp.deliveries.filter((d) => d.to.includes(email) && d.messageId === receiptId)).toHaveLength(1);
    expect(fake.unhandled).toEqual([]);
  });
  it('runs the mailroom across both copies: logged on one, read on the other, forwarded once on a webhook both receive', async () => {
    const desk = await ownerOn(a);
    const { c, id } = await signUpOn(b);
    // A company with its registered agent running, so its letters are handled, not held (decision 0089).
    await db.insert(companyFormations).values({
      userId: id,
      companyFormationPreference: 'self',
      stateSelected: 'Wyoming',
      businessName: 'İki Kopya LLC',
      formedOn: '2026-01-15',
    });
    await db.insert(subscriptions).values({
      userId: id,
      product: 'registered_agent',
      status: 'active',
      periodStart: '2026-01-01',
      periodEnd: '2099-01-01',
      priceCents: 14_900,
    });
    await db.insert(services).values({
      title: 'Posta yönlendirme (mektup)',
      description: 'Mektubunuzu kayıtlı adresinize göndeririz.',
      priceCents: 1_500,
      mailroomItem: 'forward_letter',
    });

    // The desk finds the company on copy B and logs the letter with its scan on copy A.
    const found = await desk.get(b, `/api/admin/mail/companies?q=${encodeURIComponent('iki kopya')}`);
    expect(found.status, found.body.toString()).toBe(200);
    expect(found.json().companies.map((co: { userId: string }) => co.userId)).toContain(id);
    const form = new FormData();
    const fields = {
      envelopeName: 'IKI KOPYA LLC',
      userId: id,
      sender: 'irs',
      kind: 'cp575',
      letterDate: '2026-11-02',
      receivedOn: new Date().toISOString().slice(0, 10),
      pages: '1',
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const scan = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(8 * 1024), Buffer.from('\n%%EOF\n')]);
    form.set('scan', new Blob([new Uint8Array(scan)], { type: 'application/pdf' }), 'CP575.pdf');
    const logged = await desk.post(a, '/api/admin/mail/letters', form);
    expect(logged.status, logged.body.toString()).toBe(200);
    const letterId: string = logged.json().letter.id;

    // The customer sees it on copy B, and its scan comes out of the shared bucket byte for byte.
    const mine = async (via: PortalProcess) => {
      const res = await c.get(via, '/api/mail/letters');
      expect(res.status).toBe(200);
      return (
        res.json().letters as { id: string; scanPath: string | null; status: string; trackingNumber: string | null }[]
      ).find((l) => l.id === letterId);
    };
    const seen = await mine(b);
    expect(seen?.status).toBe('scanned');
    if (!seen?.scanPath) throw new Error('the scan is not in the vault');
    const file = await c.get(a, `/api/files/${seen.scanPath}`);
    expect(file.status).toBe(200);
    expect(file.body.equals(scan)).toBe(true);

    // Forwarding: the address saved on A, the checkout started on B, the webhook delivered to both at once.
    const address = {
      recipient: 'Deniz Kaya',
      line1: 'Bağdat Caddesi 12',
      city: 'İstanbul',
      postalCode: '34710',
      country: 'TR',
    };
    const saved = await c.put(a, '/api/mail/settings/address', address);
    expect(saved.status, saved.body.toString()).toBe(200);
    const started = await c.post(b, `/api/mail/letters/${letterId}/forward`);
    expect(started.status, started.body.toString()).toBe(200);
    const session = [...fake.sessions.values()].find((s) => s.url === started.json().url);
    if (!session) throw new Error('no checkout session at the fake Stripe');
    const payload = fake.signedPayload(
      fake.event('checkout.session.completed', fake.completeSession(session.id)),
      WEBHOOK_SECRET,
    );
    const deliver = (copy: PortalProcess) =>
      httpRequest(`${copy.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { host: HOST, 'content-type': 'application/json', 'stripe-signature': payload.signature },
        body: payload.body,
      });
    const answers = await Promise.all([deliver(b), deliver(a), deliver(b), deliver(a)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const [row] = await db.select().from(letters).where(eq(letters.id, letterId));
    expect(row.status).toBe('to_forward');
    const paid = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, id), eq(orders.status, 'paid')));
    expect(paid).toHaveLength(1);
    // One audit row per step, not one per delivery.
    const steps = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, letterId));
    expect(steps.map((e) => e.action).sort()).toEqual([
      'letter.forward_paid',
      'letter.forward_requested',
      'letter.logged',
    ]);

    // The desk posts it from copy B; the customer reads the tracking number on copy A.
    const posted = await desk.post(b, `/api/admin/mail/letters/${letterId}/forwarded`, {
      trackingNumber: 'EZ1234567890US',
      forwardedOn: new Date().toISOString().slice(0, 10),
    });
    expect(posted.status, posted.body.toString()).toBe(200);
    expect((await mine(a))?.trackingNumber).toBe('EZ1234567890US');
    expect((await mine(a))?.status).toBe('forwarded');
    expect(fake.unhandled).toEqual([]);
  });
});
