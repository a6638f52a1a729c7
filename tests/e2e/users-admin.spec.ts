import { describe, expect, it } from 'vitest';
import { screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage, openAdminSection } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

const LICENSE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n% isletme ruhsati\n',
);

describe('admin users', () => {
  it('finds a customer by a folded search, edits the name and uploads a licence the customer then sees', async () => {
    // The customer, with a formation record so that /documents is theirs to open.
    const { page: customer, email: customerEmail } = await customerPage(e2e, 'Şirket Sahibi Ayşe', 'sirket.sahibi', {
      formationType: 'self',
    });

    // The admin signs up in the browser and opens Users from the top bar.
    const admin = await adminPage(e2e, 'Mehmet Yönetici', 'admin.users');
    await openAdminSection(admin, 'Kullanıcılar', '/admin/users');

    // Typed without Turkish letters, found all the same; the search lands in the URL.
    await admin.fill('#users-search', 'sirket sahibi');
    await admin.waitForURL(/[?&]q=sirket\+sahibi/);
    const row = admin.locator('[data-testid=user-row]', { hasText: customerEmail });
    await row.waitFor();
    // The unfiltered list (the admin and the customer) stays on screen until the search answers.
    await expect.poll(() => admin.locator('[data-testid=user-row]').count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('Şirket Sahibi Ayşe');
    await row.getByRole('button').click();
    await admin.waitForURL(/[?&]id=/);

    const panel = admin.getByTestId('users-detail');
    await panel.getByRole('heading', { name: 'Şirket Sahibi Ayşe' }).waitFor();
    await expect.poll(() => panel.getByTestId('user-email').textContent()).toBe(customerEmail);
    await expect
      .poll(() => panel.getByTestId('user-formation-preference').textContent())
      .toBe('Kendiniz kurun (self-servis)');
    await expect.poll(() => panel.getByTestId('user-utm-source').textContent()).toBe('Yok');
    await expect.poll(() => panel.getByTestId('user-documents-empty').textContent()).toBe('Henüz yüklenmiş belge yok');
    await screenshots(admin, 'admin-users-tr');

    // Edit, Cancel keeps the name; Edit, Save changes it.
    // Clicked again until the form opens: once in a loaded CI run the first click opened nothing in 30 s
    // (cause not found; the session note of 2026-11-28 says so).
    const nameInput = panel.locator('input[name=displayName]');
    const openEdit = () =>
      expect
        .poll(
          async () => {
            if (!(await nameInput.isVisible())) await panel.getByTestId('user-edit').click({ timeout: 5_000 });
            return nameInput.isVisible();
          },
          { timeout: 60_000 },
        )
        .toBe(true);
    await openEdit();
    await panel.locator('input[name=displayName]').fill('Vazgeçilen Ad');
    await panel.getByTestId('user-cancel').click();
    await expect.poll(() => panel.getByTestId('user-display-name').textContent()).toBe('Şirket Sahibi Ayşe');
    await openEdit();
    await panel.locator('input[name=displayName]').fill('Ayşe Kaya');
    await panel.getByTestId('user-save').click();
    await admin.getByText('Kullanıcı başarıyla güncellendi').first().waitFor();
    await panel.getByRole('heading', { name: 'Ayşe Kaya' }).waitFor();
    await row.getByText('Ayşe Kaya').waitFor();

    // A Business License PDF into the customer's vault.
    await panel.locator('select[name=category]').selectOption('business_license');
    await panel.locator('input[name=file]').setInputFiles({
      name: 'İşletme ruhsatı.pdf',
      mimeType: 'application/pdf',
      buffer: LICENSE_PDF,
    });
    await panel.getByTestId('user-document-submit').click();
    await admin.getByText('Belge başarıyla yüklendi').first().waitFor();
    const uploaded = panel.locator('[data-testid=user-document]', { hasText: 'İşletme ruhsatı.pdf' });
    await uploaded.waitFor();
    await expect.poll(() => uploaded.getAttribute('data-category')).toBe('business_license');
    await uploaded.getByTestId('user-document-by-admin').waitFor();
    await screenshots(admin, 'admin-users-edited-tr');

    // The whole view comes back from the URL, in English too.
    const url = new URL(admin.url());
    url.searchParams.set('lang', 'en');
    await admin.goto(`${url.pathname}${url.search}`);
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await panel.getByRole('heading', { name: 'Ayşe Kaya' }).waitFor();
    await admin.getByTestId('users-sort').getByText('Newest First').waitFor();
    await expect.poll(() => panel.getByTestId('user-formation-status').textContent()).toBe('Preparation');
    await expect.poll(() => panel.getByTestId('user-utm-campaign').textContent()).toBe('None');
    await screenshots(admin, 'admin-users-en');
    await admin.getByTestId('users-sort').click();
    await admin.getByTestId('users-sort').getByText('Oldest First').waitFor();
    await admin.waitForURL(/[?&]sort=oldest/);

    // The customer sees it under Business License, marked as uploaded by admin.
    await customer.goto('/documents');
    const section = customer.locator('section', { has: customer.getByRole('heading', { name: /İşletme Ruhsatı/ }) });
    const item = section.locator('[data-testid=document-item]', { hasText: 'İşletme ruhsatı.pdf' });
    await item.waitFor();
    await item.getByTestId('uploaded-by-admin').waitFor();
    await screenshots(customer, 'admin-users-customer-documents-tr');

    // Phones: list and panel stack, and nothing runs off the side of the screen.
    await admin.setViewportSize({ width: 375, height: 740 });
    await admin.goto(`${url.pathname}${url.search}`);
    await panel.getByRole('heading', { name: 'Ayşe Kaya' }).waitFor();
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await admin.context().close();
    await customer.context().close();
  });
});
