import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createApp } from '../../src/server/app';
import { buildDeps } from '../../src/server/bootstrap';
import { calendarFeeds, mailOutbox, sessions, users } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { feedToken } from '../../src/server/features/compliance/calendar-feed.service';
import { inviteStaff } from '../../src/server/features/staff/staff.service';
import { base32Decode, hotp, timeStep } from '../../src/server/features/two-factor/totp.service';
import { createLogger } from '../../src/server/platform/logger';
import { portalRequestListener } from '../../src/server/request-listener';
import type { StaffRole } from '../../src/shared/domain/roles';
import { lentPglite } from './pglite-pool';
import { nextSecondFactorCode, rememberFactor } from './test-app';

export const ADMIN_CODE = 'e2e-admin-code-4242';

/**
 * Every password, SSN and code the browser tests type. The server's log must never hold any of them,
 * nor a session token, a mailed token or a key: each spec's server logs at debug level to a file that
 * is searched for all of these when the spec ends (secretsInLog).
 */
export const TYPED_SECRETS = [
  'Sirket2025ok',
  'Guvenli1Sifre',
  'adminsifre',
  'Customer1pass',
  'YanlisSifre9',
  'YeniSifre2025',
  'whatever1',
  '123-45-6789',
  '123456789',
  ADMIN_CODE,
];
export const LOG_DIR = path.resolve('test-results/logs');
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export interface E2eServer {
  url: string;
  deps: AppDeps;
  logFile: string;
  dataDir: string;
  close(): Promise<void>;
}

let serverCount = 0;

/**
 * The real server (the same createApp as `npm start`, serving the built web app from dist/web) on a
 * free port, with a fresh in-memory database and its own data directory.
 */
export async function startServer(): Promise<E2eServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // The production listener (main.ts): /go and /healthz in front of Hono, the rest through it. It is
  // made once the app is, which needs the port first.
  let listener: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => listener(req, res));
  // Node closes an idle kept-alive connection after 5 s; a Playwright request reusing it at that moment
  // read ECONNRESET (admin-services, once; at 65 s the accessibility walk's staff context, idle while axe
  // ran on a busy machine, once more). The browser and its request context keep sockets open for as long
  // as they like, so the server here keeps an idle one for ten minutes, longer than any test.
  server.keepAliveTimeout = 600_000;
  server.headersTimeout = 601_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_SIGNUP_CODE: ADMIN_CODE,
    WEB_DIST_DIR: path.resolve('dist/web'),
    LOG_LEVEL: 'debug',
  });
  mkdirSync(LOG_DIR, { recursive: true });
  serverCount += 1;
  const logFile = path.join(LOG_DIR, `server-${process.pid}-${serverCount}.log`);
  const deps = await buildDeps(env, {
    // An emptied database of this worker's pool, not a new load of the template (decision 0111).
    database: await lentPglite(),
    logger: createLogger('debug', pino.destination({ dest: logFile, sync: true })),
    // Every browser here is 127.0.0.1; per-address limits would count all users of a spec as one.
    rateLimits: {
      signUpPerAddress: { max: 1000, windowMs: 3600_000 },
      signInPerAddress: { max: 1000, windowMs: 900_000 },
    },
  });
  const app = createApp(deps);
  listener = portalRequestListener(app, deps);
  deps.mailer.start(500);
  return {
    url: env.publicUrl,
    deps,
    logFile,
    dataDir,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.mailer.stop();
      await deps.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built file of a web module (`features/legal/pages/PrivacyPage.tsx`) as the browser requests it,
 * from vite's manifest: chunk names are content hashes only (decision 0030).
 */
export function builtChunk(module: string): string {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[module];
  if (!chunk) throw new Error(`${module} is not in the build manifest`);
  return `/${chunk.file}`;
}

let workerBrowser: Promise<Browser> | null = null;

/**
 * One Chromium for every spec file a test worker runs (the browser project does not isolate its files,
 * vitest.config.ts): each file still gets its own server and its own contexts, which share nothing, and a
 * launch cost about a second of a core on each of 32 files. A browser that went away is launched again.
 */
function browserOfThisWorker(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (workerBrowser === launching) workerBrowser = null;
        }),
      () => {
        if (workerBrowser === launching) workerBrowser = null;
      },
    );
  }
  return workerBrowser;
}

