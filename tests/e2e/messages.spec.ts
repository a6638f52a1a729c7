import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS } from '../../src/shared/domain/limits';
import {
  ADMIN_CODE,
  e2eEmail,
  enrolByApi,
  fromOurPages,
  newContext,
  ownerInvitation,
  SCREENSHOT_DIR,
  serverAndBrowserForFile,
} from '../support/e2e';

/*
 * product.md#error-catalogue: messages and the behaviours no other spec triggers, one row each (decision 0035). Every row
 * makes a real call fail (answered with an error by `page.route`, or a real failing condition) or
 * succeed, and reads the message it expects from the catalogues, in Turkish and in English; the
 * English catalogue is checked against the spec's own words first. One customer per language is
 * moved along the whole journey by the rows, in order; one admin and one visitor per language.
 */

const e2e = serverAndBrowserForFile();

type Lang = 'tr' | 'en';
const LANGS: Lang[] = ['tr', 'en'];
const PASSWORD = 'Customer1pass';

function flatten(value: unknown, prefix: string, out: Record<string, string>) {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
}

/** The catalogue of a language, flattened: `support.reply.failed` → its text. */
function catalogue(lang: Lang): Record<string, string> {
  const dir = path.resolve('src/shared/i18n', lang);
  const out: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')))
    flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file.replace(/\.json$/, ''), out);
  return out;
}
const CATALOGUES: Record<Lang, Record<string, string>> = { tr: catalogue('tr'), en: catalogue('en') };

function say(lang: Lang, key: string): string {
  const text = CATALOGUES[lang][key];
  if (!text) throw new Error(`${key} is not in the ${lang} catalogue`);
  return text;
}

/** product.md#error-catalogue in its own words, for every key a row below expects. */
const SPEC_TEXT: Record<string, string> = {
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
type Failure = 'status500' | 'busy' | 'noAnswer' | 'notOurs' | 'providerFailed';

/**
 * A move inside the web app, as a click on one of its links makes, not a page load: a page loaded
 * whole draws from the data its HTML carries (decision 0060), so a failing first call shows only when
 * the page is reached this way. `from` is loaded first and waited for.
 */
async function moveInApp(page: Page, from: string, to: string, before: () => Promise<void>) {
  await page.goto(from);
  await page.locator('main h1').first().waitFor();
  await before();
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Answers the page's `method` calls to `url` with a failure until the row ends. */
async function fail(page: Page, method: string, url: RegExp, how: Failure = 'status500') {
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
function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast] [data-title]').getByText(text, { exact: true }).first();
}

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14 });
  return Buffer.from(await doc.save());
}

const next = (page: Page) => page.click('[data-testid=wizard-next]');
const path$ = (page: Page) => new URL(page.url()).pathname;

interface Actors {
  lang: Lang;
  visitor: Page;
  customer: Page;
  admin: Page;
  customerEmail: string;
  /** Filled in as the rows move the customer along. */
  ids: { user?: string; application?: string; thread?: string; service?: string; link?: string };
}

