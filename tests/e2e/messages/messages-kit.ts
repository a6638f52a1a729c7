import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CODE,
  type E2eServer,
  e2eEmail,
  enrolByApi,
  fromOurPages,
  newContext,
  ownerInvitation,
  SCREENSHOT_DIR,
  serverAndBrowserForFile,
} from '../../support/e2e';
import { einApplicationByApi } from '../../support/e2e-accounts';
import { textPdf } from '../../support/files';
import { sectionFiles } from '../../support/message-files';

/*
 * product.md#error-catalogue: messages and the behaviours no other spec triggers, one row each (decision 0035). Every row
 * makes a real call fail (answered with an error by `page.route`, or a real failing condition) or
 * succeed, and reads the message it expects from the catalogues, in Turkish and in English; the
 * English catalogue is checked against the spec's own words (messages-visitor.spec.ts). One customer
 * per language is moved along by the rows of a file, in order; one admin and one visitor per language.
 *
 * The rows are split over six files by where the customer stands (decision 0093): three files at
 * once finish sooner than one long one, and each file sets up through the API the state the rows of
 * the files before it would have left (`given`), so no file depends on another.
 */

export type Lang = 'tr' | 'en';
export const LANGS: Lang[] = ['tr', 'en'];
export const PASSWORD = 'Customer1pass';

export function flatten(value: unknown, prefix: string, out: Record<string, string>) {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
}

/** The catalogue of a language, flattened: `support.reply.failed` → its text. */
export function catalogue(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [section, file] of sectionFiles(lang)) flatten(JSON.parse(readFileSync(file, 'utf8')), section, out);
  return out;
}
export const CATALOGUES: Record<Lang, Record<string, string>> = { tr: catalogue('tr'), en: catalogue('en') };

export function say(lang: Lang, key: string): string {
  const text = CATALOGUES[lang][key];
  if (!text) throw new Error(`${key} is not in the ${lang} catalogue`);
  return text;
}

/** product.md#error-catalogue in its own words, for every key a row below expects. */
export const SPEC_TEXT: Record<string, string> = {
  'errors.SIGN_UP_FAILED': 'Failed to create account. Please try again.',
  'auth.adminSignUp.failed': 'Failed to create admin account. Please try again.',
  'common.signInRequired': 'Please sign in to continue',
  'onboarding.toast.startFailed': 'Failed to start company formation. Please try again.',
  'onboarding.toast.createFailed': 'Failed to create formation record',
  'onboarding.toast.unexpected': 'An error occurred. Please try again.',
  'common.signOut.failed': 'Failed to sign out',
  'onboarding.toast.welcomeBack': 'Welcome back! Continuing from where you left off.',
  'auth.signIn.welcomeBack': 'Welcome back!',
  'dashboard.loadFailed': 'Failed to load user data',
  'dashboard.refresh.failed': 'Failed to refresh status',
  'dashboard.refresh.success': 'Status updated',
  'formation.loadFailed': 'Failed to load formation data',
  'formation.toast.updateFailed': 'Failed to update formation status',
  'formation.toast.feedbackFailed': 'Failed to submit feedback',
  'formation.toast.thanks': 'Thank you for your feedback!',
  'guides.bank.feedback.failed': 'Failed to submit feedback',
  'guides.thanks': 'Thank you for your feedback!',
  'formationService.toast.saveFailed': 'Failed to submit request',
  'formationService.toast.submitted': 'Formation service request submitted successfully!',
  'documents.loadFailed': 'Failed to load documents',
  'documents.upload.failed': 'Failed to upload document',
  'services.loadFailed': 'Failed to load services',
  'services.detail.loadFailed': 'Failed to load service',
  'services.purchase.failed': 'Failed to initiate purchase. Please try again.',
  'errors.PAYMENT_PROVIDER_FAILED': 'Failed to create checkout session',
  'ein.toast.submitFailed': 'Failed to submit EIN application',
  'ein.toast.uploadFailed': 'Failed to upload documents',
  'ein.toast.unexpected': 'An error occurred',
  'ein.toast.submitted': 'EIN application submitted successfully!',
  'ss4.loadFailed': 'Failed to load SS-4 form',
  'ss4.toast.uploadFailed': 'Failed to upload SS-4 form',
  'ss4.toast.uploaded': 'SS-4 form uploaded successfully!',
  'support.threads.loadFailed': 'Failed to load support threads',
  'support.create.failed': 'Failed to create support thread',
  'support.create.success': 'Support thread created',
  'support.conversation.loadFailed': 'Failed to load messages',
  'support.reply.failed': 'Failed to send message',
  'adminEin.list.loadFailed': 'Failed to load applications',
  'adminEin.toast.uploadFailed': 'Failed to upload file',
  'adminEin.toast.statusFailed': 'Failed to update status',
  'adminEin.toast.notesFailed': 'Failed to save notes',
  'adminFormations.list.loadFailed': 'Failed to load formations',
  'adminFormations.export.failed': 'Failed to export data',
  'adminServices.toast.saveFailed': 'Failed to save service',
  'adminServices.toast.deleteFailed': 'Failed to delete service',
  'adminUsers.list.loadFailed': 'Failed to load users',
  'adminUsers.toast.updateFailed': 'Failed to update user',
  'support.admin.list.loadFailed': 'Failed to load support threads',
  'support.admin.detail.loadFailed': 'Failed to load messages',
  'support.admin.detail.replyFailed': 'Failed to send reply',
  'support.admin.detail.statusFailed': 'Failed to update status',
  'support.admin.user.created': 'Support thread created successfully',
  'shortLinks.toast.loadFailed': 'Failed to load links',
  'shortLinks.toast.createFailed': 'Failed to create short link',
  'shortLinks.toast.updateFailed': 'Failed to update link',
  'shortLinks.toast.deleteFailed': 'Failed to delete link',
  'shortLinks.toast.copyFailed': 'Failed to copy link',
  'common.backToDashboard': 'Panele Geri Dön',
};