/**
 * Debian's `chromium-headless-shell` when it is installed (`.ci/run` installs it), else `/usr/bin/chromium`;
 * `CHROMIUM_PATH` overrides both. The shell is the same Blink and V8 without the full browser around them,
 * what Playwright itself runs headless by default; on this suite it took about a third less CPU than the
 * full browser's new headless mode (decision 0110). The benchmarks keep the full browser: they measure a
 * user's pages.
 */
function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: testBrowserPath(),
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

/** The back office's top bar, in either language. */
export function adminNav(page: Page): Locator {
  return page.getByRole('navigation', { name: /^(Admin menu|Yönetim menüsü)$/ });
}

/**
 * The labels of every top-bar entry the role is shown, opened or not, in the bar's order (decision 0100):
 * the links inside closed groups are in the page, hidden.
 */
export function adminNavLinks(page: Page): Promise<string[]> {
  return adminNav(page).getByRole('link', { includeHidden: true }).allTextContents();
}

/**
 * Follows the top bar's link `name` as a user does (decision 0100): on a phone or a tablet the menu
 * button first, then the link's group, then the link.
 */
export async function followAdminNav(page: Page, name: string): Promise<void> {
  const nav = adminNav(page);
  if ((page.viewportSize()?.width ?? DESKTOP.width) < 1024) {
    const menu = nav.getByTestId('admin-nav-menu');
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  const group = nav
    .locator('li[data-nav-group]')
    .filter({ has: page.getByRole('link', { name, exact: true, includeHidden: true }) });
  const button = group.locator(':scope > button');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await group.getByRole('link', { name, exact: true }).click();
}

/** Session cookies every context of this file held, read before the context closes. */
const seenCookies = new Set<string>();

async function rememberCookies(context: BrowserContext) {
  for (const cookie of await context.cookies().catch(() => [])) {
    // better-auth's cookie is `<token>.<signature>`; the token alone is what a leak would show.
    if (cookie.name.includes('session_token')) {
      seenCookies.add(decodeURIComponent(cookie.value));
      seenCookies.add(decodeURIComponent(cookie.value).split('.')[0]);
    }
  }
}

/** `timezoneId`: the browser's zone, e.g. west of UTC to see calendar dates stay on their day (decision 0076). */
export async function newContext(
  browser: Browser,
  baseURL: string,
  lang = 'tr',
  timezoneId?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: lang === 'en' ? 'en-US' : 'tr-TR',
    ...(timezoneId ? { timezoneId } : {}),
  });
  await watchToastCoverage(context);
  context.on('page', untilInteractive);
  // Generous: the suite runs three files at once on two cores, so a page may wait its turn for a while.
  context.setDefaultTimeout(30_000);
  const close = context.close.bind(context);
  context.close = async (options) => {
    await rememberCookies(context);
    return close(options);
  };
  openContexts.add(context);
  return context;
}
const openContexts = new Set<BrowserContext>();

/**
 * A signed-in page's HTML holds its first view, inert until the browser's render has taken it over
 * (decision 0095): a test acting on it at once would press a control that does nothing yet. Each page's
 * `goto` and `reload` return once the view is live, as a user's next action would find it.
 */
function untilInteractive(page: Page) {
  const live = async () => {
    // A plain evaluate, not waitForFunction: that one first loads Playwright's injected script into the
    // page's own world, about a quarter of a CPU second per document on this machine (decision 0109).
    // A document that goes away while waiting (a redirect the page makes itself) falls back to it.
    await page
      .evaluate(untilRootIsLive)
      .catch(() => page.waitForFunction(() => !document.querySelector('#root[inert]')));
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/** Runs in the page: resolves once the first view's #root is no longer inert. */
function untilRootIsLive(): Promise<void> {
  return new Promise((resolve) => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('inert')) return resolve();
    new MutationObserver((_, observer) => {
      if (root.hasAttribute('inert')) return;
      observer.disconnect();
      resolve();
    }).observe(root, { attributes: true, attributeFilter: ['inert'] });
  });
}

