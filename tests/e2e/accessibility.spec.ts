import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REDIRECT_FAILURE_DELAY_MS } from '../../src/shared/domain/short-links';
import {
  DESKTOP,
  e2eEmail,
  fromOurPages,
  newContext,
  ownerInBrowser,
  PHONE,
  serverAndBrowserForFile,
  signUpInBrowser,
} from '../support/e2e';

const e2e = serverAndBrowserForFile();

type Lang = 'tr' | 'en';

/*
 * Run through page.evaluate, not addScriptTag: the portal's CSP (script-src 'self') blocks an inline
 * <script>, and turning the CSP off for the test would check a page users never get.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** What one language's run found: violations as readable lines, and each route's <title>. */
interface Findings {
  problems: string[];
  titles: Map<string, string>;
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: never[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, AXE_TAGS);
}

function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where} ${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 4)
          .map((n) => `      ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
          .join('\n')}`,
    );
}

/** The page's content is in: its h1 shows and nothing in <main> is still loading. */
async function pageReady(page: Page, ready?: string) {
  if (ready) {
    await page.locator(ready).waitFor();
    return;
  }
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    const h1 = main?.querySelector('h1') ?? document.querySelector('h1');
    return Boolean(h1?.textContent?.trim()) && !main?.querySelector('.animate-spin, [aria-busy="true"]');
  });
}

/**
 * Visits one route as it is, checks axe at 1280 px and again at 375 px (no reload: the same
 * document reflowed), and that `<html lang>` and the `<title>` follow the language.
 */
async function audit(
  page: Page,
  lang: Lang,
  route: string,
  found: Findings,
  { name = route, ready }: { name?: string; ready?: string } = {},
) {
  await page.setViewportSize(DESKTOP);
  await page.goto(route);
  const expectedPath = new URL(route, 'http://x').pathname;
  if (new URL(page.url()).pathname !== expectedPath) {
    found.problems.push(`[${lang}] ${route}: redirected to ${page.url()} (the page under test never rendered)`);
    return;
  }
  try {
    await pageReady(page, ready);
  } catch {
    found.problems.push(`[${lang}] ${name}: never finished loading (no h1, or a spinner stayed) at ${page.url()}`);
    return;
  }
  // Turkish at both widths; English, whose texts are shorter, at the phone's only (decision 0045).
  for (const size of lang === 'tr' ? [DESKTOP, PHONE] : [PHONE]) {
    await page.setViewportSize(size);
    found.problems.push(...describeViolations(`[${lang}] ${name} @${size.width}px`, await runAxe(page)));
  }
  const { htmlLang, title } = await page.evaluate(() => ({
    htmlLang: document.documentElement.lang,
    title: document.title.trim(),
  }));
  if (htmlLang !== lang) found.problems.push(`[${lang}] ${name}: <html lang="${htmlLang}">`);
  if (!title) found.problems.push(`[${lang}] ${name}: empty <title>`);
  found.titles.set(name, title);
}

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14 });
  return Buffer.from(await doc.save());
}

async function expectStatus(res: { status(): number; text(): Promise<string> }, status: number) {
  expect(res.status(), await res.text()).toBe(status);
}

