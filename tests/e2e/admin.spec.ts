import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { VALID_FIELDS } from '../../src/server/features/ein/ein.fixtures';
import type { StaffRole } from '../../src/shared/domain/roles';
import {
  ADMIN_CODE,
  adminNav,
  adminNavLinks,
  DESKTOP,
  e2eEmail,
  enrolInBrowser,
  fromOurPages,
  giveSignInCode,
  newContext,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  serverAndBrowserForFile,
  signUpInBrowser,
} from '../support/e2e';
import { pdf } from '../support/files';

const e2e = serverAndBrowserForFile();

describe('admin access', () => {
  it('creates an admin with the server-side code and lands on /admin/ein', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/admin/signup');
    await screenshots(page, 'admin-signup');
    const email = e2eEmail('admin');
    await page.fill('input[name=fullName]', 'Mehmet Yönetici');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'adminsifre');
    await page.fill('input[name=confirmPassword]', 'adminsifre');
    await page.fill('input[name=adminCode]', 'yanlis-kod');
    await page.check('input[name=terms]');
    await page.click('button[type=submit]');
    await page.getByText('Geçersiz yönetici kodu').first().waitFor();
    expect(page.url()).toContain('/admin/signup');

    await page.fill('input[name=adminCode]', ADMIN_CODE);
    await page.click('button[type=submit]');
    await page.getByText('Yönetici hesabı başarıyla oluşturuldu!').first().waitFor();
    // Decision 0042: the back office opens once the new owner has set up the second factor.
    await enrolInBrowser(page, email);
    await page.waitForURL('**/admin/ein');
    await adminNav(page)
      .getByRole('link', { name: 'EIN başvuruları', includeHidden: true })
      .waitFor({ state: 'attached' });
    await screenshots(page, 'admin-ein-empty');
    await topBarGroupsAndMenu(page);

    // The admin top bar signs out.
    await page.getByRole('button', { name: 'Çıkış yap' }).first().click();
    await page.waitForURL('**/signin');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'adminsifre');
    await page.click('button[type=submit]');
    await giveSignInCode(page, email);
    await page.waitForURL('**/admin/ein');
    await page.getByText('Tekrar hoş geldiniz, Yönetici!').first().waitFor();
    await context.close();
  });

  it('sends a customer who opens /admin/ein to /dashboard with "Unauthorized access"', async () => {
    const context = await newContext(e2e.browser, e2e.server.url, 'en');
    const page = await context.newPage();
    await page.goto('/signup?lang=en');
    await page.fill('input[name=fullName]', 'Curious Customer');
    await page.fill('input[name=email]', e2eEmail('curious'));
    await page.fill('input[name=password]', 'Customer1pass');
    await page.fill('input[name=confirmPassword]', 'Customer1pass');
    await page.check('input[name=terms]');
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    // With a formation record the dashboard is where a customer belongs (without one it sends them on
    // to onboarding).
    const created = await page.request.post('/api/formations', {
      data: { formationType: 'self', addressPreference: 'shared' },
      ...fromOurPages(page),
    });
    expect(created.status()).toBe(201);
    await page.goto('/admin/ein');
    await page.getByText('Unauthorized access').first().waitFor();
    await page.waitForURL('**/dashboard');
    await screenshots(page, 'dashboard-placeholder');

    // Anonymous visitors go to sign-in.
    const anonymous = await newContext(e2e.browser, e2e.server.url);
    const anonPage = await anonymous.newPage();
    await anonPage.goto('/admin/ein');
    await anonPage.waitForURL('**/signin');
    await anonymous.close();
    await context.close();
  });

  /**
   * Decision 0100: the top bar's groups. At 375 px the bar is one row (logo, account, menu button) until
   * the menu opens; the menu and each group open and close by keyboard, and the current page is marked.
   */
  async function topBarGroupsAndMenu(page: Page) {
    const nav = adminNav(page);
    const menu = nav.getByTestId('admin-nav-menu');
    const applications = nav.getByRole('button', { name: 'Başvurular' });
    const current = nav.getByRole('link', { name: 'EIN başvuruları', includeHidden: true });
    await expect.poll(() => current.getAttribute('aria-current')).toBe('page');
    // Every visible part of the bar overlaps every other vertically: one row.
    const oneRow = () =>
      page.locator('header > div').evaluate((row) => {
        const boxes = [...row.children]
          .map((child) => child.getBoundingClientRect())
          .filter((box) => box.width > 0 && box.height > 0);
        return boxes.length > 1 && Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
      });

    await page.setViewportSize(PHONE);
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect.poll(oneRow).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Çıkış yap' }).isVisible()).toBe(false);
    await expect.poll(() => applications.isVisible()).toBe(false);
    // By keyboard: the menu, then a group; Escape closes the group, then the menu, focus back on its button.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    // The open menu holds the language, the account and sign-out.
    await expect.poll(() => page.getByRole('button', { name: 'Çıkış yap' }).isVisible()).toBe(true);
    await applications.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => applications.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => current.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-nav-open-375.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => applications.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Başvurular');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-nav-closed-375.png'), fullPage: true });

    await page.setViewportSize(DESKTOP);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => applications.isVisible()).toBe(true);
    await applications.click();
    await expect.poll(() => current.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-nav-open-1280.png'), fullPage: true });
    // Another group closes the first; a click elsewhere closes it.
    await nav.getByRole('button', { name: 'Ekip ve güvenlik' }).click();
    await expect.poll(() => applications.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => nav.getByRole('link', { name: 'Denetim kaydı' }).isVisible()).toBe(true);
    await page.mouse.click(5, DESKTOP.height - 5);
    await expect.poll(() => nav.getByRole('link', { name: 'Denetim kaydı' }).isVisible()).toBe(false);
  }

  /** A staff member of `role` signed in through /signin: a customer whose role is set as an invitation will. */
  async function staffMember(
    role: StaffRole,
    options: { einApplication?: boolean } = {},
  ): Promise<{ page: Page; applicationId: string | null; close: () => Promise<void> }> {
    const context = await newContext(e2e.browser, e2e.server.url, 'en');
    const page = await context.newPage();
    const email = e2eEmail(role);
    await signUpInBrowser(page, `Staff ${role}`, email, 'en');
    // A formation of their own while still a customer, so the formations list has a row to act on.
    const created = await page.request.post('/api/formations', {
      data: { formationType: 'self' },
      ...fromOurPages(page),
    });
    expect(created.status()).toBe(201);
    let applicationId: string | null = null;
    if (options.einApplication) {
      // And an EIN application with an SSN, for the EIN desk's screen.
      const completed = await page.request.post('/api/formations/me/guide-completion', {
        data: { isFormationComplete: true, state: 'Wyoming' },
        ...fromOurPages(page),
      });
      expect(completed.status()).toBe(200);
      const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdf(name) });
      const applied = await page.request.post('/api/ein-applications', {
        multipart: {
          ...VALID_FIELDS,
          email,
          articlesOfOrganization: file('articles.pdf'),
          registeredAgentInvoice: file('invoice.pdf'),
        },
        ...fromOurPages(page),
      });
      expect(applied.status(), await applied.text()).toBe(201);
      applicationId = ((await applied.json()) as { application: { id: string } }).application.id;
    }
    await e2e.server.deps.database.db.update(users).set({ role }).where(eq(users.email, email));
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForURL('**/signin');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'Sirket2025ok');
    await page.click('button[type=submit]');
    // Staff set up the second factor first (decision 0042); the guard then sends them on to their desk.
    await enrolInBrowser(page, email);
    return { page, applicationId, close: () => context.close() };
  }

  // The groups the role is shown, and every entry inside them, opened or not (decision 0100).
  const groupsOf = (page: Page) => adminNav(page).locator('li[data-nav-group] > button').allInnerTexts();

  it('shows each staff role only the sections and actions its permissions allow', async () => {
    const support = await staffMember('support', { einApplication: true });
    await support.page.waitForURL('**/admin/support');
    await support.page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect
      .poll(() => adminNavLinks(support.page))
      .toEqual(['Home', 'Formations', 'Filings', 'EIN Applications', 'Users', 'Support', 'Mail', 'Bank applications']);
    expect(await groupsOf(support.page)).toEqual(['Applications', 'Customers', 'Mail & bank']);
    await screenshots(support.page, 'admin-support-role');
    // The formations list without exports or status changes (support reads the customer file only).
    await support.page.goto('/admin/formations');
    await support.page.getByTestId('formation-status-text').first().waitFor();
    await expect.poll(() => support.page.getByTestId('formations-export-csv').count()).toBe(0);
    await expect.poll(() => support.page.getByTestId('formation-status-select').count()).toBe(0);
    // The EIN desk without the SSN: the masked number, no reveal, no actions, notes read-only.
    await support.page.goto(`/admin/ein?id=${support.applicationId}`);
    await support.page.getByTestId('ein-ssn').first().waitFor();
    await expect.poll(() => support.page.getByTestId('ein-ssn').first().innerText()).toBe('***-**-6789');
    await expect.poll(() => support.page.getByTestId('ein-ssn-reveal').count()).toBe(0);
    await expect.poll(() => support.page.getByTestId('ein-notes-save').count()).toBe(0);
    await support.page.getByTestId('ein-notes-text').first().waitFor();
    await screenshots(support.page, 'admin-support-role-ein');
    // A page the role may not open sends it back to its own desk.
    await support.page.goto('/admin/services');
    await support.page.getByText('Unauthorized access').first().waitFor();
    await support.page.waitForURL('**/admin/support');
    await support.close();

    const finance = await staffMember('finance');
    await finance.page.waitForURL('**/admin/orders');
    await expect
      .poll(() => adminNavLinks(finance.page))
      .toEqual(['Home', 'Formations', 'Users', 'Orders', 'Renewals', 'Services']);
    expect(await groupsOf(finance.page)).toEqual(['Applications', 'Customers', 'Money', 'Content']);
    await finance.page.goto('/admin/formations');
    await finance.page.getByTestId('formations-export-csv').first().waitFor();
    await finance.page.getByTestId('formation-status-text').first().waitFor();
    await finance.page.goto('/admin/ein');
    await finance.page.getByText('Unauthorized access').first().waitFor();
    await finance.page.waitForURL('**/admin/orders');
    await finance.close();
  });
});