/**
 * Which secrets the server's log holds (their kinds, never the values): typed passwords and SSNs,
 * session tokens, tokens sent in mail, calendar feed tokens, the auth secret and the encryption key.
 */
export async function secretsInLog(server: E2eServer): Promise<string[]> {
  for (const context of openContexts) await rememberCookies(context);
  const { db } = server.deps.database;
  const live = await db.select({ token: sessions.token }).from(sessions);
  const mails = await db.select({ text: mailOutbox.text }).from(mailOutbox);
  const mailTokens = mails.flatMap((m) =>
    [...m.text.matchAll(/token=([^&\s]+)/g)].map((x) => decodeURIComponent(x[1])),
  );
  // A feed's token is its only credential; it is not stored, but recomputed from the row as the server does.
  const feeds = await db.select().from(calendarFeeds);
  const feedTokens = feeds.map((f) => feedToken(server.deps.encryptionKey, f.userId, f.createdAt));
  const authSecret = readFileSync(path.join(server.dataDir, 'auth-secret'), 'utf8').trim();
  const kinds: [string, string[]][] = [
    ['typed password, SSN or code', TYPED_SECRETS],
    ['session token', [...seenCookies, ...live.map((s) => s.token)]],
    ['token sent by mail', mailTokens],
    ['calendar feed token', feedTokens],
    ['auth secret', [authSecret]],
    ['encryption key', [server.deps.encryptionKey]],
  ];
  const log = readFileSync(server.logFile, 'utf8');
  if (!log.includes('"msg"')) return ['(the log is empty: nothing was checked)'];
  return kinds.filter(([, values]) => values.some((v) => v.length >= 6 && log.includes(v))).map(([kind]) => kind);
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
    [e2e.server, e2e.browser] = await Promise.all([startServer(), browserOfThisWorker()]);
  });
  // Decision 0018: a toast that lay over a control during the test fails it (see watchToastCoverage).
  afterEach(() => {
    const covered = coveredByToasts.splice(0);
    expect(covered, 'controls of <main> that a toast covered').toEqual([]);
  });
  afterAll(async () => {
    // Point 10 of the hardening issue: nothing secret in the server's log of a whole spec's run.
    const leaked = e2e.server ? await secretsInLog(e2e.server) : [];
    // The browser stays for the worker's next file; what this file left open does not.
    await Promise.all((e2e.browser?.contexts() ?? []).map((context) => context.close()));
    await e2e.server?.close();
    if (leaked.length) throw new Error(`the server log ${e2e.server.logFile} holds: ${leaked.join(', ')}`);
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

/**
 * Signs a new admin up through /admin/signup with the test server's code. Staff must have a second
 * factor (decision 0042): the admin pages send them to /account/security, where they enrol with a code
 * computed from the key on the screen, and then they land on /admin/ein.
 */
export async function signUpAdminInBrowser(page: Page, fullName: string, email: string) {
  await page.goto('/admin/signup');
  await page.fill('input[name=fullName]', fullName);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'adminsifre');
  await page.fill('input[name=confirmPassword]', 'adminsifre');
  await page.fill('input[name=adminCode]', ADMIN_CODE);
  await page.check('input[name=terms]');
  await page.click('button[type=submit]');
  await enrolInBrowser(page, email);
  await page.waitForURL('**/admin/ein');
}

/**
 * On /account/security (reached by a guard, or opened): sets up the second factor as a user would,
 * reading the key shown as text and typing the code an authenticator app would show, then leaves the
 * recovery codes (remembered for later sign-ins). Answers the recovery codes.
 */
export async function enrolInBrowser(page: Page, email: string): Promise<string[]> {
  await page.waitForURL('**/account/security**');
  await page.getByTestId('two-factor-start').click();
  const key = (await page.getByTestId('two-factor-key').innerText()).replace(/\s/g, '');
  const step = timeStep(Date.now());
  await page.fill('input[name=enrolment-code]', hotp(base32Decode(key), step));
  await page.getByTestId('enrolment-code-submit').click();
  await page.getByTestId('recovery-codes').waitFor();
  const codes = await page.locator('[data-testid=recovery-codes] li').allInnerTexts();
  rememberFactor(email, key, step, codes);
  await page.getByTestId('recovery-codes-done').click();
  return codes;
}

/**
 * The second factor set up through the API for whoever is signed in on `page`, as the enrolment page
 * would do it; the key is remembered for later codes. `origin` is the portal's, for a page that has not
 * opened one of the portal's pages yet.
 */
export async function enrolByApi(page: Page, email: string, origin = new URL(page.url()).origin): Promise<void> {
  const write = { headers: { origin } };
  const setup = await page.request.post('/api/me/two-factor/setup', write);
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const step = timeStep(Date.now());
  const enable = await page.request.post('/api/me/two-factor/enable', {
    data: { code: hotp(base32Decode(secret), step) },
    ...write,
  });
  expect(enable.status(), await enable.text()).toBe(200);
  rememberFactor(email, secret, step, ((await enable.json()) as { recoveryCodes: string[] }).recoveryCodes);
}

/*
 * Accounts made through the API calls their forms make (decision 0109), for the tests whose subject comes
 * after them: a sign-up walked in the browser costs about 0.75 CPU seconds of Chromium more, about fifty
 * times over the suite, and the run is bound by CPU. The specs whose subject is a form, or a user's walk
 * through it, keep the helpers above (auth, two-factor, staff, toasts, journey, account, admin, privacy,
 * the keyboard and accessibility walks). Each answers with the page on the screen the form leads to.
 */

/** The portal's origin, which a write from its own pages carries (decision 0008). */
const originOf = (server: E2eServer) => new URL(server.url).origin;

/** A sign-up or an invitation's acceptance as the portal's pages send it; answers where the page would go next. */
async function postAsOurPages(page: Page, server: E2eServer, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(path, { data, headers: { origin: originOf(server) } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { redirectTo: string }).redirectTo;
}

/**
 * A customer signed up through POST /api/auth/sign-up, as /signup sends it; on /onboarding, in `lang`
 * when it is given (as `/signup?lang=` leaves the interface).
 */
export async function customerByApi(
  server: E2eServer,
  page: Page,
  fullName: string,
  email: string,
  lang?: 'tr' | 'en',
) {
  const password = 'Sirket2025ok';
  await postAsOurPages(page, server, '/api/auth/sign-up', {
    fullName,
    email,
    password,
    confirmPassword: password,
    terms: true,
    productMails: false,
    lang: lang ?? 'tr',
  });
  await page.goto(lang ? `/onboarding?lang=${lang}` : '/onboarding');
}

/**
 * An owner through the API: the first with the admin code, as /admin/signup sends it, any later one
 * invited by the first and joining as /invite/:token does; then the second factor. On /admin/ein.
 */
export async function ownerByApi(server: E2eServer, page: Page, fullName: string, email: string) {
  const token = await ownerInvitation(server, email);
  const home = token
    ? await joinByApi(server, page, token, fullName)
    : await postAsOurPages(page, server, '/api/auth/admin-sign-up', {
        fullName,
        email,
        password: 'adminsifre',
        confirmPassword: 'adminsifre',
        adminCode: ADMIN_CODE,
        terms: true,
        lang: 'tr',
      });
  await enrolByApi(page, email, originOf(server));
  await page.goto(home);
}

/** A staff member of `role` invited by the first owner, joined and enrolled through the API; in the back office. */
export async function staffByApi(server: E2eServer, page: Page, fullName: string, email: string, role: StaffRole) {
  const token = await ownerInvitation(server, email, role);
  if (!token) throw new Error('staffByApi: no owner to invite the member yet');
  const home = await joinByApi(server, page, token, fullName);
  await enrolByApi(page, email, originOf(server));
  await page.goto(home);
}

/** Accepts an invitation; answers the member's home (the invitation sends them to enrolment first, then there). */
async function joinByApi(server: E2eServer, page: Page, token: string, fullName: string): Promise<string> {
  const next = await postAsOurPages(page, server, '/api/invitations/accept', {
    token,
    fullName,
    password: 'adminsifre1',
    confirmPassword: 'adminsifre1',
  });
  return new URL(next, server.url).searchParams.get('next') ?? '/admin';
}

/** Sign-in's second step in the browser: a code for `email`'s remembered key (see enrolInBrowser). */
export async function giveSignInCode(page: Page, email: string): Promise<void> {
  await page.fill('input[name=code]', nextSecondFactorCode(email));
  await page.click('button[type=submit]');
}

/**
 * An invitation's token for `email` to join as `role` (an owner by default), made by the server's first
 * owner through the invitation service; null while there is no owner yet (the admin code makes the
 * first one).
 */
export async function ownerInvitation(
  server: E2eServer,
  email: string,
  role: StaffRole = 'owner',
): Promise<string | null> {
  const [first] = await server.deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.deactivatedAt)))
    .limit(1);
  if (!first) return null;
  const { token } = await inviteStaff(server.deps, { id: first.id, role: 'owner' }, { email, role });
  return token;
}