/** An admin, signed up in the browser with the interface in `lang`. */
async function adminIn(context: BrowserContext, lang: Lang): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/terms?lang=${lang}`);
  await ownerInBrowser(e2e.server, page, 'Erişim Yöneticisi', e2eEmail(`a11y-admin-${lang}`));
  return page;
}

async function auditLanguage(lang: Lang): Promise<Findings> {
  const found: Findings = { problems: [], titles: new Map() };
  const adminContext = await newContext(e2e.browser, e2e.server.url, lang);
  const customerContext = await newContext(e2e.browser, e2e.server.url, lang);
  const visitorContext = await newContext(e2e.browser, e2e.server.url, lang);
  const admin = await adminIn(adminContext, lang);
  const service = await admin.request.post('/api/admin/services', {
    data: {
      title: 'Vergi danışmanlığı',
      description: 'ABD vergi yükümlülükleriniz için bire bir görüşme.',
      titleEn: 'Tax consultation',
      descriptionEn: 'A one-to-one session on your US tax obligations.',
      priceCents: 14_950,
    },
    ...fromOurPages(admin),
  });
  await expectStatus(service, 201);
  const serviceId = ((await service.json()) as { service: { id: string } }).service.id;

  // Public pages, signed out.
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/signin?lang=${lang}`);
  for (const route of [
    '/signin',
    '/signup',
    '/admin/signup',
    '/forgot-password',
    '/terms',
    '/privacy',
    '/services',
    `/services/${serviceId}`,
    // Without a token: the page says the link is not valid.
    '/account/confirm-email',
  ]) {
    await audit(visitor, lang, route, found, { name: route.replace(serviceId, ':id') });
  }
  // An unknown short link's page goes home after 2 s (product.md#timings); holding that one timer lets axe see it.
  const shortLinkPage = await visitorContext.newPage();
  await shortLinkPage.addInitScript((delay) => {
    const setTimeoutAsIs = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
      ms === delay ? 0 : setTimeoutAsIs(handler, ms, ...args)) as typeof window.setTimeout;
  }, REDIRECT_FAILURE_DELAY_MS);
  await audit(shortLinkPage, lang, '/go/no-such-link', found, { ready: '[data-testid=short-link-not-found]' });

  // A customer, moved along through the same API calls its pages make.
  const customer = await customerContext.newPage();
  await signUpInBrowser(customer, 'Erişim Müşterisi', e2eEmail(`a11y-customer-${lang}`), lang);
  await audit(customer, lang, '/onboarding', found);
  await expectStatus(
    await customer.request.post('/api/formations', { data: { formationType: 'self' }, ...fromOurPages(customer) }),
    201,
  );
  const thread = await customer.request.post('/api/support/threads', {
    multipart: { subject: 'Banka hesabı', message: 'Hangi belgeler gerekiyor?' },
    ...fromOurPages(customer),
  });
  await expectStatus(thread, 201);
  const threadId = ((await thread.json()) as { thread: { id: string } }).thread.id;
  const checkout = await customer.request.post('/api/payments/checkout', {
    data: { serviceId },
    ...fromOurPages(customer),
  });
  await expectStatus(checkout, 200);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop() as string;
  await expectStatus(
    await customer.request.post(`/api/payments/test-checkout/${sessionId}/pay`, fromOurPages(customer)),
    200,
  );
  for (const route of [
    '/dashboard',
    '/formation',
    '/formation-service',
    '/documents',
    '/bank-account',
    '/business-address',
    `/support?thread=${threadId}`,
    `/payment/success?session_id=${sessionId}`,
    '/payment/cancelled',
    '/account',
  ]) {
    await audit(customer, lang, route, found, { name: route.split('?')[0] });
  }
  await expectStatus(
    await customer.request.post('/api/formations/me/guide-completion', {
      data: { isFormationComplete: true, state: 'Wyoming' },
      ...fromOurPages(customer),
    }),
    200,
  );
  await audit(customer, lang, '/ein-application', found);
  const application = await customer.request.post('/api/ein-applications', {
    multipart: {
      businessName: `Erişim ${lang} LLC`,
      email: e2eEmail('a11y-ein'),
      state: 'Wyoming',
      businessActivity: 'Ecommerce',
      responsiblePartyName: 'Erişim Müşterisi',
      responsiblePartyPhone: '+90 532 111 22 33',
      noSsn: 'true',
      terms: 'true',
      articlesOfOrganization: { name: 'articles.pdf', mimeType: 'application/pdf', buffer: await pdf('Articles') },
      registeredAgentInvoice: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await pdf('Invoice') },
    },
    ...fromOurPages(customer),
  });
  await expectStatus(application, 201);
  const applicationId = ((await application.json()) as { application: { id: string } }).application.id;
  const { formation } = (await (await customer.request.get('/api/formations/me')).json()) as {
    formation: { id: string };
  };
  await expectStatus(
    await admin.request.post(`/api/admin/ein-applications/${applicationId}/ss4`, {
      multipart: { file: { name: 'ss4.pdf', mimeType: 'application/pdf', buffer: await pdf('SS-4') } },
      ...fromOurPages(admin),
    }),
    200,
  );
  await audit(customer, lang, '/ss4-instructions', found);

  // Staff pages, with the customer above in every list.
  for (const route of [
    '/admin/ein',
    '/admin/formations',
    `/admin/formations/${formation.id}`,
    '/admin/services',
    '/admin/users',
    '/admin/support',
    '/admin/deadlines',
    '/shorten',
    '/admin/staff',
    '/admin/audit',
  ]) {
    await audit(admin, lang, route, found, { name: route.replace(formation.id, ':id') });
  }

  await adminContext.close();
  await customerContext.close();
  await visitorContext.close();

  const byTitle = new Map<string, string[]>();
  for (const [route, title] of found.titles) byTitle.set(title, [...(byTitle.get(title) ?? []), route]);
  for (const [title, routes] of byTitle) {
    if (routes.length > 1) found.problems.push(`[${lang}] the same <title> "${title}" on ${routes.join(', ')}`);
  }
  return found;
}

