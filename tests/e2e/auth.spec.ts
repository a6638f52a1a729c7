import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  builtChunk,
  e2eEmail,
  focused,
  latestMail,
  newContext,
  screenshots,
  serverAndBrowserForFile,
  shownToasts,
  watchToasts,
} from '../support/e2e';

const e2e = serverAndBrowserForFile();

const PASSWORD = 'Guvenli1Sifre';

async function fillSignUp(page: Page, email: string, password = PASSWORD) {
  await page.fill('input[name=fullName]', 'Ayşe Yılmaz');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.fill('input[name=confirmPassword]', password);
  await page.check('input[name=terms]');
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
}

describe('customer account journey', () => {
  it('signs up (with UTM), lands on onboarding, signs out, signs in after a bad attempt', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/signin');
    await page.getByText('Kolay kuruluş', { exact: false }).first().waitFor();
    await screenshots(page, 'signin');
    // The skip link is the first stop of the keyboard and leads to the main content.
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('A# İçeriğe geç');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^MAIN#main /);

    await page.goto('/signup?utm_source=google&utm_medium=cpc&utm_campaign=kasim');
    // The browser's own checks show the spec's messages before anything is sent.
    await page.click('button[type=submit]');
    await page.getByText('Ad soyad gereklidir').waitFor();
    await screenshots(page, 'signup-errors');
    const email = e2eEmail('ayse');
    await fillSignUp(page, email);
    await screenshots(page, 'signup');
    await expect.poll(() => page.title()).toBe('Hesap oluşturun · ABD Şirket Kurulum Portalı');
    await watchToasts(page);
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    await toast(page, 'Hesabınız başarıyla oluşturuldu!');
    // A navigation in the app names the new page and moves focus to its heading.
    await page.getByRole('heading', { level: 1, name: 'Başlayalım' }).waitFor();
    await expect.poll(() => page.title()).toBe('Başlayalım · ABD Şirket Kurulum Portalı');
    await expect.poll(() => focused(page)).toBe('H1# Başlayalım');
    await expect
      .poll(() => shownToasts(page))
      .toEqual(['Hesabınız başarıyla oluşturuldu! Hesabınızı doğrulamak için lütfen e-postanızı kontrol edin.']);
    // Until the address is verified, signed-in pages remind the user.
    await page.getByText('Lütfen e-posta adresinizi doğrulayın').waitFor();
    await screenshots(page, 'onboarding-placeholder');

    const profile = await e2e.server.deps.database.db.execute(
      `select utm_source, utm_medium, utm_campaign from user_profiles where email = '${email}'`,
    );
    expect(profile.rows[0]).toEqual({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'kasim' });

    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await page.waitForURL('**/signin');
    await toast(page, 'Başarıyla çıkış yapıldı.');

    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'YanlisSifre9');
    await page.click('button[type=submit]');
    await pwaitCount(page, 'Giriş Bilgileri Hatalı', 2);
    // One toast per event: signing out said so once, and the page left behind added no "please sign in".
    await screenshots(page, 'signin-bad-credentials');

    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    await toast(page, 'Başarıyla giriş yapıldı!');

    // An existing session skips the sign-in form.
    await page.goto('/signin');
    await page.waitForURL('**/onboarding');
    await context.close();
  });

  it('verifies the address from the mailed link', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('verify');
    await page.goto('/signup');
    await fillSignUp(page, email);
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: 'Doğrulama e-postasını yeniden gönder' }).click();
    await toast(page, 'Doğrulama e-postası gönderildi');
    const mail = await latestMail(e2e.server.url, email, /doğrulayın/);
    const link = /(http\S+verify-email\?token=\S+)/.exec(mail.text)?.[1] as string;
    await page.goto(link);
    await toast(page, 'E-posta adresiniz doğrulandı');
    await page.goto('/onboarding');
    await page.getByRole('heading', { name: 'Başlayalım' }).waitFor();
    await expect.poll(() => page.getByText('Lütfen e-posta adresinizi doğrulayın').count()).toBe(0);
    await context.close();
  });

  it('resets a forgotten password with the link from the stored mail', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('reset');
    await page.goto('/signup');
    await fillSignUp(page, email);
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await page.waitForURL('**/signin');

    await page.goto('/forgot-password');
    await screenshots(page, 'forgot-password');
    await page.fill('input[name=email]', email);
    await page.click('button[type=submit]');
    const confirmation = page
      .getByRole('status')
      .or(page.getByText('sıfırlama bağlantısı', { exact: false }))
      .first();
    await confirmation.waitFor();

    const mail = await latestMail(e2e.server.url, email, /Şifre sıfırlama/);
    const link = /(http\S+reset-password\?token=\S+)/.exec(mail.text)?.[1] as string;
    expect(link).toBeTruthy();
    await page.goto(link);
    await screenshots(page, 'reset-password');
    await page.fill('input[name=password]', 'YeniSifre2025');
    await page.fill('input[name=confirmPassword]', 'YeniSifre2025');
    await page.click('button[type=submit]');
    await page.waitForURL('**/signin');

    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'YeniSifre2025');
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    await context.close();
  });

  it('switches the language and keeps the choice', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Hesabınıza giriş yapın' }).waitFor();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('tr');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await screenshots(page, 'signin-en');
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    // Server errors come back in the chosen language too.
    await page.fill('input[name=email]', 'nobody@example.com');
    await page.fill('input[name=password]', 'whatever1');
    await page.click('button[type=submit]');
    await pwaitCount(page, 'Invalid login credentials', 2);
    // ?lang= on any URL switches as well.
    await page.goto('/signup?lang=tr');
    await page.getByRole('heading', { name: 'Hesap oluşturun' }).waitFor();
    await context.close();
  });

  it("stores a signed-in customer's switch on the account, so later mails use it", async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('dil');
    await page.goto('/signup');
    await fillSignUp(page, email);
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    const accountLang = async () =>
      (await e2e.server.deps.database.db.execute(`select lang from users where email = '${email}'`)).rows[0]?.lang;
    await expect.poll(() => accountLang()).toBe('tr');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await expect.poll(accountLang).toBe('en');
    await context.close();
  });

  it('shows the legal pages, a real 404 and the fallback error page', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshots(page, 'terms');
    await page.goto('/privacy');
    await page.getByText('KVKK', { exact: false }).first().waitFor();
    await screenshots(page, 'privacy');
    // "The data we keep" comes from the personal-data registry (decision 0077), in each language.
    await page.getByText('T.C. kimlik numaranız', { exact: false }).first().waitFor();
    await page.goto('/privacy?lang=en');
    await page.getByText('IP address and network', { exact: false }).first().waitFor();
    await page.getByText('your T.C. kimlik numarası', { exact: false }).first().waitFor();
    await screenshots(page, 'privacy-en');
    // Back to Turkish: the language chosen is remembered.
    await page.goto('/privacy?lang=tr');
    await page.getByText('T.C. kimlik numaranız', { exact: false }).first().waitFor();
    await page.goto('/bu-sayfa-yok');
    await page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor();
    await screenshots(page, 'not-found');
    // A route whose code cannot be loaded is a broken route: the fallback page explains it.
    const privacyChunk = builtChunk('features/legal/pages/PrivacyPage.tsx');
    await page.route(
      (url) => url.pathname === privacyChunk,
      (route) => route.abort(),
    );
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Şifremi unuttum' }).waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/privacy');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Beklenmeyen Uygulama Hatası!' }).waitFor();
    await screenshots(page, 'error-fallback');
    await context.close();
  });
});

async function pwaitCount(page: Page, text: string, count: number) {
  await page
    .getByText(text, { exact: true })
    .nth(count - 1)
    .waitFor();
  await expect.poll(() => page.getByText(text, { exact: true }).count()).toBe(count);
}
