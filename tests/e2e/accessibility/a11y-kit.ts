import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { REDIRECT_FAILURE_DELAY_MS } from '../../../src/shared/features/short-links/short-links.domain';
import {
  DESKTOP,
  type E2eServer,
  e2eEmail,
  fromOurPages,
  newContext,
  ownerInBrowser,
  PHONE,
  signUpInBrowser,
} from '../../support/e2e';
import { textPdf as pdf } from '../../support/files';

export type Lang = 'tr' | 'en';

export interface E2e {
  server: E2eServer;
  browser: Browser;
}

/** The pages a file audits: the public and customer pages, or the staff pages (decision 0093). */
export type Area = 'pages' | 'staff';

/*
 * Run through page.evaluate, not addScriptTag: the portal's CSP (script-src 'self') blocks an inline
 * <script>, and turning the CSP off for the test would check a page users never get.
 */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** What one language's run found: violations as readable lines, and each route's <title>. */
export interface Findings {
  problems: string[];
  titles: Map<string, string>;
}

export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: never[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, AXE_TAGS);
}

export function describeViolations(where: string, violations: AxeViolation[]): string[] {
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
export async function pageReady(page: Page, ready?: string) {
  if (ready) {
    await page.locator(ready).waitFor();
    return;
  }
  // Watched in the page as it changes, not polled by waitForFunction: that one first loads Playwright's
  // injected script into each audited document, about a quarter of a CPU second each (decision 0109).
  await page.evaluate(
    (timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const isReady = () => {
          const main = document.querySelector('main');
          const h1 = main?.querySelector('h1') ?? document.querySelector('h1');
          return Boolean(h1?.textContent?.trim()) && !main?.querySelector('.animate-spin, [aria-busy="true"]');
        };
        if (isReady()) return resolve();
        const observer = new MutationObserver(() => {
          if (!isReady()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error('no h1, or a spinner stayed'));
        }, timeoutMs);
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
    30_000,
  );
}

/**
 * Visits one route as it is, checks axe at 1280 px and again at 375 px (no reload: the same
 * document reflowed), and that `<html lang>` and the `<title>` follow the language.
 */
export async function audit(
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

export async function expectStatus(res: { status(): number; text(): Promise<string> }, status: number) {
  expect(res.status(), await res.text()).toBe(status);
}

/** An admin, signed up in the browser with the interface in `lang`. */
async function adminIn(e2e: E2e, context: BrowserContext, lang: Lang): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/terms?lang=${lang}`);
  await ownerInBrowser(e2e.server, page, 'Erişim Yöneticisi', e2eEmail(`a11y-admin-${lang}`));
  return page;
}

/**
 * One language's walk: the admin, the customer moved along through the same API calls its pages make,
 * and an axe audit of each page of `area` on the way (the steps of the other area still run: the staff
 * pages list the customer the walk made).
 */
export async function auditLanguage(e2e: E2e, lang: Lang, area: Area): Promise<Findings> {
  const found: Findings = { problems: [], titles: new Map() };
  const pages = area === 'pages';
  const adminContext = await newContext(e2e.browser, e2e.server.url, lang);
  const customerContext = await newContext(e2e.browser, e2e.server.url, lang);
  const visitorContext = await newContext(e2e.browser, e2e.server.url, lang);
  const admin = await adminIn(e2e, adminContext, lang);
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
  for (const route of pages
    ? [
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
      ]
    : []) {
    await audit(visitor, lang, route, found, { name: route.replace(serviceId, ':id') });
  }
  // An unknown short link's page goes home after 2 s (product.md#timings); holding that one timer lets axe see it.
  const shortLinkPage = await visitorContext.newPage();
  await shortLinkPage.addInitScript((delay) => {
    const setTimeoutAsIs = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
      ms === delay ? 0 : setTimeoutAsIs(handler, ms, ...args)) as typeof window.setTimeout;
  }, REDIRECT_FAILURE_DELAY_MS);
  if (pages) {
    await audit(shortLinkPage, lang, '/go/no-such-link', found, { ready: '[data-testid=short-link-not-found]' });
  }

  // A customer, moved along through the same API calls its pages make.
  const customer = await customerContext.newPage();
  await signUpInBrowser(customer, 'Erişim Müşterisi', e2eEmail(`a11y-customer-${lang}`), lang);
  if (pages) await audit(customer, lang, '/onboarding', found);
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
  for (const route of pages
    ? [
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
      ]
    : []) {
    await audit(customer, lang, route, found, { name: route.split('?')[0] });
  }
  await expectStatus(
    await customer.request.post('/api/formations/me/guide-completion', {
      data: { isFormationComplete: true, state: 'Wyoming' },
      ...fromOurPages(customer),
    }),
    200,
  );
  if (pages) await audit(customer, lang, '/ein-application', found);
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
  if (pages) await audit(customer, lang, '/ss4-instructions', found);

  // Staff pages, with the customer above in every list.
  for (const route of pages
    ? []
    : [
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
        '/admin/bank-catalogue',
        '/admin/bank-applications',
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