describe('accessibility of every page (axe, WCAG 2.1 AA and best practice)', () => {
  for (const lang of ['tr', 'en'] as const) {
    it(`has no serious or critical violation, the right <html lang> and a unique <title> in ${lang}`, async () => {
      const { problems, titles } = await auditLanguage(lang);
      expect(titles.size).toBeGreaterThan(25);
      // The list itself is the message: one line per rule and page, with the elements at fault.
      if (problems.length) expect.fail(`${problems.length} accessibility problems:\n${problems.join('\n')}`);
      // About 40 pages at two widths: a minute alone, several when the suite's other files share the cores.
    }, 360_000);
  }
});

/** Where focus is, and whether a sighted keyboard user can see it. */
interface Focus {
  tag: string;
  name: string;
  type: string;
  text: string;
  visible: boolean;
  /** The focused element's outline and box-shadow, to say why it was not seen. */
  style: string;
}

function readFocus(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const ring = (e: Element, boxShadowToo: boolean) => {
      const s = getComputedStyle(e);
      return (
        (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || (boxShadowToo && s.boxShadow !== 'none')
      );
    };
    let visible = false;
    if (el && el !== document.body) {
      visible = ring(el, true);
      // A radio, checkbox or file input drawn as a card or drop zone shows its ring on the card around it.
      const drawnByParent = el instanceof HTMLInputElement && ['radio', 'checkbox', 'file'].includes(el.type);
      for (let up = el.parentElement, i = 0; !visible && drawnByParent && up && i < 3; up = up.parentElement, i++) {
        visible = ring(up, false);
      }
    }
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('name') ?? '',
      type: el?.getAttribute('type') ?? '',
      text: (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
      visible,
      style: el ? `outline: ${getComputedStyle(el).outline}; box-shadow: ${getComputedStyle(el).boxShadow}` : '',
    };
  });
}

const describeFocus = (f: Focus) => `<${f.tag}${f.name ? ` name=${f.name}` : ''}> "${f.text}"`;

/**
 * A keyboard user's session: every key goes through page.keyboard, and after each one the focused
 * element must show a ring. Anything that does not is kept for one failure at the end.
 */