/**
 * status500: the portal's own failure. busy: its rate limit (429), for loads: a 4xx is not retried, so
 * the page says so at once instead of after the query's two retries. noAnswer: the connection drops.
 * notOurs: a proxy's page in front of the portal. providerFailed: Stripe could not open a checkout.
 */
export type Failure = 'status500' | 'busy' | 'noAnswer' | 'notOurs' | 'providerFailed';

/**
 * A move inside the web app, as a click on one of its links makes, not a page load: a page loaded
 * whole draws from the data its HTML carries (decision 0060), so a failing first call shows only when
 * the page is reached this way. `from` is loaded first and waited for.
 */
export async function moveInApp(page: Page, from: string, to: string, before: () => Promise<void>) {
  await page.goto(from);
  await page.locator('main h1').first().waitFor();
  await before();
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Answers the page's `method` calls to `url` with a failure until the row ends. */
export async function fail(page: Page, method: string, url: RegExp, how: Failure = 'status500') {
  await page.route(url, (route) => {
    if (route.request().method() !== method) return route.fallback();
    if (how === 'noAnswer') return route.abort('connectionreset');
    // A proxy's page in front of the portal: not the API's error body.
    if (how === 'notOurs')
      return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' });
    const [status, error] =
      how === 'providerFailed'
        ? [502, { code: 'PAYMENT_PROVIDER_FAILED', message: 'Failed to create checkout session' }]
        : how === 'busy'
          ? [429, { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }]
          : [500, { code: 'INTERNAL', message: 'Internal error' }];
    return route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ error }),
    });
  });
}

/** The toast whose title is exactly `text` (sonner's [data-title]), shown now. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast] [data-title]').getByText(text, { exact: true }).first();
}

export const pdf = textPdf;

export const next = (page: Page) => page.click('[data-testid=wizard-next]');
export const path$ = (page: Page) => new URL(page.url()).pathname;

export interface Actors {
  lang: Lang;
  visitor: Page;
  customer: Page;
  admin: Page;
  customerEmail: string;
  /** Filled in as the rows move the customer along. */
  ids: { user?: string; application?: string; thread?: string; service?: string; link?: string };
}

export interface Row {
  name: string;
  /** Whose page shows the message. */
  on: 'visitor' | 'customer' | 'admin';
  /** The catalogue key of the message the row must show (a toast unless `inPage`). */
  expect?: string;
  inPage?: boolean;
  /** The row looks for its message itself (the page it shows on is gone when the row ends). */
  checksItself?: boolean;
  /** A behaviour that shows no message of its own: run in Turkish only. */
  once?: boolean;
  run(a: Actors, say: (key: string) => string): Promise<void>;
}

