import { describe, expect, it } from 'vitest';
import { ADMIN_CODE, e2eEmail, fromOurPages, newContext, screenshots, serverAndBrowserForFile } from '../support/e2e';

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
    await page.waitForURL('**/admin/ein');
    await page.getByText('Yönetici hesabı başarıyla oluşturuldu!').first().waitFor();
    await page.getByRole('link', { name: 'EIN başvuruları' }).first().waitFor();
    await screenshots(page, 'admin-ein-empty');

    // The admin top bar signs out.
    await page.getByRole('button', { name: 'Çıkış yap' }).first().click();
    await page.waitForURL('**/signin');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'adminsifre');
    await page.click('button[type=submit]');
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
});
