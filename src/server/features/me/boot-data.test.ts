import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