function keyboardUser(page: Page) {
  const unseen = new Set<string>();
  async function check(): Promise<Focus> {
    let focus = await readFocus(page);
    /*
     * Tab past the last control leaves the page for the browser's own UI, and headless Chromium does
     * not give the page focus back when Tab comes in again: :focus cannot match until it has it.
     */
    if (!focus.visible && !(await page.evaluate(() => document.hasFocus()))) {
      await page.bringToFront();
      focus = await readFocus(page);
      if (!(await page.evaluate(() => document.hasFocus()))) return focus;
    }
    if (focus.tag && focus.tag !== 'body' && !focus.visible)
      unseen.add(`${new URL(page.url()).pathname} ${describeFocus(focus)} (${focus.style})`);
    return focus;
  }
  return {
    unseen,
    check,
    async press(key: string) {
      await page.keyboard.press(key);
      return check();
    },
    async type(text: string) {
      await page.keyboard.type(text);
    },
    /** Tabs (or Shift+Tabs) until the focused element matches `selector`. */
    async tabTo(selector: string, { back = false, max = 60 } = {}) {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        await check();
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
      }
      throw new Error(`${max} presses of Tab never reached ${selector} on ${page.url()}`);
    },
    /** Waits for focus to land on an element matching `selector` (a step heading, an invalid field). */
    async focusOn(selector: string) {
      try {
        await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout: 5000 });
      } catch {
        throw new Error(
          `focus should be on ${selector} on ${page.url()}, is on ${describeFocus(await readFocus(page))}`,
        );
      }
      return check();
    },
  };
}

/** The stepper's current step: its position and that only one step carries aria-current="step". */
async function currentStep(page: Page): Promise<number> {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll('main nav ol > li')];
    const current = items.filter((li) => li.getAttribute('aria-current') === 'step');
    return current.length === 1 ? items.indexOf(current[0]) : -1;
  });
}

const WIZARD_HEADING = 'main section > h2[tabindex="-1"]';
const NEXT = '[data-testid=wizard-next]';