/**
 * A staff member of `role` signed in through the browser as staff join (decision 0043): invited by the
 * first owner, through /invite/:token, then the second factor (decision 0042). Needs an owner already.
 * Lands on the role's own desk.
 */
export async function staffInBrowser(server: E2eServer, page: Page, fullName: string, email: string, role: StaffRole) {
  const token = await ownerInvitation(server, email, role);
  if (!token) throw new Error('staffInBrowser: no owner to invite the member yet');
  await page.goto(`/invite/${token}`);
  await page.fill('input[name=fullName]', fullName);
  await page.fill('input[name=password]', 'adminsifre1');
  await page.fill('input[name=confirmPassword]', 'adminsifre1');
  await page.click('button[type=submit]');
  await enrolInBrowser(page, email);
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

/**
 * An owner signed in through the browser: the first through /admin/signup, any later one invited by the
 * first (the admin code makes the first owner only, decision 0043) and joining through /invite/:token.
 * Lands on /admin/ein either way.
 */
export async function ownerInBrowser(server: E2eServer, page: Page, fullName: string, email: string) {
  const token = await ownerInvitation(server, email);
  if (!token) return signUpAdminInBrowser(page, fullName, email);
  await page.goto(`/invite/${token}`);
  await page.fill('input[name=fullName]', fullName);
  await page.fill('input[name=password]', 'adminsifre1');
  await page.fill('input[name=confirmPassword]', 'adminsifre1');
  await page.click('button[type=submit]');
  // Then the second factor (decision 0042), and on to the owner's home.
  await enrolInBrowser(page, email);
  await page.waitForURL('**/admin/ein');
}

/**
 * The headers a write from the portal's own pages carries. `page.request` is a bare HTTP client that
 * shares the page's cookies but sends no Origin, and the server refuses such a write (decision 0008).
 */
export function fromOurPages(page: Page): { headers: Record<string, string> } {
  return { headers: { origin: new URL(page.url()).origin } };
}

/** Drops a file on a drop zone the way a browser does: dragenter, dragover, drop with a DataTransfer. */
export async function dropFile(page: Page, selector: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { b64: file.buffer.toString('base64'), name: file.name, type: file.mimeType },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, type, { dataTransfer });
}