export async function signUpByApi(context: BrowserContext, lang: Lang, body: Record<string, unknown>, route: string) {
  const page = await context.newPage();
  // The page stores the language (cookie), which the server reads for the account's language.
  await page.goto(`/terms?lang=${lang}`);
  const res = await page.request.post(`/api/auth/${route}`, {
    data: { password: PASSWORD, confirmPassword: PASSWORD, terms: true, ...body },
    ...fromOurPages(page),
  });
  expect(res.status(), await res.text()).toBe(201);
  return page;
}

/** An owner: the first through the admin code, a later one by invitation (the code makes the first only). */
export async function ownerByApi(
  server: E2eServer,
  context: BrowserContext,
  lang: Lang,
  fullName: string,
  email: string,
) {
  const token = await ownerInvitation(server, email);
  if (!token) {
    const first = await signUpByApi(context, lang, { fullName, email, adminCode: ADMIN_CODE }, 'admin-sign-up');
    await enrolByApi(first, email);
    return first;
  }
  const page = await context.newPage();
  await page.goto(`/terms?lang=${lang}`);
  const res = await page.request.post('/api/invitations/accept', {
    data: { token, fullName, password: PASSWORD, confirmPassword: PASSWORD },
    ...fromOurPages(page),
  });
  expect(res.status(), await res.text()).toBe(201);
  // Staff work only with the second factor set up (decision 0042).
  await enrolByApi(page, email);
  return page;
}

export async function json<T>(
  res: { status(): number; text(): Promise<string>; json(): Promise<unknown> },
  status = 200,
) {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** Steps through onboarding as a self-service customer up to the last button. */
export async function onboardToLastStep(page: Page) {
  await page.goto('/onboarding');
  await page.check('input[name=formationType][value=self]');
  await next(page);
  await next(page);
  await page.check('input[name=addressPreference][value=shared]');
  await next(page);
  await page.locator('[data-testid=wizard-next]').waitFor();
}

/** The formation guide's last step. */
export async function guideLastStep(page: Page) {
  await page.goto('/formation');
  for (let i = 0; i < 3; i++) await next(page);
  await page.locator('input[name=isFormationComplete]').first().waitFor();
}

/** The EIN wizard filled in up to its last step, terms ticked. */
export async function einWizardFilled(page: Page, lang: Lang) {
  await page.goto('/ein-application');
  await next(page);
  await page.fill('input[name=businessName]', `Mesaj ${lang} LLC`);
  await page.locator('input[name=businessActivity][value=Ecommerce]').check();
  await next(page);
  await page.fill('input[name=responsiblePartyName]', 'Mesaj Müşterisi');
  await page.fill('input[name=responsiblePartyPhone]', '+90 532 111 22 33');
  await page.fill('input[name=responsiblePartySsn]', '123-45-6789');
  await next(page);
  await page.setInputFiles('input[name=articlesOfOrganization]', {
    name: 'articles.pdf',
    mimeType: 'application/pdf',
    buffer: await pdf('Articles'),
  });
  await page.setInputFiles('input[name=registeredAgentInvoice]', {
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: await pdf('Invoice'),
  });
  await next(page);
  await page.check('input[name=terms]');
}

export const EIN_SUBMIT = /\/api\/ein-applications$/;
export const FORMATION = /\/api\/formations\/me$/;

/** Everything a language's rows need: its visitor, customer and admin, and what the admin seeded. */
export async function actorsIn(e2e: E2e, lang: Lang): Promise<Actors> {
  const { browser, server } = e2e;
  const [visitorContext, customerContext, adminContext] = await Promise.all([
    newContext(browser, server.url, lang),
    newContext(browser, server.url, lang),
    newContext(browser, server.url, lang),
  ]);
  const customerEmail = e2eEmail(`msg-customer-${lang}`);
  const [customer, admin, visitor] = await Promise.all([
    signUpByApi(customerContext, lang, { fullName: 'Mesaj Müşterisi', email: customerEmail }, 'sign-up'),
    ownerByApi(server, adminContext, lang, 'Mesaj Yönetici', e2eEmail(`msg-admin-${lang}`)),
    visitorContext.newPage(),
  ]);
  await visitor.goto(`/signin?lang=${lang}`);
  const user = (await json<{ user: { id: string } }>(await customer.request.get('/api/me'))).user.id;
  const service = await json<{ service: { id: string } }>(
    await admin.request.post('/api/admin/services', {
      data: {
        title: 'Vergi danışmanlığı',
        description: 'ABD vergi yükümlülükleriniz için bire bir görüşme.',
        titleEn: 'Tax consultation',
        descriptionEn: 'A one-to-one session on your US tax obligations.',
        priceCents: 14_950,
      },
      ...fromOurPages(admin),
    }),
    201,
  );
  await json(
    await admin.request.post('/api/admin/short-links', {
      data: { originalUrl: 'https://example.com/mesaj' },
      ...fromOurPages(admin),
    }),
    201,
  );
  return { lang, visitor, customer, admin, customerEmail, ids: { user, service: service.service.id } };
}

/** One row at a time per language, in the order they start (first come, first served). */
export function queue() {
  let tail = Promise.resolve();
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const turn = tail.then(work);
    tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  };
}

