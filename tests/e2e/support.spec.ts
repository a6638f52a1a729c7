import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dropFile,
  e2eEmail,
  followAdminNav,
  fromOurPages,
  latestMail,
  newContext,
  screenshots,
  serverAndBrowserForFile,
  signUpInBrowser,
} from '../support/e2e';
import { adminPage } from '../support/e2e-accounts';
import { PDF } from '../support/files';

const e2e = serverAndBrowserForFile();

// Only the first bytes matter to the server's type check (PNG and PDF signatures).
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('ekran goruntusu'.repeat(40)),
]);

/** The conversation's bubble elements as [author, side] pairs, oldest first. */
async function bubbles(page: Page) {
  return page
    .locator('[data-testid=support-message]')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-author'), el.getAttribute('data-side')]));
}

describe('support tickets', () => {
  it('a customer opens a ticket with a PNG; staff find it, reply with a PDF and set In Progress; the customer reads it', async () => {
    const customerEmail = e2eEmail('destek.musteri');
    const customer = await newContext(e2e.browser, e2e.server.url);
    const page = await customer.newPage();
    await signUpInBrowser(page, 'Ayşe Müşteri', customerEmail);
    const created = await page.request.post('/api/formations', {
      data: { formationType: 'self' },
      ...fromOurPages(page),
    });
    expect(created.status()).toBe(201);

    // An empty page first, then the subject rule of product.md#support-rules.
    await page.goto('/support');
    await page.getByTestId('support-empty').waitFor();
    await page.getByTestId('support-create').click();
    await page.getByText('Lütfen destek talebiniz için bir konu girin').first().waitFor();

    await page.fill('input[name=subject]', 'Banka hesabı için belge');
    await page.fill('#support-new-message', 'Merhaba, banka ekran görüntüsünü ekledim. Ne yapmalıyım?');
    // Dragged onto the attach button, as from the desktop.
    await dropFile(page, 'label:has(input[name=newFile])', { name: 'banka.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('newFile-selected').waitFor();
    await page.getByTestId('support-create').click();
    await page.getByText('Destek talebi oluşturuldu', { exact: true }).first().waitFor();
    await page.waitForURL(/\/support\?thread=/);
    const threadId = new URL(page.url()).searchParams.get('thread') ?? '';
    expect(threadId).not.toBe('');
    await page.getByTestId('support-thread-view').waitFor();
    await expect.poll(() => bubbles(page)).toEqual([['customer', 'right']]);
    await expect
      .poll(() => page.locator('[data-testid=support-attachment]').first().textContent())
      .toContain('banka.png');
    const threadRow = page.locator(`[data-testid=support-thread][data-id="${threadId}"]`);
    await expect.poll(() => threadRow.locator('[data-testid=support-status]').getAttribute('data-status')).toBe('open');

    // --- Staff ---
    const admin = await adminPage(e2e, 'Deniz Destek', 'destek.admin');
    // The top bar counts the thread that waits for us.
    const waitingBadge = admin.getByTestId('support-waiting-count');
    await expect.poll(() => waitingBadge.textContent()).toContain('1');
    await followAdminNav(admin, 'Destek');
    await admin.waitForURL('**/admin/support');
    await admin.fill('#support-search', customerEmail);
    await admin.waitForURL(/q=/);
    const row = admin.locator(`[data-testid=support-row][data-id="${threadId}"]`);
    await row.waitFor();
    await expect.poll(() => admin.locator('[data-testid=support-row]').count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(customerEmail);
    await expect.poll(() => row.getByTestId('support-waiting').textContent()).toMatch(/yanıtımızı bekliyor/);
    await row.locator('button').click();
    await admin.waitForURL(new RegExp(`thread=${threadId}`));
    const detail = admin.getByTestId('support-detail');
    await detail.getByTestId('support-customer').waitFor();
    await expect.poll(() => detail.getByTestId('support-customer').textContent()).toContain('Kuruluş durumu');
    await expect
      .poll(() => detail.getByTestId('support-user-link').getAttribute('href'))
      .toMatch(/^\/admin\/users\?id=/);
    // On the staff desk the customer's message is on the left: the admin's own side is the staff's.
    await admin.locator('[data-testid=support-message]').first().waitFor();
    await expect.poll(() => bubbles(admin)).toEqual([['customer', 'left']]);

    // The send button waits for text.
    const send = detail.getByTestId('support-send');
    await expect.poll(() => send.isDisabled()).toBe(true);
    await detail.locator('textarea[name=message]').fill('   ');
    await expect.poll(() => send.isDisabled()).toBe(true);
    await detail.locator('textarea[name=message]').fill('Merhaba Ayşe Hanım, doldurmanız gereken form ektedir.');
    await detail
      .locator('input[name=file]')
      .setInputFiles({ name: 'banka-formu.pdf', mimeType: 'application/pdf', buffer: PDF });
    await send.click();
    await admin.getByText('Yanıt başarıyla gönderildi').first().waitFor();
    await expect
      .poll(() => bubbles(admin))
      .toEqual([
        ['customer', 'left'],
        ['staff', 'right'],
      ]);

    await admin.selectOption('#support-status', 'in_progress');
    await admin.getByText('Durum güncellendi').first().waitFor();
    await expect.poll(() => row.getByTestId('support-status').getAttribute('data-status')).toBe('in_progress');
    // Answered: nothing waits for us any more.
    await expect.poll(() => row.getByTestId('support-waiting').count()).toBe(0);
    await expect.poll(() => waitingBadge.count()).toBe(0);
    await screenshots(admin, 'support-admin-tr');
    await admin.goto(`/admin/support?lang=en&thread=${threadId}`);
    await admin.getByText('Formation status').first().waitFor();
    await admin.locator('[data-testid=support-message]').nth(1).waitFor();
    await screenshots(admin, 'support-admin-en');
    // The customer's user page opens on that customer, whatever page of the users list they are on.
    await admin.getByTestId('support-user-link').click();
    await admin.waitForURL('**/admin/users?id=*');
    await expect.poll(() => admin.getByTestId('user-display-name').textContent()).toContain('Ayşe Müşteri');
    await admin.context().close();

    // --- The customer again ---
    await page.goto('/dashboard');
    const badge = page.getByTestId('dashboard-support-unread');
    await expect.poll(() => badge.textContent()).toContain('1');
    // The badge is part of the link's accessible name.
    await page
      .getByRole('link', { name: /Destek.*1 okunmamış destek yanıtı/ })
      .first()
      .waitFor();
    await screenshots(page, 'support-dashboard-badge-tr');

    const mail = await latestMail(e2e.server.url, customerEmail, /Destek talebinize yeni yanıt/);
    const link = mail.text.match(/https?:\/\/\S+\/support\?thread=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await page.getByTestId('support-thread-view').waitFor();
    await page.locator('[data-testid=support-message]').nth(1).waitFor();
    await expect
      .poll(() => bubbles(page))
      .toEqual([
        ['customer', 'right'],
        ['staff', 'left'],
      ]);
    // Opening the thread reads the staff reply: its unread mark goes.
    await expect.poll(() => threadRow.getByTestId('support-unread').count()).toBe(0);
    await expect.poll(() => page.getByTestId('support-thread-view').getAttribute('data-status')).toBe('in_progress');
    await expect.poll(() => page.getByTestId('support-thread-view').textContent()).toContain('İşlemde');
    // The view opens at the newest message.
    const scroll = await page
      .getByTestId('support-messages')
      .evaluate((el) => ({ top: el.scrollTop, max: el.scrollHeight - el.clientHeight, height: el.clientHeight }));
    expect(scroll.top).toBeGreaterThanOrEqual(scroll.max - 2);
    expect(scroll.height).toBeGreaterThanOrEqual(398);
    expect(scroll.height).toBeLessThanOrEqual(602);

    const staffMessage = page.locator('[data-testid=support-message][data-author=staff]');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      staffMessage.getByTestId('support-attachment').click(),
    ]);
    expect(download.suggestedFilename()).toBe('banka-formu.pdf');
    const saved = await download.path();
    expect(readFileSync(saved).equals(PDF)).toBe(true);

    // Bubbles keep to 80% of the conversation's width.
    const widths = await page.getByTestId('support-messages').evaluate((el) => {
      const inner = el.clientWidth;
      return [...el.querySelectorAll('[data-testid=support-message] > div')].map(
        (b) => b.getBoundingClientRect().width / inner,
      );
    });
    for (const w of widths) expect(w).toBeLessThanOrEqual(0.8);

    await screenshots(page, 'support-customer-tr');
    await page.setViewportSize({ width: 375, height: 740 });
    // Nothing wider than the phone's screen.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The customer answers.
    const reply = page.getByTestId('support-reply');
    await expect.poll(() => reply.getByTestId('support-send').isDisabled()).toBe(true);
    await reply.locator('textarea[name=message]').fill('Teşekkürler, formu dolduruyorum.');
    await reply.getByTestId('support-send').click();
    await page.getByText('Mesaj gönderildi').first().waitFor();
    await expect.poll(() => page.locator('[data-testid=support-message]').count()).toBe(3);
    await expect.poll(() => threadRow.getByTestId('support-unread').count()).toBe(0);

    await page.goto(`/support?lang=en&thread=${threadId}`);
    await page.getByText('Support team').first().waitFor();
    await screenshots(page, 'support-customer-en');
    await customer.close();
  });
});