/** Records the text of every toast shown from now on in this document; read them with `shownToasts`. */
export async function watchToasts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { shownToasts: string[] };
    w.shownToasts = [];
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast]')) {
        if (!seen.has(el)) {
          seen.add(el);
          w.shownToasts.push(el.textContent ?? '');
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}
/** The toasts shown since `watchToasts`, in order. */
export const shownToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);

/** What has focus, as "TAG#id text". */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return `${el?.tagName}#${el?.id ?? ''} ${el?.textContent?.trim().slice(0, 40) ?? ''}`;
  });

/*
 * Decision 0018: no toast may lie over a control of the page. Every context made by newContext runs the
 * script below in each page: while a toast is on screen (from 450 ms after it appears, once it has slid
 * in, then every 500 ms, since the page may still render under it, until the page is scrolled) it
 * hit-tests the centre of every visible link and button of <main> and reports each one whose centre
 * lands on the toasts. Each spec's
 * afterEach fails the test that saw one. `expectToastsCoverNothing` runs the same check on demand.
 */
const coveredByToasts: string[] = [];

interface ToastCoverage {
  /** The controls of <main> the toasts on screen cover now, described for a failure message. */
  covered(): string[];
}

/** Runs in the page (serialised by Playwright): nothing from this module is in scope there. */
function toastCoverageScript() {
  const shownToasts = () =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]')).filter(
      (t) => t.dataset.mounted === 'true' && t.dataset.removed !== 'true' && t.dataset.visible !== 'false',
    );
  const covered = (): string[] => {
    const toasts = shownToasts();
    if (!toasts.length) return [];
    const region = toasts[0].closest('section') ?? (toasts[0].parentElement as HTMLElement);
    // How far the toasts pushed the page down by taking room in its flow (nothing for an overlay). A
    // control within that distance of the top was above the screen before they came: it scrolled
    // under them, it was not hidden by them.
    let pushed = region.getBoundingClientRect().height;
    for (let el: HTMLElement | null = region; el && el !== document.body; el = el.parentElement) {
      const { position } = getComputedStyle(el);
      if (position === 'fixed' || position === 'absolute') pushed = 0;
    }
    const found: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('main a, main button')) {
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < pushed || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || control.contains(hit) || !region.contains(hit)) continue;
      const name = (control.textContent || control.getAttribute('aria-label') || '').trim().slice(0, 40);
      const toast = (hit.closest('[data-sonner-toast]')?.textContent ?? '').trim().slice(0, 60);
      found.push(`${location.pathname} @${innerWidth}px: ${control.tagName.toLowerCase()} "${name}" under "${toast}"`);
    }
    return found;
  };
  (window as unknown as { toastCoverage: ToastCoverage }).toastCoverage = { covered };

  const report = (window as unknown as { reportToastCover?: (what: string) => void }).reportToastCover;
  const reported = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Where the page stood when the toasts on screen came. Once it has scrolled, what lies under the sticky
  // region was moved there by the scroll, as under a sticky header: the check is of what a toast hides
  // where it lands, after the action that raised it.
  let scrollAtToast: number | null = null;
  const check = () => {
    timer = undefined;
    if (!shownToasts().length) {
      scrollAtToast = null;
      return;
    }
    scrollAtToast ??= scrollY;
    timer = setTimeout(check, 500);
    if (Math.abs(scrollY - scrollAtToast) > 1) return;
    for (const what of covered()) {
      if (reported.has(what)) continue;
      reported.add(what);
      report?.(what);
    }
  };
  new MutationObserver(() => {
    if (!timer && document.querySelector('[data-sonner-toast]')) timer = setTimeout(check, 450);
  }).observe(document, { childList: true, subtree: true });
}

async function watchToastCoverage(context: BrowserContext) {
  await context.exposeBinding('reportToastCover', (_source, what: string) => {
    coveredByToasts.push(what);
  });
  await context.addInitScript(toastCoverageScript);
}

/**
 * Waits for the toast saying `text` to be on screen and slid in, then fails if any toast on screen lies
 * over a control of <main>.
 */
export async function expectToastsCoverNothing(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast][data-mounted=true]', { hasText: text }).first().waitFor();
  await page.waitForTimeout(450);
  const covered = await page.evaluate(() =>
    (window as unknown as { toastCoverage: ToastCoverage }).toastCoverage.covered(),
  );
  expect(covered, `toasts over controls at ${page.viewportSize()?.width} px`).toEqual([]);
}
