import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { VALID_FIELDS } from '../../src/server/features/ein/ein.fixtures';
import type { StaffRole } from '../../src/shared/domain/roles';
import {
  ADMIN_CODE,
  e2eEmail,
  enrolInBrowser,
  fromOurPages,
  giveSignInCode,
  newContext,
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
    await page.getByRole('link', { name: 'EIN başvuruları' }).first().waitFor();
    await screenshots(page, 'admin-ein-empty');

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

  const navOf = (page: Page) => page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link').allInnerTexts();

  it('shows each staff role only the sections and actions its permissions allow', async () => {
    const support = await staffMember('support', { einApplication: true });
    await support.page.waitForURL('**/admin/support');
    await support.page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect
      .poll(() => navOf(support.page))
      .toEqual(['Home', 'Formations', 'Filings', 'Mail', 'Bank applications', 'EIN Applications', 'Users', 'Support']);
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
      .poll(() => navOf(finance.page))
      .toEqual(['Home', 'Formations', 'Services', 'Orders', 'Renewals', 'Users']);
    await finance.page.goto('/admin/formations');
    await finance.page.getByTestId('formations-export-csv').first().waitFor();
    await finance.page.getByTestId('formation-status-text').first().waitFor();
    await finance.page.goto('/admin/ein');
    await finance.page.getByText('Unauthorized access').first().waitFor();
    await finance.page.waitForURL('**/admin/orders');
    await finance.close();
  });
});
