import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromOurPages, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage, openAdminSection } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

describe('admin formations', () => {
  it('finds a formation by email, changes its status, and the customer file shows it on the timeline', async () => {
    // Two customers; the one we look for has finished the formation guide in Wyoming.
    const {
      page: customer,
      email: customerEmail,
      formationId,
    } = await customerPage(e2e, 'Işıl Şahin', 'kurulus.sahibi', { formationType: 'self', addressPreference: 'shared' });
    const done = await customer.request.post('/api/formations/me/guide-completion', {
      data: { isFormationComplete: true, state: 'Wyoming' },
      ...fromOurPages(customer),
    });
    expect(done.status()).toBe(200);

    const { page: other } = await customerPage(e2e, 'Ömer Çelik', 'diger.musteri', {
      formationType: 'assisted',
      phoneNumber: '+90 555 123 4567',
    });

    // The admin opens Formations from the top bar and searches by the customer's email.
    const admin = await adminPage(e2e, 'Zeynep Yönetici', 'admin.kurulus');
    await openAdminSection(admin, 'Şirket kuruluşları', '/admin/formations');
    await expect.poll(() => admin.locator('[data-testid=formation-row]').count()).toBeGreaterThanOrEqual(2);
    await screenshots(admin, 'admin-formations-list-all-tr');

    await admin.fill('#formations-search', customerEmail.toUpperCase());
    await admin.waitForURL(/[?&]q=/);
    await expect.poll(() => admin.locator('[data-testid=formation-row]').count()).toBe(1);
    const row = admin.locator(`[data-testid=formation-row][data-id="${formationId}"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Işıl Şahin');
    await expect.poll(() => row.textContent()).toContain('Wyoming');
    await expect.poll(() => row.getAttribute('data-status')).toBe('formation_completed');

    // Filter and order are kept in the URL too.
    await admin.selectOption('#formations-status', 'formation_completed');
    await admin.waitForURL(/[?&]status=formation_completed/);
    await admin.selectOption('#formations-sort', 'updated_desc');
    await admin.waitForURL(/[?&]sort=updated_desc/);
    await row.waitFor();
    await screenshots(admin, 'admin-formations-list-tr');

    // Any status, after a confirmation: Cancel keeps it, Confirm saves it.
    const select = row.getByTestId('formation-status-select');
    await select.selectOption('process_completed');
    const dialog = admin.getByTestId('formation-status');
    await dialog.getByText('Kuruluş Tamamlandı → Süreç Tamamlandı').waitFor();
    await dialog.getByTestId('formation-status-cancel').click();
    await expect.poll(() => select.inputValue()).toBe('formation_completed');
    await select.selectOption('process_completed');
    await dialog.getByTestId('formation-status-confirm').click();
    await admin.getByText('Durum başarıyla güncellendi').first().waitFor();
    // Filtered on formation_completed, the changed row leaves the list; without the filter it is back.
    await admin.getByTestId('formations-empty').waitFor();
    await admin.selectOption('#formations-status', '');
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-status')).toBe('process_completed');

    // The export follows the filter and downloads as a named CSV.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('formations-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^formations-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'Business Name,Formation Status,State,Payment Status,Created At,Updated At,Package,Business Address,Payment Flag,Test Mode',
    );
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv).toContain(',Process Completed,Wyoming,Pending,');
    const exported = admin.getByText('CSV dosyası başarıyla indirildi').first();
    await exported.waitFor();
    await exported.waitFor({ state: 'hidden' });

    // View Details: the customer file, with the change on top of the timeline. Once, in a loaded CI run
    // (2026-11-26), the click left the page where it was for 30 s; the cause was not found, so a second
    // click is allowed, and a click that never navigates still fails.
    const opened = `**/admin/formations/${formationId}`;
    await row.getByTestId('formation-view').click();
    await admin.waitForURL(opened, { timeout: 15_000 }).catch(async () => {
      await row.getByTestId('formation-view').click();
      await admin.waitForURL(opened, { timeout: 15_000 });
    });
    const file = admin.getByTestId('formation-file');
    await file.waitFor();
    await expect.poll(() => admin.getByTestId('formation-file-email').textContent()).toBe(customerEmail);
    const latest = admin.getByTestId('formation-timeline-entry').first();
    await expect.poll(() => latest.getAttribute('data-action')).toBe('formation.status_changed');
    await expect.poll(() => latest.textContent()).toContain('Kuruluş Tamamlandı → Süreç Tamamlandı');
    await expect.poll(() => latest.getByTestId('formation-timeline-who').textContent()).toContain('Zeynep Yönetici');
    // The customer's own step (the guide's "yes") is further down, by the customer.
    const customerStep = admin.locator('[data-testid=formation-timeline-entry]', {
      hasText: 'Hazırlık → Kuruluş Tamamlandı',
    });
    await expect.poll(() => customerStep.getByTestId('formation-timeline-who').textContent()).toContain('Işıl Şahin');
    await admin.getByTestId('formation-file-documents').getByTestId('user-documents-empty').waitFor();
    await admin.getByTestId('user-orders-empty').waitFor();
    await screenshots(admin, 'admin-formations-file-tr');

    // Back to the list it came from, search and all.
    await admin.getByTestId('formation-file-back').click();
    await admin.waitForURL(/\/admin\/formations\?.*q=/);
    await row.waitFor();

    // English, from the URL.
    await admin.goto(`/admin/formations?lang=en&q=${encodeURIComponent(customerEmail)}`);
    await admin.getByRole('heading', { name: 'Formations', level: 1 }).waitFor();
    await row.getByText('View Details').waitFor();
    await screenshots(admin, 'admin-formations-list-en');
    await admin.goto(`/admin/formations/${formationId}?lang=en`);
    await admin
      .getByTestId('formation-timeline-entry')
      .first()
      .getByText('Formation Completed → Process Completed')
      .waitFor();
    await screenshots(admin, 'admin-formations-file-en');

    // Phones: nothing runs off the side of the screen, on either page.
    await admin.setViewportSize({ width: 375, height: 740 });
    for (const path of [
      `/admin/formations?q=${encodeURIComponent(customerEmail)}`,
      `/admin/formations/${formationId}`,
    ]) {
      await admin.goto(path);
      await admin.locator('[data-testid=formation-row], [data-testid=formation-timeline]').first().waitFor();
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }

    await admin.context().close();
    await other.context().close();
    await customer.context().close();
  });
});
