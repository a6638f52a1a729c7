import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/server/app';
import { buildDeps } from '../../src/server/bootstrap';
import type { AppDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { TEMPLATE_PATH } from './global-setup-db';

export const ADMIN_CODE = 'e2e-admin-code-42';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export interface E2eServer {
  url: string;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The real server (the same createApp as `npm start`, serving the built web app from dist/web) on a
 * free port, with a fresh in-memory database and its own data directory.
 */
export async function startServer(): Promise<E2eServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const server = serve({ fetch: (req) => app.fetch(req), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_SIGNUP_CODE: ADMIN_CODE,
    WEB_DIST_DIR: path.resolve('dist/web'),
    LOG_LEVEL: 'silent',
  });
  const deps = await buildDeps(env, {
    database: { memory: true, loadDataDir: new Blob([readFileSync(TEMPLATE_PATH)]) },
    logger: pino({ level: 'silent' }),
  });
  const app = createApp(deps);
  deps.mailer.start(500);
  return {
    url: env.publicUrl,
    deps,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.mailer.stop();
      await deps.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export async function newContext(browser: Browser, baseURL: string, lang = 'tr'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: lang === 'en' ? 'en-US' : 'tr-TR' });
  context.setDefaultTimeout(15_000);
  return context;
}

/** A screenshot of the page at 1280 px and at 375 px: test-results/screenshots/<name>-<width>.png. */
/**
 * Lets the layout catch up with a new viewport: a toast that is sliding in while the size changes
 * would otherwise be captured half-way, off-centre, which is not what a user on that screen sees.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(100);
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(document.getAnimations().map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
}

export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** The newest stored mail to an address, as a user would read it at /dev/mail. */
export async function latestMail(baseURL: string, to: string, subject: RegExp) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseURL}/api/dev/mail?to=${encodeURIComponent(to)}`);
    const { mails } = (await res.json()) as { mails: { subject: string; text: string; status: string }[] };
    const mail = mails.find((m) => subject.test(m.subject) && m.status === 'stored');
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

let n = 0;
export function e2eEmail(prefix: string): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}${n}@example.com`;
}

/**
 * One server and one browser for a spec file, started before its tests and closed after them.
 * Read `e2e.server` and `e2e.browser` inside tests (they are set once beforeAll has run).
 */
export function serverAndBrowserForFile(): { server: E2eServer; browser: Browser } {
  const e2e = {} as { server: E2eServer; browser: Browser };
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.close();
  });
  return e2e;
}

/** Signs a new customer up through /signup (they land on /onboarding). */
export async function signUpInBrowser(page: Page, fullName: string, email: string, lang?: 'tr' | 'en') {
  await page.goto(lang ? `/signup?lang=${lang}` : '/signup');
  await page.fill('input[name=fullName]', fullName);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'Sirket2025ok');
  await page.fill('input[name=confirmPassword]', 'Sirket2025ok');
  await page.check('input[name=terms]');
  await page.click('button[type=submit]');
  await page.waitForURL('**/onboarding');
}
