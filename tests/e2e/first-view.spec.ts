import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_PATHS, TIME_ZONE_COOKIE } from '../../src/shared/routes/first-view';
import { DESKTOP, PHONE, SCREENSHOT_DIR, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

/*
 * Decision 0095: a signed-in page's HTML holds its first view, drawn by the server, and the browser
 * hydrates it instead of drawing it again. A difference between the two renders is not an error a user
 * sees but a second paint: React reports it to onRecoverableError, which main.tsx writes on the
 * document (data-hydration-error) and the console; each page here fails on it.
 */

const isAdmin = (p: string) => p === '/admin' || p.startsWith('/admin/');
const CUSTOMER_PATHS = FIRST_VIEW_PATHS.filter((p) => !isAdmin(p));
const ADMIN_PATHS = FIRST_VIEW_PATHS.filter(isAdmin);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The text of the first `<h1>` in a piece of HTML, as the browser would show it. */
function headingIn(html: string): string | null {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  if (inner === undefined) return null;
  return inner
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity])
    .trim();
}

/** The browser has stored its time zone for the server (main.tsx does it once the page is idle). */
async function zoneStored(page: Page) {
  await expect
    .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === TIME_ZONE_COOKIE))
    .toBe(true);
}

/** The server's HTML for a path holds the page's heading; the browser hydrates it without a mismatch. */
async function expectHydratedFirstView(page: Page, path: string) {
  // The HTML before any script runs, with the page's session cookie.
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  // Its scripts wait until it has painted: no script of the page's own, no preload, in its head.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head, path).not.toContain('modulepreload');
  expect(head.match(/<script type="module"[^>]*>/g), path).toEqual(['<script type="module" src="/first-view.js">']);
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root, path).toMatch(/^<div id="root" inert>/);
  expect(root, `${path}: the loading indicator instead of a first view`).not.toContain('data-boot-status');
  const heading = headingIn(root);
  expect(heading, `${path}: no <h1> in the server's HTML`).toBeTruthy();

  // What a browser paints before any script: the same page, its scripts switched off.
  const noScript = await e2e.browser.newContext({
    baseURL: e2e.server.url,
    viewport: DESKTOP,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const still = await noScript.newPage();
  await still.goto(path);
  expect(await still.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
  // Not the helper's screenshots(): its wait for animations runs a script, which this page does not.
  for (const size of [DESKTOP, PHONE]) {
    await still.setViewportSize(size);
    const file = `first-view-no-script${path.replaceAll('/', '-')}-${size.width}.png`;
    await still.screenshot({ path: join(SCREENSHOT_DIR, file), fullPage: true });
  }
  await noScript.close();

  const mismatches: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' && /first view|hydrat/i.test(message.text())) mismatches.push(message.text());
  };
  page.on('console', onConsole);
  try {
    await page.goto(path);
    await page.locator('html[data-first-view]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('data-first-view'), path).toBe('hydrated');
    // The page's own requests done, so a region that hydrates after the first commit has had its turn.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
    expect(await page.locator('html').getAttribute('data-hydration-error'), path).toBeNull();
    expect(mismatches, path).toEqual([]);
    await screenshots(page, `first-view-hydrated${path.replaceAll('/', '-')}`);
  } finally {
    page.off('console', onConsole);
  }
}

describe("the signed-in pages' first view (decision 0095)", () => {
  it("is in the customer's pages' HTML and hydrates without a second render, in a zone west of the server's", async () => {
    const { page } = await customerPage(
      e2e,
      'İlk Görünüm Müşteri',
      'first-view',
      { formationType: 'self' },
      'America/New_York',
    );
    await page.goto('/dashboard');
    await zoneStored(page);
    for (const path of CUSTOMER_PATHS) await expectHydratedFirstView(page, path);
    await page.context().close();
  });

  it("is in the back office's pages' HTML and hydrates without a second render", async () => {
    const page = await adminPage(e2e, 'İlk Görünüm Sahibi', 'first-view-owner');
    await zoneStored(page);
    for (const path of ADMIN_PATHS) await expectHydratedFirstView(page, path);
    await page.context().close();
  });

  it('is drawn anew, not hydrated, when the browser is no longer in the zone the view was written for', async () => {
    const { page } = await customerPage(
      e2e,
      'Gezgin Müşteri',
      'first-view-moved',
      { formationType: 'self' },
      'Europe/Istanbul',
    );
    await page.goto('/dashboard');
    await zoneStored(page);
    // The zone stored for the server, and its offset then, are not this browser's now (it moved).
    await page.context().addCookies([
      { name: TIME_ZONE_COOKIE, value: 'Asia/Tokyo', url: e2e.server.url },
      { name: `${TIME_ZONE_COOKIE}o`, value: '-540', url: e2e.server.url },
    ]);
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).not.toContain('data-boot-status');
    await page.goto('/dashboard');
    await page.locator('html[data-first-view]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('data-first-view')).toBe('rendered');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('data-hydration-error')).toBeNull();
    await page.context().close();
  });

  it('is not in a public page, nor for a visitor', async () => {
    const response = await fetch(`${e2e.server.url}/dashboard`);
    expect(await response.text()).toContain('data-boot-status');
    const signIn = await fetch(`${e2e.server.url}/signin`);
    expect(await signIn.text()).toContain('data-boot-status');
  });
});
