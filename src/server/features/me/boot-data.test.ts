import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffMember,
  createTestApp,
  signedInCustomer,
  signedInOwner,
  signUp,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { BOOT_DATA_ID } from '../../../shared/routes/boot-element';
import { createApp } from '../../app';

/*
 * Decision 0060: a signed-in page's HTML carries the session (and the dashboard its formation), as the
 * API answers them, for that user alone and never cached.
 */
let t: TestApp;
let dist: string;
let withWeb: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="tr">\n  <head>\n    <title>Portal</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  withWeb = createApp({ ...t.deps, env: { ...t.deps.env, WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t?.close();
});

/** The page as the browser of `client` gets it, and the boot data in it (undefined when none). */
async function page(pathname: string, client?: TestClient) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await withWeb.request(`http://localhost:3000${pathname}`, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">([^<]*)</script>`).exec(html);
  return { res, html, boot: match ? JSON.parse(match[1]) : undefined };
}

describe("a signed-in page's boot data", () => {
  it("carries the customer's session and, on the dashboard, their formation, equal to the API's answers", async () => {
    const { c } = await signedInCustomer(t);
    expect((await c.post('/api/formations', { formationType: 'self', addressPreference: 'private' })).status).toBe(201);
    const { res, boot } = await page('/dashboard', c);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(boot.me).toEqual((await c.get('/api/me')).body);
    expect(boot.formation).toEqual((await c.get('/api/formations/me')).body);
    // Another signed-in page carries the session only.
    const support = await page('/support', c);
    expect(support.boot).toEqual({ me: boot.me });
  });

  it('says "no formation yet" as null, which sends the dashboard on to onboarding', async () => {
    const { c } = await signedInCustomer(t);
    expect((await page('/dashboard', c)).boot.formation).toBeNull();
  });

  it('is absent for a visitor, on a public page, and for a cookie that is not a session', async () => {
    const anonymous = await page('/dashboard');
    expect(anonymous.boot).toBeUndefined();
    expect(anonymous.res.headers.get('etag')).not.toBeNull();
    const { c } = await signedInCustomer(t);
    expect((await page('/signin', c)).boot).toBeUndefined();
    const forged = t.client();
    forged.cookies.set('better-auth.session_token', 'forged.value');
    expect((await page('/dashboard', forged)).boot).toBeUndefined();
  });

  it('carries the services list on the services page, for a visitor too', async () => {
    const list = (await t.client().get('/api/services')).body.services;
    const visitor = await page('/services');
    expect(visitor.boot).toEqual({ me: null, services: list });
    expect(visitor.res.headers.get('cache-control')).toBe('private, no-store');
    const { c } = await signedInCustomer(t);
    const signedIn = await page('/services', c);
    expect(signedIn.boot.me).toEqual((await c.get('/api/me')).body);
    expect(signedIn.boot.services).toEqual(list);
  });

  it("gives each browser its own user's data", async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    expect((await page('/dashboard', a.c)).boot.me.user.id).toBe(a.id);
    expect((await page('/dashboard', b.c)).boot.me.user.id).toBe(b.id);
  });

  it('cannot be closed early by what a user typed', async () => {
    const c = t.client();
    const name = 'Ayşe </script><script>alert(1)</script> <!-- Yılmaz';
    expect((await signUp(c, { fullName: name })).res.status).toBe(201);
    const { html, boot } = await page('/support', c);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(boot.me.user.fullName).toBe(name);
  });

  it("carries a staff member's session on an admin page, without a formation", async () => {
    const owner = await signedInOwner(t);
    const { boot } = await page('/admin', owner);
    expect(boot.me).toEqual((await owner.get('/api/me')).body);
    expect(boot).not.toHaveProperty('formation');
  });
});

describe("a page's first calls in its boot data (decision 0104)", () => {
  it("answers the account and documents pages' first calls as the API does, for their user alone", async () => {
    const { c } = await signedInCustomer(t);
    const { boot } = await page('/account', c);
    expect(Object.keys(boot.answers).sort()).toEqual([
      '/api/account',
      '/api/account/sessions',
      '/api/privacy/consents',
      '/api/privacy/erasure',
    ]);
    expect(boot.answers['/api/account']).toEqual((await c.get('/api/account')).body);
    expect(boot.answers['/api/privacy/consents']).toEqual((await c.get('/api/privacy/consents')).body);
    expect(boot.answers['/api/privacy/erasure']).toEqual((await c.get('/api/privacy/erasure')).body);
    // A device's last use moves with every request: the same devices, this one marked.
    const devices = (await c.get('/api/account/sessions')).body.devices;
    const booted = boot.answers['/api/account/sessions'].devices;
    expect(booted.map((d: { id: string; current: boolean }) => [d.id, d.current])).toEqual(
      devices.map((d: { id: string; current: boolean }) => [d.id, d.current]),
    );
    const documents = await page('/documents', c);
    expect(documents.boot.answers).toEqual({ '/api/documents': (await c.get('/api/documents')).body });
    // Another page carries none.
    expect((await page('/support', c)).boot).not.toHaveProperty('answers');
  });

  it("answers a desk's first page as the API does, with the page's own filters over the list's default", async () => {
    const owner = await signedInOwner(t);
    const desks = [
      ['/admin/ein', '/api/admin/ein-applications?page=1&pageSize=20&sort=created_desc'],
      ['/admin/deadlines', '/api/admin/compliance/deadlines?days=60&page=1&pageSize=20'],
      ['/admin/audit', '/api/admin/audit?page=1&pageSize=25&sort=newest'],
    ] as const;
    for (const [path, call] of desks) {
      const { boot } = await page(path, owner);
      expect(boot.answers[call], path).toEqual((await owner.get(call)).body);
    }
    const audit = await page('/admin/audit', owner);
    expect(audit.boot.answers['/api/admin/audit/actors']).toEqual((await owner.get('/api/admin/audit/actors')).body);
    // The page's filters, in any order, and its language and open row left out.
    const filtered = await page('/admin/ein?status=submitted_to_irs&lang=en&id=x&page=2', owner);
    const call = '/api/admin/ein-applications?page=2&pageSize=20&sort=created_desc&status=submitted_to_irs';
    expect(Object.keys(filtered.boot.answers)).toEqual([call]);
    expect(filtered.boot.answers[call]).toEqual((await owner.get(call)).body);
    // A filter the list refuses gets no answer: the page asks, and is told why.
    expect((await page('/admin/ein?status=nonsense', owner)).boot).not.toHaveProperty('answers');
  });

  it('carries no staff data for a customer, nor a list for staff whose role may not read it', async () => {
    const { c } = await signedInCustomer(t);
    for (const path of ['/admin/ein', '/admin/deadlines', '/admin/audit']) {
      expect((await page(path, c)).boot, path).not.toHaveProperty('answers');
    }
    const support = await createStaffMember(t, 'support');
    expect((await support.c.get('/api/admin/audit')).status).toBe(403);
    expect((await page('/admin/audit', support.c)).boot).not.toHaveProperty('answers');
    // Staff without the second factor are kept out of the admin door, and out of these answers.
    const unenrolled = await createStaffMember(t, 'owner', { enrol: false });
    expect((await unenrolled.c.get('/api/admin/ein-applications')).status).toBe(403);
    expect((await page('/admin/ein', unenrolled.c)).boot).not.toHaveProperty('answers');
  });
});
