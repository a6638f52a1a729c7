import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestMail, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

const NOTE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n% not\n',
);

/** Each message bubble as [author, side]. */
async function bubbles(scope: Locator) {
  return scope
    .locator('[data-testid=support-message]')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-author'), el.getAttribute('data-side')]));
}

describe('admin user support history', () => {
  it("opens a thread for a customer from their user page; it is the customer's, the first message the staff's", async () => {
    const { page: customer, email: customerEmail } = await customerPage(
      e2e,
      'Destek Müşterisi Zeynep',
      'destek.musteri',
    );

    const admin = await adminPage(e2e, 'Ali Destek', 'admin.user.support');
    await admin.goto('/admin/users');
    await admin.fill('#users-search', customerEmail);
    const row = admin.locator('[data-testid=user-row]', { hasText: customerEmail });
    await row.waitFor();
    await row.getByRole('button').click();
    await admin.waitForURL(/[?&]id=/);

    const panel = admin.getByTestId('users-detail');
    const history = panel.getByTestId('user-support-history');
    await history.getByTestId('user-support-empty').waitFor();
    await expect
      .poll(() => history.getByTestId('user-support-empty').textContent())
      .toContain('Bu kullanıcının henüz destek talebi yok.');

    // The button waits for both subject and message.
    const form = panel.getByTestId('user-support-new');
    const submit = form.getByTestId('user-support-create-submit');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await expect
      .poll(() => form.getByTestId('user-support-required').textContent())
      .toBe('Lütfen tüm zorunlu alanları doldurun');
    await form.locator('input[name=subject]').fill('Şirket kuruluş belgeleri');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await form.locator('textarea[name=message]').fill('   ');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await form.locator('textarea[name=message]').fill('Merhaba Zeynep Hanım, kuruluş belgeleriniz hazır.');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await form.locator('input[name=supportFile]').setInputFiles({
      name: 'Kuruluş notu.pdf',
      mimeType: 'application/pdf',
      buffer: NOTE_PDF,
    });
    await form.getByTestId('supportFile-selected').waitFor();
    await submit.click();
    await admin.getByText('Destek talebi başarıyla oluşturuldu').first().waitFor();

    // In the history, open, with the admin's message on the admin's (right) side and its attachment.
    const thread = history.locator('[data-testid=user-support-thread]', { hasText: 'Şirket kuruluş belgeleri' });
    await thread.waitFor();
    const threadId = await thread.getAttribute('data-id');
    expect(threadId).toBeTruthy();
    await expect.poll(() => thread.getAttribute('aria-current')).toBe('true');
    const view = history.getByTestId('user-support-thread-view');
    await view.locator('[data-testid=support-message]').first().waitFor();
    await expect.poll(() => view.getAttribute('data-id')).toBe(threadId);
    await expect.poll(() => view.getAttribute('data-status')).toBe('open');
    await expect.poll(() => bubbles(view)).toEqual([['staff', 'right']]);
    await expect.poll(() => view.getByTestId('support-attachment').textContent()).toContain('Kuruluş notu.pdf');
    await expect
      .poll(() => view.getByTestId('support-messages').evaluate((el) => el.getBoundingClientRect().height))
      .toBe(400);
    // The form is empty again.
    await expect.poll(() => form.locator('input[name=subject]').inputValue()).toBe('');
    await expect.poll(() => submit.isDisabled()).toBe(true);

    // A second staff message from the reply box.
    await view.locator('textarea[name=message]').fill('Sorunuz olursa buradan yazabilirsiniz.');
    await view.getByTestId('support-send').click();
    await admin.getByText('Yanıt başarıyla gönderildi').first().waitFor();
    await view.locator('[data-testid=support-message]').nth(1).waitFor();
    await expect
      .poll(() => bubbles(view))
      .toEqual([
        ['staff', 'right'],
        ['staff', 'right'],
      ]);
    await screenshots(admin, 'admin-user-support-tr');

    // Phones: nothing runs off the side.
    await admin.setViewportSize({ width: 375, height: 740 });
    await admin.reload();
    await history.getByTestId('user-support-thread-view').locator('[data-testid=support-message]').nth(1).waitFor();
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await panel.getByTestId('user-support-create-submit').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);

    // The customer has it on /support, the staff's messages on the staff (left) side, and a mail.
    const mail = await latestMail(e2e.server.url, customerEmail, /Destek/);
    expect(mail.text).toContain(`/support?thread=${threadId}`);
    await customer.goto('/support');
    const customerRow = customer.locator('[data-testid=support-thread]', { hasText: 'Şirket kuruluş belgeleri' });
    await customerRow.click();
    const customerView = customer.getByTestId('support-thread-view');
    await customerView.locator('[data-testid=support-message]').nth(1).waitFor();
    await expect.poll(() => customerView.getAttribute('data-id')).toBe(threadId);
    await expect
      .poll(() => bubbles(customerView))
      .toEqual([
        ['staff', 'left'],
        ['staff', 'left'],
      ]);
    await expect.poll(() => customerView.textContent()).toContain('Merhaba Zeynep Hanım, kuruluş belgeleriniz hazır.');
    await screenshots(customer, 'admin-user-support-customer-tr');

    await admin.context().close();
    await customer.context().close();
  });

  it('keeps the row a staff member clicked while the search box was still waiting to search', async () => {
    const { page: customer, email: customerEmail } = await customerPage(e2e, 'Tıklanan Satır Ayşe', 'tiklanan.satir');
    await customer.context().close();

    const admin = await adminPage(e2e, 'Hızlı Personel', 'admin.fast.click');
    await admin.goto('/admin/users');
    // The newest user: on the first page before any search.
    const row = admin.locator('[data-testid=user-row]', { hasText: customerEmail });
    await row.waitFor();
    // A slow session check (as on a busy server): once the cached one is stale (10 s), every change of
    // the URL waits two seconds for its guard, so the click's navigation is still pending when the
    // search box's debounce (300 ms) sends the search.
    await admin.route('**/api/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await admin.waitForTimeout(10_500);
    await admin.fill('#users-search', customerEmail);
    await row.getByRole('button').click();
    await admin.waitForURL((url) => url.searchParams.has('id') && url.searchParams.get('q') === customerEmail);
    await admin.getByTestId('users-detail').getByRole('heading', { name: 'Tıklanan Satır Ayşe' }).waitFor();
    // Settled: no later navigation took the row away again.
    await admin.waitForTimeout(2500);
    expect(new URL(admin.url()).searchParams.has('id')).toBe(true);
    await admin.context().close();
  });
});