interface Row {
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

async function signUpByApi(context: BrowserContext, lang: Lang, body: Record<string, unknown>, route: string) {
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
async function ownerByApi(context: BrowserContext, lang: Lang, fullName: string, email: string) {
  const token = await ownerInvitation(e2e.server, email);
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

async function json<T>(res: { status(): number; text(): Promise<string>; json(): Promise<unknown> }, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** Steps through onboarding as a self-service customer up to the last button. */
async function onboardToLastStep(page: Page) {
  await page.goto('/onboarding');
  await page.check('input[name=formationType][value=self]');
  await next(page);
  await next(page);
  await page.check('input[name=addressPreference][value=shared]');
  await next(page);
  await page.locator('[data-testid=wizard-next]').waitFor();
}

/** The formation guide's last step. */
async function guideLastStep(page: Page) {
  await page.goto('/formation');
  for (let i = 0; i < 3; i++) await next(page);
  await page.locator('input[name=isFormationComplete]').first().waitFor();
}

/** The EIN wizard filled in up to its last step, terms ticked. */
async function einWizardFilled(page: Page, lang: Lang) {
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

const EIN_SUBMIT = /\/api\/ein-applications$/;
const FORMATION = /\/api\/formations\/me$/;

const ROWS: Row[] = [
  // ── A visitor ────────────────────────────────────────────────────────────────────────────────
  {
    name: 'sign-in: a failure other than bad credentials',
    on: 'visitor',
    expect: 'errors.SIGN_IN_FAILED',
    async run({ visitor, customerEmail }) {
      await visitor.goto('/signin');
      await fail(visitor, 'POST', /\/api\/auth\/sign-in$/);
      await visitor.fill('input[name=email]', customerEmail);
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.click('button[type=submit]');
    },
  },
  {
    name: 'sign-up: the account cannot be created',
    on: 'visitor',
    expect: 'errors.SIGN_UP_FAILED',
    async run({ visitor }) {
      await visitor.goto('/signup');
      await fail(visitor, 'POST', /\/api\/auth\/sign-up$/);
      await visitor.fill('input[name=fullName]', 'Deneme Kişi');
      await visitor.fill('input[name=email]', e2eEmail('msg-signup'));
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.fill('input[name=confirmPassword]', PASSWORD);
      await visitor.check('input[name=terms]');
      await visitor.click('button[type=submit]');
    },
  },
  {
    name: 'admin sign-up: the account cannot be created',
    on: 'visitor',
    expect: 'auth.adminSignUp.failed',
    async run({ visitor }) {
      await visitor.goto('/admin/signup');
      await fail(visitor, 'POST', /\/api\/auth\/admin-sign-up$/);
      await visitor.fill('input[name=fullName]', 'Deneme Yönetici');
      await visitor.fill('input[name=email]', e2eEmail('msg-admin-signup'));
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.fill('input[name=confirmPassword]', PASSWORD);
      await visitor.fill('input[name=adminCode]', ADMIN_CODE);
      await visitor.check('input[name=terms]');
      await visitor.click('button[type=submit]');
    },
  },
  ...['/formation-service', '/ein-application', '/ss4-instructions', '/payment/cancelled', '/onboarding'].map(
    (route): Row => ({
      name: `an anonymous visitor to ${route} is sent to /signin`,
      on: 'visitor',
      expect: 'common.signInRequired',
      async run({ visitor }) {
        await visitor.goto(route);
        await visitor.waitForURL('**/signin');
      },
    }),
  ),
  {
    name: 'an anonymous visitor to /payment/success is sent to /signin',
    on: 'visitor',
    expect: 'common.signInRequired',
    async run({ visitor }) {
      await visitor.goto('/payment/success?session_id=cs_test_nobody');
      await visitor.waitForURL('**/signin');
    },
  },
  {
    name: 'an anonymous visitor to /dashboard is sent to /signin',
    on: 'visitor',
    once: true,
    async run({ visitor }) {
      await visitor.goto('/dashboard');
      await visitor.waitForURL('**/signin');
    },
  },

  // ── The customer, before onboarding ──────────────────────────────────────────────────────────
  {
    name: 'the dashboard sends a customer without a formation record to /onboarding',
    on: 'customer',
    once: true,
    async run({ customer }) {
      await customer.goto('/dashboard');
      await customer.waitForURL('**/onboarding');
    },
  },
  {
    name: 'onboarding: no answer from the server',
    on: 'customer',
    expect: 'onboarding.toast.startFailed',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await fail(customer, 'POST', /\/api\/formations$/, 'noAnswer');
      await next(customer);
    },
  },
  {
    name: 'onboarding: the server refuses to create the record',
    on: 'customer',
    expect: 'onboarding.toast.createFailed',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await fail(customer, 'POST', /\/api\/formations$/);
      await next(customer);
    },
  },
  {
    name: 'onboarding: an answer that is not the portal’s',
    on: 'customer',
    expect: 'onboarding.toast.unexpected',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await fail(customer, 'POST', /\/api\/formations$/, 'notOurs');
      await next(customer);
    },
  },
  {
    name: 'onboarding: signing out fails',
    on: 'customer',
    expect: 'common.signOut.failed',
    async run({ customer, lang }) {
      await customer.goto('/onboarding');
      await fail(customer, 'POST', /\/api\/auth\/sign-out$/);
      await customer
        .getByRole('button', { name: say(lang, 'common.signOut.label') })
        .first()
        .click();
    },
  },
  {
    name: 'onboarding: the record was created meanwhile (another tab), so the customer is welcomed back',
    on: 'customer',
    expect: 'onboarding.toast.welcomeBack',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await json(
        await customer.request.post('/api/formations', { data: { formationType: 'self' }, ...fromOurPages(customer) }),
        201,
      );
      await next(customer);
      await customer.waitForURL('**/dashboard');
    },
  },

  // ── The customer at preparation ──────────────────────────────────────────────────────────────
  {
    name: 'onboarding sends a customer with a formation record to /dashboard',
    on: 'customer',
    once: true,
    async run({ customer }) {
      await customer.goto('/onboarding');
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'sign-in: a customer with a formation record is welcomed back',
    on: 'visitor',
    expect: 'auth.signIn.welcomeBack',
    async run({ visitor, customerEmail }) {
      await visitor.goto('/signin');
      await visitor.fill('input[name=email]', customerEmail);
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.click('button[type=submit]');
      await visitor.waitForURL('**/dashboard');
      await visitor.context().clearCookies({ name: /session/ });
    },
  },
  {
    name: 'dashboard: the formation cannot be loaded',
    on: 'customer',
    expect: 'dashboard.loadFailed',
    async run({ customer }) {
      await moveInApp(customer, '/support', '/dashboard', () => fail(customer, 'GET', FORMATION, 'busy'));
    },
  },
  {
    name: 'dashboard: refreshing fails',
    on: 'customer',
    expect: 'dashboard.refresh.failed',
    async run({ customer, lang }) {
      await customer.goto('/dashboard');
      const refresh = customer.getByRole('button', { name: say(lang, 'dashboard.refresh.label') });
      await refresh.waitFor();
      await fail(customer, 'GET', FORMATION, 'busy');
      await refresh.click();
    },
  },
  {
    name: 'dashboard: refreshing succeeds',
    on: 'customer',
    expect: 'dashboard.refresh.success',
    async run({ customer, lang }) {
      await customer.goto('/dashboard');
      await customer.getByRole('button', { name: say(lang, 'dashboard.refresh.label') }).click();
    },
  },
  {
    name: 'formation guide: the formation cannot be loaded, so back to /dashboard',
    on: 'customer',
    expect: 'formation.loadFailed',
    async run({ customer }) {
      await fail(customer, 'GET', FORMATION, 'busy');
      await customer.goto('/formation');
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'formation guide: "yes" cannot be saved',
    on: 'customer',
    expect: 'formation.toast.updateFailed',
    async run({ customer }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=true]');
      await customer.selectOption('select[name=state]', 'Wyoming');
      await fail(customer, 'POST', /\/api\/formations\/me\/guide-completion$/);
      await next(customer);
    },
  },
  {
    name: 'formation guide: "no" cannot be saved',
    on: 'customer',
    expect: 'formation.toast.feedbackFailed',
    async run({ customer }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=false]');
      await customer.fill('textarea[name=reason]', 'Belgeleri topluyorum');
      await fail(customer, 'POST', /\/api\/formations\/me\/guide-completion$/);
      await next(customer);
    },
  },
  {
    name: 'formation guide: "no" thanks, its button reads "Panele Geri Dön" and goes to /dashboard',
    on: 'customer',
    expect: 'formation.toast.thanks',
    async run({ customer, lang }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=false]');
      await expect.poll(() => customer.locator('textarea[name=reason]').getAttribute('rows')).toBe('4');
      await customer.fill('textarea[name=reason]', 'Belgeleri topluyorum');
      await customer.getByRole('button', { name: say(lang, 'common.backToDashboard') }).click();
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'bank guide: the feedback cannot be sent',
    on: 'customer',
    expect: 'guides.bank.feedback.failed',
    async run({ customer }) {
      await customer.goto('/bank-account');
      await next(customer);
      await next(customer);
      await customer.check('input[name=completed][value=true]');
      await customer.fill('textarea[name=feedbackText]', 'Kolaydı');
      await fail(customer, 'POST', /\/api\/feedback\/bank$/);
      await next(customer);
    },
  },
  {
    name: 'address guide: the feedback cannot be sent (its own Turkish wording)',
    on: 'customer',
    expect: 'guides.address.feedback.failed',
    async run({ customer }) {
      await customer.goto('/business-address');
      await next(customer);
      await next(customer);
      await customer.check('input[name=completed][value=false]');
      await customer.fill('textarea[name=feedbackText]', 'Fiyatları karşılaştırıyorum');
      await fail(customer, 'POST', /\/api\/feedback\/business-address$/);
      await next(customer);
    },
  },
  {
    name: 'bank guide: the feedback is sent',
    on: 'customer',
    expect: 'guides.thanks',
    async run({ customer }) {
      await customer.goto('/bank-account');
      await next(customer);
      await next(customer);
      await customer.check('input[name=completed][value=true]');
      await customer.fill('textarea[name=feedbackText]', 'Kolaydı');
      await next(customer);
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'turnkey wizard: a step cannot be saved',
    on: 'customer',
    expect: 'formationService.toast.saveFailed',
    async run({ customer }) {
      await customer.goto('/formation-service');
      await customer.check('input[name=packageSelected][value=formation_only]');
      await fail(customer, 'PUT', /\/api\/formation-service\/draft$/);
      await next(customer);
    },
  },
  {
    name: 'turnkey wizard: $125 agent renewal, the private address’s $100-250 state surcharge, then the request is sent',
    on: 'customer',
    expect: 'formationService.toast.submitted',
    checksItself: true,
    async run({ customer }, say) {
      await customer.goto('/formation-service');
      await customer.check('input[name=packageSelected][value=formation_only]');
      await next(customer);
      await customer
        .getByText(/\$125[.,]00/)
        .first()
        .waitFor();
      await next(customer);
      await customer.check('input[name=stateSelected][value=Wyoming]');
      await next(customer);
      await customer.check('input[name=businessAddress][value=private_address]');
      await customer
        .getByText(/\$100[.,]00\s?[-–]\s?\$250[.,]00/)
        .first()
        .waitFor();
      await next(customer);
      // The checkout page replaces this one at once, before sonner (loaded with the first toast) may
      // have drawn it: the checkout page is held until this page has reported the toast's title.
      const seen: string[] = [];
      await customer.exposeBinding('reportToast', (_source, text: string) => seen.push(text));
      await customer.evaluate(() => {
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-sonner-toast] [data-title]'))
            (window as unknown as { reportToast(t: string): void }).reportToast(el.textContent ?? '');
        }).observe(document.body, { childList: true, subtree: true });
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await customer.route(/\/payment\/test-checkout\//, async (route) => {
        await held;
        await route.continue();
      });
      // A DOM click: Playwright's own would wait for the navigation it starts, which is held.
      await customer.locator('[data-testid=wizard-next]').evaluate((el) => (el as HTMLElement).click());
      const text = say('formationService.toast.submitted');
      for (let waited = 0; !seen.includes(text) && waited < 20_000; waited += 100) await customer.waitForTimeout(100);
      release();
      expect(seen).toContain(text);
      await customer.waitForURL(/\/payment\/test-checkout\//);
    },
  },
  {
    name: 'documents: the list cannot be loaded',
    on: 'customer',
    expect: 'documents.loadFailed',
    async run({ customer }) {
      await fail(customer, 'GET', /\/api\/documents(\?|$)/, 'busy');
      await customer.goto('/documents');
    },
  },
  {
    name: 'documents: the refresh button reloads the list',
    on: 'customer',
    expect: 'documents.refreshed',
    async run({ customer, lang }) {
      await customer.goto('/documents');
      await customer.getByRole('button', { name: say(lang, 'documents.refresh') }).click();
    },
  },
  {
    name: 'documents: refreshing fails',
    on: 'customer',
    expect: 'documents.loadFailed',
    async run({ customer, lang }) {
      await customer.goto('/documents');
      const refresh = customer.getByRole('button', { name: say(lang, 'documents.refresh') });
      await customer.locator('[data-testid=documents-empty]').waitFor();
      await fail(customer, 'GET', /\/api\/documents(\?|$)/, 'busy');
      await refresh.click();
    },
  },
  {
    name: 'documents: the upload fails',
    on: 'customer',
    expect: 'documents.upload.failed',
    async run({ customer }) {
      await customer.goto('/documents');
      await customer.selectOption('select[name=category]', { index: 1 });
      await customer.setInputFiles('input[name=file]', {
        name: 'license.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('License'),
      });
      await fail(customer, 'POST', /\/api\/documents$/);
      await customer.click('[data-testid=documents-upload-submit]');
    },
  },
  {
    name: 'services: the list cannot be loaded',
    on: 'customer',
    expect: 'services.loadFailed',
    async run({ customer }) {
      await moveInApp(customer, '/support', '/services', () => fail(customer, 'GET', /\/api\/services(\?|$)/, 'busy'));
    },
  },
  {
    name: 'services: a service cannot be loaded',
    on: 'customer',
    expect: 'services.detail.loadFailed',
    async run({ customer, ids }) {
      await fail(customer, 'GET', new RegExp(`/api/services/${ids.service}$`), 'busy');
      await customer.goto(`/services/${ids.service}`);
    },
  },
  {
    name: 'services: the checkout cannot be created (the server’s reason beneath)',
    on: 'customer',
    expect: 'services.purchase.failed',
    async run({ customer, ids, lang }) {
      await customer.goto(`/services/${ids.service}`);
      await fail(customer, 'POST', /\/api\/payments\/checkout$/, 'providerFailed');
      await customer.click('[data-testid=service-buy]');
      await customer
        .locator('[data-sonner-toast] [data-description]')
        .getByText(say(lang, 'errors.PAYMENT_PROVIDER_FAILED'), { exact: true })
        .first()
        .waitFor();
    },
  },
  {
    name: 'support: the requests cannot be loaded',
    on: 'customer',
    expect: 'support.threads.loadFailed',
    async run({ customer }) {
      await fail(customer, 'GET', /\/api\/support\/threads(\?|$)/, 'busy');
      await customer.goto('/support');
    },
  },
  {
    name: 'support: a request cannot be created',
    on: 'customer',
    expect: 'support.create.failed',
    async run({ customer }) {
      await customer.goto('/support');
      await customer.fill('input[name=subject]', 'Banka hesabı');
      await fail(customer, 'POST', /\/api\/support\/threads$/);
      await customer.click('[data-testid=support-create]');
    },
  },
  {
    name: 'support: a request is created (the short form)',
    on: 'customer',
    expect: 'support.create.success',
    async run({ customer, ids }) {
      await customer.goto('/support');
      await customer.fill('input[name=subject]', 'Banka hesabı');
      await customer.click('[data-testid=support-create]');
      await customer.waitForURL(/\/support\?thread=/);
      ids.thread = new URL(customer.url()).searchParams.get('thread') ?? undefined;
    },
  },
  {
    name: 'support: the messages cannot be loaded',
    on: 'customer',
    expect: 'support.conversation.loadFailed',
    inPage: true,
    async run({ customer, ids }) {
      await fail(customer, 'GET', new RegExp(`/api/support/threads/${ids.thread}$`), 'busy');
      await customer.goto(`/support?thread=${ids.thread}`);
    },
  },
  {
    name: 'support: a message cannot be sent',
    on: 'customer',
    expect: 'support.reply.failed',
    async run({ customer, ids }) {
      await customer.goto(`/support?thread=${ids.thread}`);
      await customer.fill('[data-testid=support-reply] textarea[name=message]', 'Hangi belgeler gerekiyor?');
      await fail(customer, 'POST', new RegExp(`/api/support/threads/${ids.thread}/messages$`));
      await customer.click('[data-testid=support-send]');
    },
  },
  {
    name: 'support: the status badges are blue, yellow, green and gray',
    on: 'customer',
    once: true,
    async run({ customer, admin }) {
      const statuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
      for (const status of statuses) {
        const created = await json<{ thread: { id: string } }>(
          await customer.request.post('/api/support/threads', {
            multipart: { subject: `Rozet ${status}` },
            ...fromOurPages(customer),
          }),
          201,
        );
        await json(
          await admin.request.put(`/api/admin/support/threads/${created.thread.id}/status`, {
            data: { status },
            ...fromOurPages(admin),
          }),
        );
      }
      await customer.goto('/support');
      const hues: Record<string, string> = {};
      for (const status of statuses) {
        const badge = customer.locator(`[data-testid=support-status][data-status=${status}]`).first();
        await badge.waitFor();
        hues[status] = await badge.evaluate((el) => {
          // The background as sRGB, whatever colour space the stylesheet wrote it in.
          const canvas = document.createElement('canvas');
          canvas.width = 1;
          canvas.height = 1;
          const g = canvas.getContext('2d') as CanvasRenderingContext2D;
          g.fillStyle = getComputedStyle(el).backgroundColor;
          g.fillRect(0, 0, 1, 1);
          const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
          if (Math.max(r, gr, b) - Math.min(r, gr, b) < 12) return 'gray';
          if (b > r && b > gr) return 'blue';
          if (gr > b && r > b && Math.abs(r - gr) < 40) return 'yellow';
          if (gr > r && gr > b) return 'green';
          return `rgb(${r},${gr},${b})`;
        });
      }
      expect(hues).toEqual({ open: 'blue', in_progress: 'yellow', resolved: 'green', closed: 'gray' });
    },
  },
  {
    name: 'every page in the shared wrapper links back to the panel with "Panele Geri Dön"',
    on: 'customer',
    once: true,
    async run({ customer, lang }) {
      for (const route of ['/documents', '/support', '/bank-account', '/business-address', '/formation']) {
        await customer.goto(route);
        const back = customer.getByRole('link', { name: say(lang, 'common.backToDashboard') });
        await back.waitFor();
        await expect.poll(() => back.getAttribute('href'), { message: route }).toBe('/dashboard');
      }
      await customer.getByRole('link', { name: say(lang, 'common.backToDashboard') }).click();
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'toasts stay 5 seconds',
    on: 'customer',
    once: true,
    async run({ customer, lang }) {
      await customer.goto('/documents');
      const refresh = customer.getByRole('button', { name: say(lang, 'documents.refresh') });
      await refresh.waitFor();
      // Timed in the page, from the toast's arrival to its removal: a busy test runner that notices
      // either late cannot shorten or lengthen it.
      const lasted = customer.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let shownAt = 0;
            new MutationObserver(() => {
              const present = document.querySelector('[data-sonner-toast]') !== null;
              if (present && !shownAt) shownAt = performance.now();
              if (!present && shownAt) resolve(performance.now() - shownAt);
            }).observe(document.body, { childList: true, subtree: true });
          }),
      );
      await refresh.click();
      await toast(customer, say(lang, 'documents.refreshed')).waitFor();
      expect(TOAST_DURATION_MS).toBe(5000);
      // Sonner removes the toast once its exit animation (a few hundred ms) has run.
      const ms = await lasted;
      expect(ms).toBeGreaterThanOrEqual(TOAST_DURATION_MS);
      expect(ms).toBeLessThan(TOAST_DURATION_MS + 1500);
    },
  },
  {
    name: 'formation guide: "yes" moves the formation on and shows the completed step (product.md#other-states)',
    on: 'customer',
    expect: 'formation.toast.thanks',
    async run({ customer, lang }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=true]');
      await customer.selectOption('select[name=state]', 'Wyoming');
      await next(customer);
      await customer.getByText(say(lang, 'formation.complete.doneTitle')).waitFor();
      expect(path$(customer)).toBe('/formation');
      await expect
        .poll(() => customer.locator('[data-testid=wizard-next]').innerText())
        .toBe(say(lang, 'common.backToDashboard'));
    },
  },

  // ── The customer at formation_completed: the EIN wizard ──────────────────────────────────────
  {
    name: 'EIN wizard: no answer while the documents go out',
    on: 'customer',
    expect: 'ein.toast.uploadFailed',
    async run({ customer, lang }) {
      await einWizardFilled(customer, lang);
      await fail(customer, 'POST', EIN_SUBMIT, 'noAnswer');
      await next(customer);
    },
  },
  {
    name: 'EIN wizard: an answer that is not the portal’s',
    on: 'customer',
    expect: 'ein.toast.unexpected',
    async run({ customer }) {
      // The wizard is still filled in after the previous row's failure.
      await fail(customer, 'POST', EIN_SUBMIT, 'notOurs');
      await next(customer);
    },
  },
  {
    name: 'EIN wizard: the portal fails to store the application',
    on: 'customer',
    expect: 'ein.toast.submitFailed',
    async run({ customer }) {
      await fail(customer, 'POST', EIN_SUBMIT);
      await next(customer);
    },
  },
  {
    name: 'EIN wizard: the application is sent',
    on: 'customer',
    expect: 'ein.toast.submitted',
    async run({ customer, ids }) {
      await next(customer);
      await customer.waitForURL('**/dashboard');
      const { application } = await json<{ application: { id: string } }>(
        await customer.request.get('/api/ein-applications/me'),
      );
      ids.application = application.id;
    },
  },

  // ── The admin ────────────────────────────────────────────────────────────────────────────────
  {
    name: 'the dashboard sends an admin to /admin/ein',
    on: 'admin',
    once: true,
    async run({ admin }) {
      await admin.goto('/dashboard');
      await admin.waitForURL('**/admin/ein');
    },
  },
  {
    name: 'admin EIN: the list cannot be loaded (the page stays, decision 0035)',
    on: 'admin',
    expect: 'adminEin.list.loadFailed',
    async run({ admin }) {
      await fail(admin, 'GET', /\/api\/admin\/ein-applications(\?|$)/, 'busy');
      await admin.goto('/admin/ein');
      await admin.locator('[data-sonner-toast]').first().waitFor();
      expect(path$(admin)).toBe('/admin/ein');
    },
  },
  {
    name: 'admin EIN: the SS-4 upload fails',
    on: 'admin',
    expect: 'adminEin.toast.uploadFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await fail(admin, 'POST', /\/api\/admin\/ein-applications\/[^/]+\/ss4$/);
      await admin.setInputFiles('[data-testid=ein-upload-ss4-input]', {
        name: 'ss4.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('SS-4'),
      });
    },
  },
  {
    name: 'admin EIN: the status cannot be advanced',
    on: 'admin',
    expect: 'adminEin.toast.statusFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await fail(admin, 'POST', /\/api\/admin\/ein-applications\/[^/]+\/advance$/);
      await admin.click('[data-testid=ein-advance]');
    },
  },
  {
    name: 'admin EIN: the notes cannot be saved',
    on: 'admin',
    expect: 'adminEin.toast.notesFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await admin.fill('textarea[name=adminNotes]', 'Müşteri aranacak');
      await fail(admin, 'PUT', /\/api\/admin\/ein-applications\/[^/]+\/notes$/);
      await admin.click('[data-testid=ein-notes-save]');
    },
  },
  {
    name: 'admin EIN: the SS-4 is uploaded',
    on: 'admin',
    expect: 'adminEin.toast.uploaded',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await admin.setInputFiles('[data-testid=ein-upload-ss4-input]', {
        name: 'ss4.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('SS-4'),
      });
    },
  },
  {
    name: 'admin formations: the list cannot be loaded',
    on: 'admin',
    expect: 'adminFormations.list.loadFailed',
    async run({ admin }) {
      await fail(admin, 'GET', /\/api\/admin\/formations(\?|$)/, 'busy');
      await admin.goto('/admin/formations');
    },
  },
  {
    name: 'admin formations: the export fails',
    on: 'admin',
    expect: 'adminFormations.export.failed',
    async run({ admin }) {
      await admin.goto('/admin/formations');
      await fail(admin, 'GET', /\/api\/admin\/formations\/export\.csv/, 'busy');
      await admin.click('[data-testid=formations-export-csv]');
    },
  },
  {
    name: 'admin services: a service cannot be saved',
    on: 'admin',
    expect: 'adminServices.toast.saveFailed',
    async run({ admin }) {
      await admin.goto('/admin/services');
      await admin.fill('#service-title', 'Vergi Danışmanlığı');
      await admin.fill('#service-description', 'Yıllık beyanname desteği.');
      await admin.fill('#service-price', '75');
      await fail(admin, 'POST', /\/api\/admin\/services$/);
      await admin.click('[data-testid=service-form-submit]');
    },
  },
  {
    name: 'admin services: a service cannot be deleted',
    on: 'admin',
    expect: 'adminServices.toast.deleteFailed',
    async run({ admin }) {
      await admin.goto('/admin/services');
      await fail(admin, 'DELETE', /\/api\/admin\/services\/[^/]+$/);
      await admin.locator('[data-testid=service-delete]').first().click();
      await admin.click('[data-testid=service-delete-dialog-confirm]');
    },
  },
  {
    name: 'admin users: the list cannot be loaded',
    on: 'admin',
    expect: 'adminUsers.list.loadFailed',
    async run({ admin }) {
      await fail(admin, 'GET', /\/api\/admin\/users(\?|$)/, 'busy');
      await admin.goto('/admin/users');
    },
  },
  {
    name: 'admin users: the name cannot be saved',
    on: 'admin',
    expect: 'adminUsers.toast.updateFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/users?id=${ids.user}`);
      await admin.click('[data-testid=user-edit]');
      await admin.fill('input[name=displayName]', 'Yeni Ad');
      await fail(admin, 'PATCH', new RegExp(`/api/admin/users/${ids.user}$`));
      await admin.click('[data-testid=user-save]');
    },
  },
  {
    name: 'admin users: a support thread is opened for the customer (the long form)',
    on: 'admin',
    expect: 'support.admin.user.created',
    async run({ admin, ids }) {
      await admin.goto(`/admin/users?id=${ids.user}`);
      const form = admin.locator('[data-testid=user-support-create]');
      await form.locator('input[name=subject]').fill('Belgeleriniz');
      await form.locator('textarea[name=message]').fill('Kuruluş belgenizi yükler misiniz?');
      await form.getByRole('button').last().click();
    },
  },
  {
    name: 'admin support: the list cannot be loaded',
    on: 'admin',
    expect: 'support.admin.list.loadFailed',
    async run({ admin }) {
      await fail(admin, 'GET', /\/api\/admin\/support\/threads(\?|$)/, 'busy');
      await admin.goto('/admin/support');
    },
  },
  {
    name: 'admin support: the messages cannot be loaded',
    on: 'admin',
    expect: 'support.admin.detail.loadFailed',
    inPage: true,
    async run({ admin, ids }) {
      await fail(admin, 'GET', new RegExp(`/api/admin/support/threads/${ids.thread}$`), 'busy');
      await admin.goto(`/admin/support?thread=${ids.thread}`);
    },
  },
  {
    name: 'admin support: a reply cannot be sent',
    on: 'admin',
    expect: 'support.admin.detail.replyFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/support?thread=${ids.thread}`);
      await admin.fill('[data-testid=support-reply] textarea[name=message]', 'Yarın dönüyoruz.');
      await fail(admin, 'POST', new RegExp(`/api/admin/support/threads/${ids.thread}/messages$`));
      await admin.click('[data-testid=support-send]');
    },
  },
  {
    name: 'admin support: the status cannot be changed',
    on: 'admin',
    expect: 'support.admin.detail.statusFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/support?thread=${ids.thread}`);
      await fail(admin, 'PUT', new RegExp(`/api/admin/support/threads/${ids.thread}/status$`));
      await admin.locator('[data-testid=support-detail] select').first().selectOption('resolved');
    },
  },
  {
    name: 'short links: the list cannot be loaded',
    on: 'admin',
    expect: 'shortLinks.toast.loadFailed',
    async run({ admin }) {
      await fail(admin, 'GET', /\/api\/admin\/short-links(\?|$)/, 'busy');
      await admin.goto('/shorten');
    },
  },
  {
    name: 'short links: a link cannot be created',
    on: 'admin',
    expect: 'shortLinks.toast.createFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await admin.fill('input[name=originalUrl]', 'https://example.com/kampanya');
      await fail(admin, 'POST', /\/api\/admin\/short-links$/);
      await admin.click('[data-testid=short-link-submit]');
    },
  },
  {
    name: 'short links: a link cannot be updated',
    on: 'admin',
    expect: 'shortLinks.toast.updateFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await admin.locator('[data-testid=short-link-edit]').first().click();
      await admin.fill('input[name=originalUrl]', 'https://example.com/yeni');
      await fail(admin, 'PATCH', /\/api\/admin\/short-links\/[^/]+$/);
      await admin.click('[data-testid=short-link-submit]');
    },
  },
  {
    name: 'short links: a link cannot be deleted',
    on: 'admin',
    expect: 'shortLinks.toast.deleteFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await fail(admin, 'DELETE', /\/api\/admin\/short-links\/[^/]+$/);
      await admin.locator('[data-testid=short-link-delete]').first().click();
      await admin.click('[data-testid=short-link-delete-dialog-confirm]');
    },
  },
  {
    name: 'short links: the clipboard refuses the copy',
    on: 'admin',
    expect: 'shortLinks.toast.copyFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await admin.locator('[data-testid=short-link-copy]').first().waitFor();
      await admin.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
        });
      });
      await admin.locator('[data-testid=short-link-copy]').first().click();
    },
  },
  {
    name: 'admin: signing out fails',
    on: 'admin',
    expect: 'common.signOut.failed',
    async run({ admin, lang }) {
      await admin.goto('/admin/formations');
      await fail(admin, 'POST', /\/api\/auth\/sign-out$/);
      await admin
        .getByRole('button', { name: say(lang, 'common.signOut.label') })
        .first()
        .click();
    },
  },

  // ── The customer with a prepared SS-4 ────────────────────────────────────────────────────────
  {
    name: 'SS-4 page: the formation cannot be loaded, so back to /dashboard',
    on: 'customer',
    expect: 'ss4.loadFailed',
    async run({ customer }) {
      await customer.goto('/dashboard');
      await fail(customer, 'GET', FORMATION, 'busy');
      await customer.goto('/ss4-instructions');
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'SS-4 page: the signed form cannot be uploaded',
    on: 'customer',
    expect: 'ss4.toast.uploadFailed',
    async run({ customer }) {
      await customer.goto('/ss4-instructions');
      await customer.setInputFiles('input[name=file]', {
        name: 'signed.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('Signed SS-4'),
      });
      await fail(customer, 'POST', /\/api\/ein-applications\/me\/signed-ss4$/);
      await customer.click('[data-testid=ss4-upload]');
    },
  },
  {
    name: 'SS-4 page: the signed form is uploaded',
    on: 'customer',
    expect: 'ss4.toast.uploaded',
    async run({ customer }) {
      await customer.goto('/ss4-instructions');
      await customer.setInputFiles('input[name=file]', {
        name: 'signed.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('Signed SS-4'),
      });
      await customer.click('[data-testid=ss4-upload]');
    },
  },
];

