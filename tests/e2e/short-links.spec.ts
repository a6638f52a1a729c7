import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  e2eEmail,
  fromOurPages,
  newContext,
  ownerByApi,
  SCREENSHOT_DIR,
  screenshots,
  serverAndBrowserForFile,
} from '../support/e2e';
import { openAdminSection } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

/**
 * A visitor's ordinary browser. Headless Chromium names itself HeadlessChrome, which the redirect
 * rightly takes for a bot and does not count; a person's browser says Chrome.
 */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function visitorContext(): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.server.url,
    viewport: DESKTOP,
    locale: 'tr-TR',
    userAgent: PERSON_UA,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function adminOnShorten(): Promise<{ context: BrowserContext; admin: Page }> {
  const context = await newContext(e2e.browser, e2e.server.url);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
  const admin = await context.newPage();
  await ownerByApi(e2e.server, admin, 'Kampanya Yöneticisi', e2eEmail('admin.links'));
  await openAdminSection(admin, 'Kısa linkler', '/shorten');
  return { context, admin };
}

const rowOf = (page: Page, slug: string) => page.locator(`[data-testid=short-link-row][data-slug="${slug}"]`);

describe('short links', () => {
  it('an admin makes a link to /signup with UTM; a visitor opens it and signs up; the list shows 1 click and 1 sign-up', async () => {
    const { context: adminContext, admin } = await adminOnShorten();
    const slug = `yaz-${Date.now().toString(36)}`;

    // Without a URL: the spec's message under the field, in Turkish.
    await admin.getByTestId('short-link-submit').click();
    await admin.getByText('Lütfen bir URL girin').waitFor();

    await admin.fill('input[name=originalUrl]', `${e2e.server.url}/signup`);
    await admin.fill('input[name=slug]', slug);
    await admin.fill('input[name=utmSource]', 'instagram');
    await admin.fill('input[name=utmMedium]', 'social');
    await admin.fill('input[name=utmCampaign]', 'yaz');
    await admin.getByTestId('short-link-submit').click();
    await admin.getByText('Kısa link başarıyla oluşturuldu').waitFor();
    const row = rowOf(admin, slug);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('short-link-badge').textContent()).toBe('Kalıcı');
    await expect.poll(() => row.getByTestId('short-link-clicks').textContent()).toBe('0');

    // The same slug again: refused in the spec's words, under the slug field.
    await admin.fill('input[name=originalUrl]', `${e2e.server.url}/signup`);
    await admin.fill('input[name=slug]', slug);
    await admin.getByTestId('short-link-submit').click();
    await admin.getByText('Bu kısa ad zaten kullanılıyor').waitFor();
    await admin.fill('input[name=originalUrl]', '');
    await admin.fill('input[name=slug]', '');

    // Copy gives {origin}/go/{slug}.
    await row.getByTestId('short-link-copy').click();
    await admin.getByText('Link panoya kopyalandı').waitFor();
    await expect.poll(() => admin.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.server.url}/go/${slug}`);

    // A visitor in a browser of their own opens the link and lands on the sign-up page with the UTM fields.
    const visitor = await visitorContext();
    const page = await visitor.newPage();
    await page.goto(`/go/${slug}`);
    await page.waitForURL('**/signup?**');
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'yaz',
      ref: slug,
    });
    const email = e2eEmail('kampanya.musteri');
    await page.fill('input[name=fullName]', 'Kampanya Müşterisi');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'Sirket2025ok');
    await page.fill('input[name=confirmPassword]', 'Sirket2025ok');
    await page.check('input[name=terms]');
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    await visitor.close();

    // The admin's list, refreshed: 1 click, 1 sign-up, nobody paying yet.
    await expect
      .poll(
        async () => {
          await admin.getByTestId('short-links-refresh').click();
          return row.getByTestId('short-link-clicks').textContent();
        },
        { timeout: 10_000 },
      )
      .toBe('1');
    await expect.poll(() => row.getByTestId('short-link-signups').textContent()).toBe('1');
    await expect.poll(() => row.getByTestId('short-link-paying').textContent()).toBe('0');
    await expect.poll(() => row.getByTestId('short-link-shares').textContent()).toBe('0');

    // Edit: the slug cannot change; the campaign can.
    await row.getByTestId('short-link-edit').click();
    const form = admin.getByTestId('short-link-form');
    await expect.poll(() => form.getAttribute('data-mode')).toBe('edit');
    await expect.poll(() => admin.locator('input[name=slug]').isDisabled()).toBe(true);
    await admin.getByText('Kısa ad, link oluşturulduktan sonra değiştirilemez.').waitFor();
    await admin.fill('input[name=utmCampaign]', 'yaz-2');
    await admin.getByTestId('short-link-submit').click();
    await admin.getByText('Link başarıyla güncellendi').waitFor();
    await expect.poll(() => form.getAttribute('data-mode')).toBe('create');
    await expect.poll(() => row.getByTestId('short-link-utm').textContent()).toContain('yaz-2');

    // Another link that expires tomorrow, for its badge in the screenshots.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const res = await admin.request.post('/api/admin/short-links', {
      data: {
        originalUrl: 'https://www.example.com/bir-cok-uzun-adres/kampanya/2025/yaz-indirimi?kaynak=bulten&tarih=bugun',
        expiresAt: tomorrow,
        utmSource: 'bulten',
      },
      ...fromOurPages(admin),
    });
    expect(res.status()).toBe(201);
    await admin.getByTestId('short-links-refresh').click();
    await admin.locator('[data-testid=short-link-badge][data-state=expiring]').waitFor();
    await admin.waitForTimeout(5500); // the toasts fade first
    await screenshots(admin, 'short-links-tr');

    await admin.goto('/shorten?lang=en');
    await admin.getByRole('heading', { name: 'Short links', level: 1 }).waitFor();
    await rowOf(admin, slug).waitFor();
    await screenshots(admin, 'short-links-en');
    await adminContext.close();
  });

  it('an expired link shows the not-found page, then the home page', async () => {
    const { context: adminContext, admin } = await adminOnShorten();
    const slug = `eski-${Date.now().toString(36)}`;
    const res = await admin.request.post('/api/admin/short-links', {
      data: {
        originalUrl: '/signup',
        slug,
        expiresAt: new Date(Date.now() - 60_000).toISOString(),
      },
      ...fromOurPages(admin),
    });
    expect(res.status()).toBe(201);
    await admin.reload();
    const row = rowOf(admin, slug);
    await expect.poll(() => row.getByTestId('short-link-badge').textContent()).toBe('Süresi doldu');

    const visitor = await visitorContext();
    const page = await visitor.newPage();
    const answer = await page.goto(`/go/${slug}`);
    expect(answer?.status()).toBe(404);
    const started = Date.now();
    await page.getByRole('heading', { name: 'Link bulunamadı veya süresi doldu' }).waitFor();
    await page.getByText('Ana sayfaya yönlendiriliyorsunuz...').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'short-link-not-found-tr-1280.png') });
    await page.waitForURL('**/signin', { timeout: 10_000 });
    // product.md#timings: it waits 2 seconds first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    await visitor.close();

    // The admin deletes it, after the spec's question.
    await row.getByTestId('short-link-delete').click();
    const dialog = row.getByTestId('short-link-delete-dialog');
    await dialog.getByText('Bu linki silmek istediğinizden emin misiniz?').waitFor();
    await dialog.getByTestId('short-link-delete-dialog-confirm').click();
    await admin.getByText('Link başarıyla silindi').waitFor();
    await row.waitFor({ state: 'detached' });
    await adminContext.close();
  });
});
