import { describe, expect, it } from 'vitest';
import {
  e2eEmail,
  fromOurPages,
  latestMail,
  newContext,
  ownerInBrowser,
  screenshots,
  serverAndBrowserForFile,
  signUpInBrowser,
} from '../support/e2e';

const e2e = serverAndBrowserForFile();

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('the account page', () => {
  it('lets a customer change name, email and password, see the devices and end another one', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('hesap');
    await signUpInBrowser(page, 'Ayşe Hesap', email);

    // A second device: a phone signed in to the same account.
    const phone = await e2e.browser.newContext({ baseURL: e2e.server.url, userAgent: IPHONE_SAFARI });
    const phonePage = await phone.newPage();
    await phonePage.goto('/signin');
    const signIn = await phonePage.request.post('/api/auth/sign-in', {
      data: { email, password: 'Sirket2025ok' },
      ...fromOurPages(phonePage),
    });
    expect(signIn.status()).toBe(200);
    // What the app does next on the phone; the server then knows the phone's network.
    expect((await phonePage.request.get('/api/me')).status()).toBe(200);

    // From the header to the page.
    await page.getByTestId('header-account').click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { name: 'Hesabım', level: 1 }).waitFor();

    // Devices: this one first and marked, the phone named from its user agent.
    const devices = page.getByTestId('device');
    await expect.poll(() => devices.count()).toBe(2);
    await expect.poll(() => devices.first().textContent()).toContain('Bu cihaz');
    await expect.poll(() => devices.nth(1).textContent()).toContain('iOS üzerinde Safari');
    await expect.poll(() => devices.nth(1).textContent()).toContain('127.0.0.0/24');
    await screenshots(page, 'account-tr');

    // The name.
    await page.getByTestId('account-name-edit').click();
    await page.fill('#account-full-name', 'Ayşe Hesap Yılmaz');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => page.getByTestId('account-name-value').textContent()).toBe('Ayşe Hesap Yılmaz');

    // The password: a wrong current one is said under its field; the right one ends the phone's session.
    await page.getByTestId('account-password-edit').click();
    await page.fill('#account-current-password', 'YanlisSifre9');
    await page.fill('#account-new-password', 'YeniSifre2025');
    await page.fill('#account-confirm-password', 'YeniSifre2025');
    await page.getByRole('button', { name: 'Şifreyi değiştir' }).click();
    await page.getByText('Mevcut şifreniz doğru değil.').waitFor();
    await page.fill('#account-current-password', 'Sirket2025ok');
    await page.getByRole('button', { name: 'Şifreyi değiştir' }).click();
    await page.getByText('Şifreniz değiştirildi.', { exact: false }).first().waitFor();
    await expect.poll(() => devices.count()).toBe(1);
    expect((await phonePage.request.get('/api/me')).status()).toBe(401);

    // The email: nothing changes until the link mailed to the new address is opened.
    const newEmail = e2eEmail('yeni.adres');
    await page.getByTestId('account-email-edit').click();
    await page.fill('#account-new-email', newEmail);
    await page.fill('#account-email-password', 'YeniSifre2025');
    await page.getByRole('button', { name: 'Onay bağlantısı gönder' }).click();
    await page.getByTestId('account-email-pending').waitFor();
    await expect.poll(() => page.getByTestId('account-email-value').textContent()).toBe(email);
    const mail = await latestMail(e2e.server.url, newEmail, /Yeni e-posta adresinizi onaylayın/);
    const link = /https?:\/\/\S+\/account\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link as string).pathname + new URL(link as string).search);
    await page.getByTestId('confirm-email-done').waitFor();
    await expect.poll(() => page.getByTestId('confirm-email-done').textContent()).toContain(newEmail);
    // Used once: the same link again is refused.
    await page.reload();
    await page.getByTestId('confirm-email-failed').waitFor();
    const notice = await latestMail(e2e.server.url, email, /e-posta adresi değiştirildi/);
    expect(notice.text).toContain(newEmail);

    await page.goto('/account');
    await expect.poll(() => page.getByTestId('account-email-value').textContent()).toBe(newEmail);

    // English, with the phone signed in again, so the list shows two devices.
    const again = await phonePage.request.post('/api/auth/sign-in', {
      data: { email: newEmail, password: 'YeniSifre2025' },
      ...fromOurPages(phonePage),
    });
    expect(again.status()).toBe(200);
    expect((await phonePage.request.get('/api/me')).status()).toBe(200);
    await page.goto('/account?lang=en');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await expect.poll(() => devices.count()).toBe(2);
    await expect.poll(() => devices.nth(1).textContent()).toContain('Safari on iOS');
    await screenshots(page, 'account-en');

    // End the phone's session from the list.
    await devices.nth(1).getByTestId('device-end').click();
    await expect.poll(() => devices.count()).toBe(1);
    expect((await phonePage.request.get('/api/me')).status()).toBe(401);

    await phone.close();
    await context.close();
  });

  it('is open to staff from the back office, with the second factor row', async () => {
    const context = await newContext(e2e.browser, e2e.server.url, 'en');
    const page = await context.newPage();
    await ownerInBrowser(e2e.server, page, 'Deniz Yönetici', e2eEmail('hesap.admin'));
    await page.getByTestId('header-account').click();
    await page.waitForURL('**/account');
    await page.getByTestId('account-second-factor').waitFor();
    await expect
      .poll(() => page.getByTestId('account-second-factor-link').getAttribute('href'))
      .toBe('/account/security');
    await expect.poll(() => page.getByTestId('account-name-value').textContent()).toBe('Deniz Yönetici');
    await expect.poll(() => page.getByTestId('device').count()).toBe(1);
    await screenshots(page, 'account-staff');

    // Decision 0070: someone else gives the password but not the code; the list shows that sign-in,
    // marked as waiting for its code.
    const owner = e2eEmail('hesap.admin.bekleyen');
    const other = await newContext(e2e.browser, e2e.server.url, 'en');
    const otherPage = await other.newPage();
    await ownerInBrowser(e2e.server, otherPage, 'Deniz Bekleyen', owner);
    await otherPage.goto('/account');
    await expect.poll(() => otherPage.getByTestId('device').count()).toBe(1);
    const stranger = await e2e.browser.newContext({ baseURL: e2e.server.url, userAgent: IPHONE_SAFARI });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto('/signin');
    let signIn = 0;
    for (const password of ['adminsifre1', 'adminsifre']) {
      const res = await strangerPage.request.post('/api/auth/sign-in', {
        data: { email: owner, password },
        ...fromOurPages(strangerPage),
      });
      signIn = res.status();
      if (signIn === 200) {
        expect(await res.json()).toEqual({ twoFactorRequired: true });
        break;
      }
    }
    expect(signIn).toBe(200);
    await otherPage.reload();
    const devices = otherPage.getByTestId('device');
    // The member's language is Turkish (the invitation's), whatever the browser says.
    await expect.poll(() => devices.count(), { timeout: 15_000 }).toBe(2);
    const waiting = otherPage.locator('[data-testid=device][data-pending]');
    await expect.poll(() => waiting.count()).toBe(1);
    await expect.poll(() => waiting.getByTestId('device-pending').textContent()).toBe('Kod bekleniyor');
    await expect.poll(() => waiting.textContent()).toContain('iOS üzerinde Safari');
    await screenshots(otherPage, 'account-pending-sign-in');
    await waiting.getByTestId('device-end').click();
    await expect.poll(() => devices.count()).toBe(1);
    await stranger.close();
    await other.close();
    await context.close();
  });
});
