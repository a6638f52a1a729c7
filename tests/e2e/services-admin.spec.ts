import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followAdminNav, fromOurPages, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage, openAdminSection } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

/** The ids of the services a customer can see (GET /api/services: active ones only). */
async function publicServiceIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/services');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { services: { id: string }[] };
  return body.services.map((s) => s.id);
}

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

describe('admin services', () => {
  it('creates, edits, deactivates and deletes services', async () => {
    // A customer, who buys one of the services (an order keeps a service from being deleted).
    const { page: customer } = await customerPage(e2e, 'Hizmet Müşterisi Elif', 'hizmet.musterisi');

    const admin = await adminPage(e2e, 'Selin Yönetici', 'admin.services');
    await openAdminSection(admin, 'Hizmetler', '/admin/services');
    await admin.getByTestId('services-empty').waitFor();

    // An empty submit: every required field says why, and nothing is sent.
    const form = admin.getByTestId('service-form');
    await form.getByTestId('service-form-submit').click();
    await form.getByText('Başlık gerekli').waitFor();
    await form.getByText('Açıklama gerekli').waitFor();
    await form.getByText('Geçerli bir fiyat gerekli').waitFor();
    // Without real Stripe the Price ID is optional.
    await expect.poll(() => form.getByText('Stripe Fiyat Kimliği (Price ID) gerekli').count()).toBe(0);
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('service-title');

    // Create: Turkish and English texts, a price in dollars.
    await admin.fill('#service-title', 'Şirket Kuruluş Danışmanlığı');
    await admin.fill('#service-description', 'Kuruluş sürecinde birebir danışmanlık.');
    await admin.fill('#service-title-en', 'Company Formation Consulting');
    await admin.fill('#service-description-en', 'One-to-one help through the formation.');
    await admin.fill('#service-price', '149.5');
    await form.getByTestId('service-form-submit').click();
    await toast(admin, 'Hizmet başarıyla oluşturuldu');
    const consulting = admin.locator('[data-testid=service-row]', { hasText: 'Şirket Kuruluş Danışmanlığı' });
    await consulting.waitFor();
    await expect.poll(() => consulting.getByTestId('service-price').textContent()).toBe('$149,50');
    await expect.poll(() => consulting.getByTestId('service-active-badge').textContent()).toBe('Aktif');
    const consultingId = (await consulting.getAttribute('data-id')) as string;
    // The form is blank again, ready for the next one.
    await expect.poll(() => admin.inputValue('#service-title')).toBe('');

    // Edit: the row's values come into the same form; a new price is saved.
    await consulting.getByTestId('service-edit').click();
    await admin.locator('[data-testid=service-form][data-mode=edit]').waitFor();
    await expect.poll(() => admin.inputValue('#service-title')).toBe('Şirket Kuruluş Danışmanlığı');
    await expect.poll(() => admin.inputValue('#service-price')).toBe('149,50');
    await expect.poll(() => admin.inputValue('#service-title-en')).toBe('Company Formation Consulting');
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('service-title');
    await admin.fill('#service-price', '199,99');
    // The compliance items it files ("Let us file it"), by the catalogue's translated names.
    const rules = form.getByTestId('service-compliance-rules');
    await rules.getByText('Bu hizmetle verilen beyanlar').waitFor();
    await rules.getByLabel('Wyoming yıllık raporu (annual report)').check();
    await form.getByTestId('service-form-submit').click();
    await toast(admin, 'Hizmet başarıyla güncellendi');
    await expect.poll(() => consulting.getByTestId('service-price').textContent()).toBe('$199,99');
    await admin.locator('[data-testid=service-form][data-mode=create]').waitFor();
    const saved = await admin.request.get(
      `/api/admin/services?q=${encodeURIComponent('Kuruluş Danışmanlığı')}`,
      fromOurPages(admin),
    );
    const savedServices = (await saved.json()) as { services: { title: string; complianceRules: string[] }[] };
    expect(savedServices.services.find((x) => x.title === 'Şirket Kuruluş Danışmanlığı')?.complianceRules).toEqual([
      'wyoming_annual_report',
    ]);
    await consulting.getByTestId('service-edit').click();
    await admin.locator('[data-testid=service-form][data-mode=edit]').waitFor();
    await expect.poll(() => rules.getByLabel('Wyoming yıllık raporu (annual report)').isChecked()).toBe(true);
    await expect.poll(() => rules.getByLabel('Delaware LLC yıllık vergisi').isChecked()).toBe(false);
    await screenshots(admin, 'admin-services-rules-tr');
    await form.getByTestId('service-form-cancel').click();
    await admin.locator('[data-testid=service-form][data-mode=create]').waitFor();

    // A second service, to be deleted outright (it will have no orders).
    await admin.fill('#service-title', 'Vergi Danışmanlığı');
    await admin.fill('#service-description', 'Yıllık vergi beyannamesi desteği.');
    await admin.fill('#service-price', '75');
    await form.getByTestId('service-form-submit').click();
    await toast(admin, 'Hizmet başarıyla oluşturuldu');
    const tax = admin.locator('[data-testid=service-row]', { hasText: 'Vergi Danışmanlığı' });
    await tax.waitFor();
    const taxId = (await tax.getAttribute('data-id')) as string;
    await expect.poll(() => publicServiceIds(customer)).toEqual(expect.arrayContaining([consultingId, taxId]));

    // The customer buys the consulting service in test mode and pays.
    const checkout = await customer.request.post('/api/payments/checkout', {
      data: { serviceId: consultingId },
      ...fromOurPages(customer),
    });
    expect(checkout.status()).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const sessionId = url.split('/').pop() as string;
    const paid = await customer.request.post(`/api/payments/test-checkout/${sessionId}/pay`, fromOurPages(customer));
    expect(paid.status()).toBe(200);

    // Searching without Turkish letters finds it; the search lands in the URL.
    await admin.fill('#services-search', 'kurulus danismanligi');
    await admin.waitForURL(/[?&]q=kurulus\+danismanligi/);
    await expect.poll(() => admin.locator('[data-testid=service-row]').count()).toBe(1);
    await expect.poll(() => consulting.getByTestId('service-orders').textContent()).toBe('1');
    await admin.fill('#services-search', '');
    await expect.poll(() => admin.locator('[data-testid=service-row]').count()).toBe(2);

    // Deactivate: customers no longer see it; the status filter knows it.
    await tax.getByTestId('service-toggle').click();
    await toast(admin, 'Hizmet başarıyla güncellendi');
    await admin.locator(`[data-testid=service-row][data-id="${taxId}"][data-active=false]`).waitFor();
    await expect.poll(() => publicServiceIds(customer)).not.toContain(taxId);
    await expect.poll(() => publicServiceIds(customer)).toContain(consultingId);
    await admin.selectOption('#services-status-filter', 'inactive');
    await admin.waitForURL(/[?&]status=inactive/);
    await expect.poll(() => admin.locator('[data-testid=service-row]').count()).toBe(1);
    await admin.selectOption('#services-status-filter', 'all');
    await expect.poll(() => admin.locator('[data-testid=service-row]').count()).toBe(2);
    await screenshots(admin, 'admin-services-tr');

    await admin.goto('/admin/services?lang=en');
    await admin.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    await consulting.waitFor();
    await expect.poll(() => consulting.getByTestId('service-price').textContent()).toBe('$199.99');
    await screenshots(admin, 'admin-services-en');
    // The form as it looks while editing, with the server-repeated rules in view.
    await consulting.getByTestId('service-edit').click();
    await admin.locator('[data-testid=service-form][data-mode=edit]').waitFor();
    await admin.fill('#service-title', '');
    await form.getByTestId('service-form-submit').click();
    await form.getByText('Title is required').waitFor();
    await screenshots(admin, 'admin-services-editing-en');
    await form.getByTestId('service-form-cancel').click();
    await admin.locator('[data-testid=service-form][data-mode=create]').waitFor();

    // Delete after confirming: the service without orders is gone.
    // The language chosen last is kept: back to Turkish.
    await admin.goto('/admin/services?lang=tr');
    await tax.getByTestId('service-delete').click();
    const dialog = admin.getByRole('alertdialog', { name: 'Bu hizmeti silmek istediğinizden emin misiniz?' });
    await dialog.waitFor();
    await screenshots(admin, 'admin-services-delete-tr');
    // Cancel keeps it.
    await dialog.getByTestId('service-delete-dialog-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    await tax.waitFor();
    await tax.getByTestId('service-delete').click();
    await dialog.getByTestId('service-delete-dialog-confirm').click();
    await toast(admin, 'Hizmet başarıyla silindi');
    await tax.waitFor({ state: 'detached' });
    // Its button went with it: focus stays in the list.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('services-list-title');

    // The one with an order is kept, inactive, and the admin is told why.
    await consulting.getByTestId('service-delete').click();
    await dialog.getByTestId('service-delete-dialog-confirm').click();
    await toast(admin, 'Bu hizmetin siparişleri olduğu için silinmedi, pasifleştirildi');
    await admin.locator(`[data-testid=service-row][data-id="${consultingId}"][data-active=false]`).waitFor();
    await expect.poll(() => publicServiceIds(customer)).not.toContain(consultingId);

    await admin.context().close();
    await customer.context().close();
  });

  it('shows a customer’s paid order on the users page and the orders page, in both languages and on a phone', async () => {
    // A customer with a formation record (its payment status shows on the users page) who bought the
    // consulting service in test mode; the service made and bought through the API (the test before
    // walks both).
    const { page: customer, email: customerEmail } = await customerPage(
      e2e,
      'Hizmet Müşterisi Elif',
      'hizmet.siparis',
      { formationType: 'self' },
    );
    const admin = await adminPage(e2e, 'Selin Yönetici', 'admin.orders');
    const created = await admin.request.post('/api/admin/services', {
      data: {
        title: 'Şirket Kuruluş Danışmanlığı',
        description: 'Kuruluş sürecinde birebir danışmanlık.',
        titleEn: 'Company Formation Consulting',
        descriptionEn: 'One-to-one help through the formation.',
        priceCents: 19_999,
      },
      ...fromOurPages(admin),
    });
    expect(created.status(), await created.text()).toBe(201);
    const consultingId = ((await created.json()) as { service: { id: string } }).service.id;
    const checkout = await customer.request.post('/api/payments/checkout', {
      data: { serviceId: consultingId },
      ...fromOurPages(customer),
    });
    expect(checkout.status()).toBe(200);
    const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop() as string;
    const paid = await customer.request.post(`/api/payments/test-checkout/${sessionId}/pay`, fromOurPages(customer));
    expect(paid.status()).toBe(200);

    // The customer's order and formation payment on the users page.
    await admin.goto('/admin/services');
    await followAdminNav(admin, 'Kullanıcılar');
    await admin.waitForURL('**/admin/users');
    await admin.fill('#users-search', customerEmail);
    const row = admin.locator('[data-testid=user-row]', { hasText: customerEmail });
    await row.getByRole('button').click();
    const panel = admin.getByTestId('users-detail');
    await panel.getByRole('heading', { name: 'Hizmet Müşterisi Elif' }).waitFor();
    const order = panel.getByTestId('user-order');
    await order.waitFor();
    await expect.poll(() => order.getByTestId('user-order-name').textContent()).toBe('Şirket Kuruluş Danışmanlığı');
    await expect.poll(() => order.getByTestId('user-order-status').textContent()).toBe('Ödendi');
    await expect.poll(() => order.getByTestId('user-order-provider').textContent()).toBe('Test modu');
    // No money moved: the order carries the TEST MODE mark, so staff never deliver on it by mistake.
    await expect.poll(() => order.getByTestId('user-order-test-mode').textContent()).toBe('TEST MODU');
    await expect.poll(() => order.getByTestId('user-order-amount').textContent()).toBe('$199,99');
    const formationPayment = panel.getByTestId('user-formation-payment-status');
    await expect.poll(() => formationPayment.textContent()).toBe('Bekliyor');
    await expect.poll(() => formationPayment.getAttribute('data-status')).toBe('pending');
    await panel.getByTestId('user-order-recheck').click();
    await toast(admin, 'Ödeme kontrol edildi: Ödendi');
    await panel.getByTestId('user-orders').scrollIntoViewIfNeeded();
    await screenshots(admin, 'admin-users-orders-tr');

    const usersUrl = new URL(admin.url());
    usersUrl.searchParams.set('lang', 'en');
    await admin.goto(`${usersUrl.pathname}${usersUrl.search}`);
    await order.waitFor();
    // An English title was given at purchase time, so English readers get it.
    await expect.poll(() => order.getByTestId('user-order-name').textContent()).toBe('Company Formation Consulting');
    await expect.poll(() => order.getByTestId('user-order-provider').textContent()).toBe('Test mode');
    await expect.poll(() => order.getByTestId('user-order-test-mode').textContent()).toBe('TEST MODE');
    await panel.getByTestId('user-orders').scrollIntoViewIfNeeded();
    await screenshots(admin, 'admin-users-orders-en');

    // Every order on /admin/orders: the customer's, marked TEST MODE, found by the customer's name folded.
    await admin.goto('/admin/orders?lang=tr');
    await admin.getByRole('heading', { level: 1, name: 'Siparişler' }).waitFor();
    await admin.selectOption('#orders-mode', 'test');
    await admin.waitForURL(/mode=test/);
    const listed = admin.locator('[data-testid=order-row]', { hasText: customerEmail });
    await listed.waitFor();
    await expect.poll(() => listed.getByTestId('order-test-mode').textContent()).toBe('TEST MODU');
    await expect.poll(() => listed.getByTestId('order-status').textContent()).toBe('Ödendi');
    await expect.poll(() => listed.getByTestId('order-amount').textContent()).toBe('$199,99');
    await screenshots(admin, 'admin-orders-tr');
    await admin.selectOption('#orders-mode', 'live');
    await admin.getByTestId('orders-empty').waitFor();
    await admin.goto('/admin/orders?lang=en&mode=test');
    await listed.waitFor();
    await expect.poll(() => listed.getByTestId('order-item').textContent()).toBe('Company Formation Consulting');
    await screenshots(admin, 'admin-orders-en');

    // Phones: the services cards and the panel fit the screen.
    await admin.setViewportSize({ width: 375, height: 740 });
    for (const path of ['/admin/services', `${usersUrl.pathname}${usersUrl.search}`, '/admin/orders']) {
      await admin.goto(path);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      await admin.waitForLoadState('networkidle');
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }

    await admin.context().close();
    await customer.context().close();
  });
});