describe('product.md#error-catalogue in the catalogues', () => {
  it('the English catalogue says what the spec says', () => {
    const differs = Object.entries(SPEC_TEXT)
      .filter(([key, text]) => key !== 'common.backToDashboard' && CATALOGUES.en[key] !== text)
      .map(([key, text]) => `${key}: "${CATALOGUES.en[key]}" where the spec says "${text}"`);
    expect(differs).toEqual([]);
    expect(CATALOGUES.tr['common.backToDashboard']).toBe(SPEC_TEXT['common.backToDashboard']);
  });
  it('every row’s message exists in both languages, and the two differ', () => {
    for (const row of ROWS.filter((r) => r.expect)) {
      const key = row.expect as string;
      expect(say('tr', key), key).not.toBe(say('en', key));
    }
  });
});

/** Everything a language's rows need: its visitor, customer and admin, and what the admin seeded. */
async function actorsIn(lang: Lang): Promise<Actors> {
  const { browser, server } = e2e;
  const [visitorContext, customerContext, adminContext] = await Promise.all([
    newContext(browser, server.url, lang),
    newContext(browser, server.url, lang),
    newContext(browser, server.url, lang),
  ]);
  const customerEmail = e2eEmail(`msg-customer-${lang}`);
  const [customer, admin, visitor] = await Promise.all([
    signUpByApi(customerContext, lang, { fullName: 'Mesaj Müşterisi', email: customerEmail }, 'sign-up'),
    ownerByApi(adminContext, lang, 'Mesaj Yönetici', e2eEmail(`msg-admin-${lang}`)),
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
function queue() {
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

/*
 * A language's rows move one customer along, so they run one after another; the two languages run
 * side by side (rows interleaved, tr then en, so that both always have a row started), which halves
 * the file's time on an idle machine.
 */
describe.concurrent('messages and behaviours', () => {
  const actors = {} as Record<Lang, Actors>;
  const inTurn = { tr: queue(), en: queue() };

  beforeAll(async () => {
    // Turkish first: its owner comes through the admin code, which makes the first owner only; the
    // English one is then invited by it.
    actors.tr = await actorsIn('tr');
    actors.en = await actorsIn('en');
  });

  const planned = ROWS.flatMap((row) =>
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
