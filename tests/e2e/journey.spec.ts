import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stateCosts } from '../../src/shared/catalogue/costs';
import { formatUsd } from '../../src/shared/catalogue/money';
import { WYOMING } from '../../src/shared/catalogue/states';
import {
  e2eEmail,
  focused,
  newContext,
  screenshots,
  serverAndBrowserForFile,
  shownToasts,
  signUpInBrowser,
  watchToasts,
} from '../support/e2e';

const e2e = serverAndBrowserForFile();

const next = (page: Page) => page.click('[data-testid=wizard-next]');
const back = (page: Page) => page.click('[data-testid=wizard-back]');

async function currentStep(page: Page) {
  return page.locator('[aria-current=step]').first().innerText();
}

describe('self-service customer', () => {
  it('onboards, completes the formation guide, and sends bank and address feedback', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('self');
    await signUpInBrowser(page, 'Zeynep Kaya', email);

    await page.getByRole('heading', { name: 'Başlayalım' }).waitFor();
    await expect.poll(() => page.isDisabled('[data-testid=wizard-back]')).toBe(true);
    await page.check('input[name=formationType][value=self]');
    // The budget is the catalogue's sum, shown with its parts (decision 0033).
    const firstYear = stateCosts(WYOMING).firstYear;
    await page.getByText(`İlk yıl tahmini toplam (Wyoming): ${formatUsd(firstYear.total, 'tr')}`).waitFor();
    await page
      .getByText(`${formatUsd(firstYear.filingFee, 'tr')} kuruluş harcı`, { exact: false })
      .first()
      .waitFor();
    await screenshots(page, 'onboarding-step1');
    await next(page);
    await page.fill('textarea[name=businessMotivation]', 'Etsy mağazam için ABD şirketi');
    await next(page);
    await page.check('input[name=addressPreference][value=shared]');
    await screenshots(page, 'onboarding-address');
    // Going back keeps what was typed.
    await back(page);
    await expect.poll(() => page.inputValue('textarea[name=businessMotivation]')).toBe('Etsy mağazam için ABD şirketi');
    await next(page);
    await next(page);
    await page.getByRole('button', { name: 'Kaydı tamamla' }).waitFor();
    await screenshots(page, 'onboarding-overview');
    await next(page);
    await page.waitForURL('**/dashboard');
    await page
      .getByText('Company formation process started successfully!', { exact: false })
      .or(page.getByText('Şirket kuruluş süreciniz başarıyla başlatıldı!', { exact: false }))
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Merhaba, Zeynep Kaya' }).waitFor();
    await expect.poll(() => page.locator('[data-testid=formation-stage]').innerText()).toContain('[1/4]');
    await screenshots(page, 'dashboard-stage1');

    // The formation guide: four steps; the answer "yes" with a state moves the formation on.
    await page.goto('/formation');
    await page.locator('[aria-current=step]').first().waitFor();
    await screenshots(page, 'formation-guide-overview');
    await next(page);
    // Videos load only on a click, so the page stays fast and no third party sees the visit.
    await page.getByRole('button', { name: 'Videoyu oynat' }).first().waitFor();
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    const affiliate = page.locator('a[target=_blank]').first();
    await expect.poll(() => affiliate.getAttribute('rel')).toContain('noopener');
    await page.getByRole('button', { name: 'Videoyu oynat' }).first().click();
    await page.locator('iframe').first().waitFor({ state: 'attached' });
    await screenshots(page, 'formation-guide-steps');
    await next(page);
    await next(page);
    await page.check('input[name=isFormationComplete][value=true]');
    await page.getByLabel('Eyalet seç').selectOption('Wyoming');
    await page.fill('textarea[name=difficulties]', 'İsim seçimi biraz zaman aldı');
    await screenshots(page, 'formation-guide-complete');
    await page.getByRole('button', { name: 'Kurulumu Tamamladım' }).click();
    // product.md#other-states: after "yes" the guide shows its completed step; its button then leads to the panel.
    await page.getByText('Kuruluşunuz tamamlandı').waitFor();
    expect(page.url()).toMatch(/\/formation$/);
    await page.getByRole('button', { name: 'Panele Geri Dön' }).click();
    await page.waitForURL('**/dashboard');
    await page.locator('[data-testid=formation-stage]', { hasText: '[2/4]' }).waitFor();
    await page.locator('[data-testid=next-step-ein-application]').waitFor();
    await screenshots(page, 'dashboard-stage2');
    await page.getByRole('button', { name: 'Durumu yenile' }).click();
    await page.getByText('Durum güncellendi', { exact: false }).first().waitFor();

    const row = await e2e.server.deps.database.db.execute(
      `select f.formation_status, f.state_selected, fb.difficulties from company_formations f join users u on u.id = f.user_id
       join formation_feedback fb on fb.user_id = u.id where u.email = '${email}'`,
    );
    expect(row.rows[0]).toEqual({
      formation_status: 'formation_completed',
      state_selected: 'Wyoming',
      difficulties: 'İsim seçimi biraz zaman aldı',
    });

    // Bank guide feedback: the final button waits for both answers.
    await page.goto('/bank-account');
    await next(page);
    await next(page);
    const send = page.getByRole('button', { name: 'Geri bildirimi gönder' });
    await expect.poll(() => send.isDisabled()).toBe(true);
    await page.check('input[name=completed][value=true]');
    await expect.poll(() => send.isDisabled()).toBe(true);
    await page.fill('textarea[name=feedbackText]', 'Başvuru kolaydı');
    await screenshots(page, 'bank-feedback');
    await send.click();
    await page.waitForURL('**/dashboard');

    // Address guide: the PDF is a real download, then feedback.
    await page.goto('/business-address');
    await next(page);
    const pdf = await page.request.get((await page.getAttribute('[data-testid=address-guide-pdf]', 'href')) as string);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshots(page, 'address-guide-pdf');
    await next(page);
    await page.check('input[name=completed][value=false]');
    await page.fill('textarea[name=feedbackText]', 'Özel adres fiyatlarını karşılaştırıyorum');
    await page.getByRole('button', { name: 'Geri bildirimi gönder' }).click();
    await page.waitForURL('**/dashboard');
    const feedback = await e2e.server.deps.database.db.execute(
      `select (select count(*) from bank_account_feedback b where b.user_id = u.id)::int as bank,
              (select count(*) from business_address_feedback a where a.user_id = u.id)::int as address
       from users u where u.email = '${email}'`,
    );
    expect(feedback.rows[0]).toEqual({ bank: 1, address: 1 });
    await context.close();
  });
});