describe('the customer path with the keyboard alone', () => {
  it('signs up, onboards, finishes the formation guide, applies for an EIN and opens a support ticket', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const kb = keyboardUser(page);
    // Turns on Playwright's file-picker interception now, not in a race with the first key that opens one.
    page.on('filechooser', () => undefined);

    // Sign-up: an empty submit puts focus on the first field to fix.
    await page.goto('/signup');
    await kb.tabTo('button[type=submit]');
    await kb.press('Enter');
    await kb.focusOn('input[name=fullName]');
    await kb.type('Klavye Kullanıcısı');
    await kb.tabTo('input[name=email]');
    await kb.type(e2eEmail('klavye'));
    await kb.tabTo('input[name=password]');
    await kb.type('Sirket2025ok');
    await kb.tabTo('input[name=confirmPassword]');
    await kb.type('Sirket2025ok');
    await kb.tabTo('input[name=terms]');
    await kb.press('Space');
    await kb.tabTo('button[type=submit]');
    await kb.press('Enter');
    await page.waitForURL('**/onboarding');

    // Onboarding: no membership chosen → focus on the first choice; each step then focuses its heading.
    await page.locator(NEXT).waitFor();
    await expect.poll(() => currentStep(page)).toBe(0);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=formationType]');
    await kb.press('Space');
    await expect.poll(() => page.isChecked('input[name=formationType][value=self]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(1);
    await kb.tabTo('textarea[name=businessMotivation]');
    await kb.type('Etsy üzerinden ABD’ye satış');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(2);
    // The address choice with the arrow keys: focus enters the group on the checked radio.
    await kb.tabTo('input[name=addressPreference]');
    await kb.press('ArrowDown');
    await expect.poll(() => page.isChecked('input[name=addressPreference][value=private]')).toBe(true);
    await kb.press('ArrowUp');
    await expect.poll(() => page.isChecked('input[name=addressPreference][value=shared]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(3);
    // Shift+Tab from Continue to Back, which returns to the address step with its heading focused.
    await kb.tabTo(NEXT);
    await kb.tabTo('[data-testid=wizard-back]', { back: true });
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(2);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await page.waitForURL('**/dashboard');
    await kb.focusOn('main h1');

    // The formation guide, from the dashboard's link.
    await kb.tabTo('main a[href="/formation"]');
    await kb.press('Enter');
    await page.waitForURL('**/formation');
    await kb.focusOn('main h1');
    for (const step of [1, 2, 3]) {
      await kb.tabTo(NEXT);
      await kb.press('Enter');
      await kb.focusOn(WIZARD_HEADING);
      await expect.poll(() => currentStep(page)).toBe(step);
    }
    // The question unanswered, then the state missing: each time focus goes to what needs an answer.
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=isFormationComplete]');
    await kb.press('Space');
    await expect.poll(() => page.isChecked('input[name=isFormationComplete][value=true]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('select[name=state]');
    await kb.type('Wyoming');
    await expect.poll(() => page.inputValue('select[name=state]')).toBe('Wyoming');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    // The completed step replaces the form and takes focus; its button now leads to the panel.
    await page.getByText('Kuruluşunuz tamamlandı').waitFor();
    await kb.focusOn(WIZARD_HEADING);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await page.waitForURL('**/dashboard');

    // The EIN wizard: every step's errors and headings.
    await kb.tabTo('main a[href="/ein-application"]');
    await kb.press('Enter');
    await page.waitForURL('**/ein-application');
    await kb.focusOn('main h1');
    await expect.poll(() => currentStep(page)).toBe(0);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(1);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=businessName]');
    await kb.type('Klavye Ticaret LLC');
    // Past email and state (prefilled) to the activity: arrows pick "Other", whose own field is then required.
    await kb.tabTo('input[name=businessActivity]');
    await kb.press('Space');
    await kb.press('ArrowUp');
    await expect.poll(() => page.isChecked('input[name=businessActivity][value=Other]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=otherActivity]');
    await kb.type('El yapımı seramik');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(2);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=responsiblePartyName]');
    await kb.type('Klavye Kullanıcısı');
    await kb.tabTo('input[name=responsiblePartyPhone]');
    await kb.type('+90 532 111 22 33');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=responsiblePartySsn]');
    await kb.type('123-45-6789');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(3);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=articlesOfOrganization]');
    // Space on a file input opens the system's file picker; Playwright answers it.
    for (const [field, text] of [
      ['articlesOfOrganization', 'Articles of Organization'],
      ['registeredAgentInvoice', 'Registered agent invoice'],
    ] as const) {
      await kb.focusOn(`input[name=${field}]`).catch(() => kb.tabTo(`input[name=${field}]`));
      const opened = page.waitForEvent('filechooser', { timeout: 5000 });
      await page.keyboard.press('Space');
      const chooser = await opened.catch(async () => {
        throw new Error(`Space on ${describeFocus(await readFocus(page))} opened no file picker`);
      });
      await chooser.setFiles({ name: `${field}.pdf`, mimeType: 'application/pdf', buffer: await pdf(text) });
      await page.getByTestId(`${field}-selected`).waitFor();
      if (field === 'articlesOfOrganization') await kb.tabTo('input[name=registeredAgentInvoice]');
    }
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(4);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=terms]');
    await kb.press('Space');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await page.waitForURL('**/dashboard');

    // A support ticket: no subject first, then one with a message.
    await kb.tabTo('a[href="/support"]');
    await kb.press('Enter');
    await page.waitForURL('**/support');
    await kb.focusOn('main h1');
    await kb.tabTo('[data-testid=support-create]');
    await kb.press('Enter');
    await kb.focusOn('input[name=subject]');
    await kb.type('Banka hesabı için belge');
    await kb.tabTo('#support-new-message');
    await kb.type('Hangi belgeler gerekiyor?');
    await kb.tabTo('[data-testid=support-create]');
    await kb.press('Enter');
    await page.waitForURL(/\/support\?thread=/);
    await page.getByTestId('support-thread-view').waitFor();

    expect([...kb.unseen], 'focused without a visible ring').toEqual([]);
    await context.close();
  });
});