export interface E2e {
  server: E2eServer;
  browser: Browser;
}

/** A customer at preparation: the formation record onboarding makes (self-service). */
export async function givenFormation(a: Actors): Promise<void> {
  await json(
    await a.customer.request.post('/api/formations', { data: { formationType: 'self' }, ...fromOurPages(a.customer) }),
    201,
  );
}

/** A customer at formation_completed with a submitted EIN application, its id in `ids.application`. */
export async function givenApplication(a: Actors): Promise<void> {
  const { customer } = a;
  await givenFormation(a);
  await json(
    await customer.request.post('/api/formations/me/guide-completion', {
      data: { isFormationComplete: true, state: 'Wyoming' },
      ...fromOurPages(customer),
    }),
  );
  a.ids.application = await einApplicationByApi(customer, {
    businessName: `Mesaj ${a.lang} LLC`,
    responsiblePartyName: 'Mesaj Müşterisi',
    email: a.customerEmail,
  });
}

/** A support request of the customer's (the short form's), its id in `ids.thread`. */
export async function givenThread(a: Actors): Promise<void> {
  const { thread } = await json<{ thread: { id: string } }>(
    await a.customer.request.post('/api/support/threads', {
      multipart: { subject: 'Banka hesabı', message: 'Hangi belgeler gerekiyor?' },
      ...fromOurPages(a.customer),
    }),
    201,
  );
  a.ids.thread = thread.id;
}

/**
 * One file of rows: its own portal and browser, a visitor, customer and admin per language, `given`
 * moving the customer (through the API) to where the file's first row expects them.
 *
 * A language's rows move one customer along, so they run one after another; the two languages run
 * side by side (rows interleaved, tr then en, so that both always have a row started), which halves
 * the file's time on an idle machine.
 */
export function messagesFile(title: string, rows: Row[], given?: (a: Actors) => Promise<void>): void {
  const e2e = serverAndBrowserForFile() as E2e;

  it(`${title}: every row’s message exists in both languages, and the two differ`, () => {
    for (const row of rows.filter((r) => r.expect)) {
      const key = row.expect as string;
      expect(say('tr', key), key).not.toBe(say('en', key));
    }
  });

  describe.concurrent(title, () => {
    const actors = {} as Record<Lang, Actors>;
    const inTurn = { tr: queue(), en: queue() };

    beforeAll(async () => {
      // Turkish first: its owner comes through the admin code, which makes the first owner only; the
      // English one is then invited by it.
      actors.tr = await actorsIn(e2e, 'tr');
      actors.en = await actorsIn(e2e, 'en');
      if (given) await Promise.all([given(actors.tr), given(actors.en)]);
    });

    const planned = rows.flatMap((row) =>
      LANGS.filter((lang) => lang === 'tr' || !row.once).map((lang) => ({ lang, row })),
    );
    it.each(planned.map(({ lang, row }) => [lang, row.name, lang, row] as const))('%s: %s', (_lang, _name, lang, row) =>
      inTurn[lang](async () => {
        const a = actors[lang];
        const page = a[row.on];
        try {
          await row.run(a, (key) => say(lang, key));
          if (row.expect && !row.checksItself) {
            const text = say(lang, row.expect);
            await (row.inPage
              ? page.locator('main').getByText(text, { exact: true }).first()
              : toast(page, text)
            ).waitFor();
          }
        } catch (error) {
          // What the page showed when the row failed, for whoever reads the failure.
          mkdirSync(SCREENSHOT_DIR, { recursive: true });
          const file = `messages-${lang}-${row.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`;
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), timeout: 5000 }).catch(() => {});
          throw error;
        } finally {
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        }
      }),
    );
  });
}