describe('assisted customer', () => {
  it('needs a phone, enters the turnkey wizard, leaves at step 3 and finds the draft again', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await signUpInBrowser(page, 'Zeynep Kaya', e2eEmail('assisted'));

    await page.check('input[name=formationType][value=assisted]');
    await page
      .getByText(/\$589|589\s?\$/)
      .first()
      .waitFor();
    await next(page);
    await page.getByText('Lütfen telefon numaranızı girin').waitFor();
    await screenshots(page, 'onboarding-assisted-phone');
    await page.fill('input[name=phoneNumber]', '+90 532 123 45 67');
    await next(page);
    // Assisted skips the address step: purpose, then the overview.
    await next(page);
    await page.getByRole('button', { name: 'Kaydı tamamla' }).click();
    await page.waitForURL('**/formation-service');
    // The onboarding wizard (with its own, enabled back button) can stay on screen while the
    // lazy formation-service page loads, so wait for the new page before reading the button.
    await page.locator('input[name=packageSelected]').first().waitFor();

    await expect.poll(() => page.isDisabled('[data-testid=wizard-back]')).toBe(true);
    // The membership chosen in onboarding is the Premium package: the wizard starts with it chosen.
    await expect.poll(() => page.isChecked('input[name=packageSelected][value=formation_with_payment]')).toBe(true);
    await screenshots(page, 'turnkey-package');
    await next(page);
    await screenshots(page, 'turnkey-overview');
    await next(page);
    await page
      .getByText(/138[.,]75/)
      .first()
      .waitFor();
    await page.check('input[name=stateSelected][value=Delaware]');
    await screenshots(page, 'turnkey-state');

    // Leave at step 3 and come back: the draft is restored.
    await next(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Merhaba, Zeynep Kaya' }).waitFor();
    await page.goto('/formation-service');
    await page.locator('input[name=businessAddress][value=private_address]').waitFor();
    await expect.poll(() => currentStep(page)).toMatch(/4|Adres/);
    await back(page);
    await expect.poll(() => page.isChecked('input[name=stateSelected][value=Delaware]')).toBe(true);
    await next(page);
    await next(page);
    await page.getByText('Lütfen bir iş adresi seçeneği seçin').first().waitFor();
    await page.check('input[name=businessAddress][value=private_address]');
    await screenshots(page, 'turnkey-address');
    await next(page);
    await page.getByRole('button', { name: 'Ödemeye geç' }).waitFor();
    await screenshots(page, 'turnkey-payment');
    // No Stripe keys on this server: step 5 opens the local TEST MODE checkout for Premium + private address.
    await page.getByRole('button', { name: 'Ödemeye geç' }).click();
    await page.waitForURL(/\/payment\/test-checkout\/cs_test_local_/);
    await page.getByText('TEST MODU').first().waitFor();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toContain('689,00');
    await screenshots(page, 'turnkey-test-checkout');

    // A link in the app names the new page and puts focus on its heading.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Merhaba, Zeynep Kaya' }).waitFor();
    await page.getByRole('link', { name: 'Destek' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Destek' }).waitFor();
    await expect.poll(() => page.title()).toBe('Destek · ABD Şirket Kurulum Portalı');
    await expect.poll(() => focused(page)).toBe('H1# Destek');
    // One toast for signing out, not a second "please sign in" from the page left behind (its queries
    // are dropped only once it is gone).
    await watchToasts(page);
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await page.waitForURL('**/signin');
    await page.getByText('Başarıyla çıkış yapıldı.').first().waitFor();
    await page.fill('input[name=email]', 'nobody@example.com');
    await page.fill('input[name=password]', 'YanlisSifre9');
    await page.click('button[type=submit]');
    await page.getByText('Giriş Bilgileri Hatalı').first().waitFor();
    await expect.poll(() => shownToasts(page)).toEqual(['Başarıyla çıkış yapıldı.']);
    await context.close();
  });
});
