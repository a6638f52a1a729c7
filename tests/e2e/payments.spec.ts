import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerByApi,
  e2eEmail,
  fromOurPages,
  newContext,
  screenshots,
  serverAndBrowserForFile,
} from '../support/e2e';
import { adminPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

interface CreatedService {
  id: string;
  title: string;
}

/** The services every test here buys, created by an admin through the API as the admin page would. */
const catalogue: { consult: CreatedService; bookkeeping: CreatedService } = {} as never;

beforeAll(async () => {
  const admin = await adminPage(e2e, 'Deniz Yönetici', 'services.admin');
  async function create(body: Record<string, unknown>): Promise<CreatedService> {
    const res = await admin.request.post('/api/admin/services', { data: body, ...fromOurPages(admin) });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { service: CreatedService }).service;
  }
  catalogue.consult = await create({
    title: 'Vergi danışmanlığı',
    description:
      'ABD vergi yükümlülükleriniz için bire bir görüşme.\nForm 5472 ve 1120 hakkında sorularınızı yanıtlarız.\n\nGörüşme 45 dakika sürer.',
    titleEn: 'Tax consultation',
    descriptionEn:
      'A one-to-one session on your US tax obligations.\nWe answer your questions on Forms 5472 and 1120.\n\nThe session lasts 45 minutes.',
    priceCents: 14_950,
  });
  catalogue.bookkeeping = await create({
    title: 'Aylık muhasebe',
    description:
      'Şirketinizin aylık defterlerini tutar, banka hareketlerinizi eşleştirir ve her ay sonunda size kısa bir rapor göndeririz. Yıl sonunda vergi beyannamesi için gereken tüm tabloları hazırlarız; ayrıca eyalet yıllık raporunuzun son tarihlerini takip ederiz.',
    priceCents: 9_900,
  });
  // An inactive service is never listed nor sold.
  await create({ title: 'Eski hizmet', description: 'Artık sunulmuyor.', priceCents: 1_000, isActive: false });
  await admin.context().close();
});

/** A screenshot in Turkish and one in English of the page as it is now (`<name>-tr|en-<width>.png`). */
async function bothLanguages(page: Page, name: string, ready: (page: Page) => Promise<unknown>) {
  await screenshots(page, `${name}-tr`);
  const url = new URL(page.url());
  url.searchParams.set('lang', 'en');
  await page.goto(url.toString());
  await ready(page);
  await screenshots(page, `${name}-en`);
  url.searchParams.set('lang', 'tr');
  await page.goto(url.toString());
  await ready(page);
}

async function newCustomer(name: string, formationType: 'self' | 'assisted') {
  const context = await newContext(e2e.browser, e2e.server.url);
  const page = await context.newPage();
  await customerByApi(e2e.server, page, name, e2eEmail('payments'));
  const created = await page.request.post('/api/formations', {
    data: formationType === 'assisted' ? { formationType, phoneNumber: '+90 532 123 45 67' } : { formationType },
    ...fromOurPages(page),
  });
  expect(created.status()).toBe(201);
  return { context, page };
}

describe('services and payments', () => {
  it('an anonymous visitor browses the services and is asked to sign in to buy; an admin goes to the admin page', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/services');
    await page.getByTestId('services-grid').waitFor();
    const titles = await page.locator('[data-testid=service-card] h2').allTextContents();
    // Active only, oldest first.
    expect(titles).toEqual(['Vergi danışmanlığı', 'Aylık muhasebe']);
    await expect
      .poll(() => page.locator('[data-testid=service-price]').allTextContents())
      .toEqual(['$149,50', '$99,00']);
    // No session: the header offers to sign in instead of signing out.
    await page.getByTestId('header-sign-in').waitFor();
    await screenshots(page, 'services-list-anonymous');
    await expect.poll(() => page.getByTestId('services-meeting-link').textContent()).toBe('Yakında');
    await expect.poll(() => page.getByTestId('services-meeting-link').getAttribute('href')).toBe('/support');

    await page.locator('[data-testid=service-buy]').first().click();
    await page.getByText('Hizmet satın almak için lütfen giriş yapın').first().waitFor();
    await page.waitForURL('**/signin');

    // A service that does not exist (or is inactive): told so, and back to the list.
    await page.goto('/services/00000000-0000-4000-8000-000000000000');
    await page.getByText('Hizmet bulunamadı').first().waitFor();
    await page.waitForURL('**/services');
    await context.close();

    const admin = await adminPage(e2e, 'Ece Yönetici', 'services.admin2');
    await admin.goto('/services');
    await admin.waitForURL('**/admin/services');
    await admin.context().close();
  });

  it('(a) a customer buys a service through the test checkout and sees it paid', async () => {
    const { context, page } = await newCustomer('Ayşe Alıcı', 'self');

    await page.goto('/services');
    await page.getByTestId('services-grid').waitFor();
    const listReady = (p: Page) => p.getByTestId('services-grid').waitFor();
    await bothLanguages(page, 'services-list', listReady);

    // Without a session id there is nothing to show on the success page.
    await page.goto('/payment/success');
    await page.waitForURL('**/services');
    await listReady(page);

    await page.getByRole('link', { name: `Detaylar: ${catalogue.consult.title}` }).click();
    await page.waitForURL(`**/services/${catalogue.consult.id}`);
    await page.getByRole('heading', { level: 1, name: 'Vergi danışmanlığı' }).waitFor();
    // The admin's line breaks are kept.
    await expect
      .poll(() => page.getByTestId('service-description').innerText())
      .toContain('bire bir görüşme.\nForm 5472');
    await page.getByText('tek seferlik ödeme').first().waitFor();
    const detailReady = (p: Page) => p.getByTestId('service-description').waitFor();
    await screenshots(page, 'service-detail-tr');
    await page.goto(`/services/${catalogue.consult.id}?lang=en`);
    await page.getByRole('heading', { level: 1, name: 'Tax consultation' }).waitFor();
    await page.getByText('one-time payment').first().waitFor();
    await screenshots(page, 'service-detail-en');
    await page.goto(`/services/${catalogue.consult.id}?lang=tr`);
    await detailReady(page);

    await page.getByRole('button', { name: 'Hemen Satın Al' }).click();
    await page.waitForURL(/\/payment\/test-checkout\/cs_/);
    await page.getByTestId('test-mode-banner').waitFor();
    await expect.poll(() => page.getByTestId('test-mode-banner').innerText()).toMatch(/TEST MODU/);
    await expect.poll(() => page.getByTestId('order-name').textContent()).toBe('Vergi danışmanlığı');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$149,50');
    const checkoutReady = (p: Page) => p.getByTestId('test-checkout-pay').waitFor();
    await bothLanguages(page, 'test-checkout', checkoutReady);

    await page.getByTestId('test-checkout-pay').click();
    await page.waitForURL(/\/payment\/success\?session_id=cs_/);
    const result = page.getByTestId('payment-result');
    await result.getByRole('heading', { name: 'Ödeme başarılı' }).waitFor();
    await expect.poll(() => result.getByTestId('order-status').getAttribute('data-status')).toBe('paid');
    await expect.poll(() => result.getByTestId('order-amount').textContent()).toBe('$149,50');
    await bothLanguages(page, 'payment-success', (p) => p.getByTestId('order-status').waitFor());

    // The same checkout cannot be paid twice.
    const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
    await page.goto(`/payment/test-checkout/${sessionId}`);
    await page.getByTestId('test-checkout-closed').waitFor();
    const again = await page.request.post(`/api/payments/test-checkout/${sessionId}/pay`, fromOurPages(page));
    expect(again.status()).toBe(409);

    await page.goto('/dashboard');
    const orders = page.getByTestId('orders-card');
    await orders.getByRole('heading', { name: 'Siparişleriniz' }).waitFor();
    const row = orders.getByTestId('order-row').first();
    await expect.poll(() => row.textContent()).toContain('Vergi danışmanlığı');
    await expect.poll(() => row.getByTestId('order-status').getAttribute('data-status')).toBe('paid');
    // A self-service formation has nothing to pay.
    await expect.poll(() => page.getByTestId('formation-payment-status').count()).toBe(0);
    await context.close();
  });

  it('(b) a customer cancels at the checkout: nothing is charged and the order is not paid', async () => {
    const { context, page } = await newCustomer('Burak İptal', 'self');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Merhaba, Burak İptal' }).waitFor();
    // No orders yet: no card.
    await expect.poll(() => page.getByTestId('orders-card').count()).toBe(0);

    await page.goto('/services');
    const card = page.locator('[data-testid=service-card]', { hasText: 'Aylık muhasebe' });
    await card.getByRole('button', { name: 'Satın Al: Aylık muhasebe' }).click();
    await page.waitForURL(/\/payment\/test-checkout\/cs_/);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$99,00');
    await page.getByTestId('test-checkout-cancel').click();
    await page.waitForURL(/\/payment\/cancelled/);
    await page.getByRole('heading', { name: 'Ödeme iptal edildi' }).waitFor();
    await page.getByText('herhangi bir ücret alınmadı').waitFor();
    await bothLanguages(page, 'payment-cancelled', (p) => p.getByTestId('payment-cancelled').waitFor());

    await page.getByTestId('result-dashboard').click();
    await page.waitForURL('**/dashboard');
    const row = page.getByTestId('orders-card').getByTestId('order-row');
    await row.first().waitFor();
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('Aylık muhasebe');
    await expect.poll(() => row.getByTestId('order-status').getAttribute('data-status')).not.toBe('paid');
    await screenshots(page, 'dashboard-orders-cancelled');
    await context.close();
  });

  it('(c) a customer pays for the Premium package at step 5 of the turnkey wizard', async () => {
    const { context, page } = await newCustomer('Cem Premium', 'assisted');
    const next = () => page.click('[data-testid=wizard-next]');

    await page.goto('/formation-service');
    await page.check('input[name=packageSelected][value=formation_with_payment]');
    await next();
    await next();
    await page.check('input[name=stateSelected][value=Wyoming]');
    await next();
    await page.check('input[name=businessAddress][value=private_address]');
    await next();
    // The total of what is charged now: $589 + $100 (the private address's first year).
    await expect.poll(() => page.getByTestId('formation-service-total').textContent()).toBe('$689,00');
    await expect.poll(() => page.getByText(/ödeme bağlantı/i).count()).toBe(0);
    await screenshots(page, 'turnkey-payment-total');

    await page.getByRole('button', { name: 'Ödemeye geç' }).click();
    await page.waitForURL(/\/payment\/test-checkout\/cs_/);
    await expect.poll(() => page.getByTestId('order-name').textContent()).toBe('Premium paket + Özel adres');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$689,00');
    await page.getByTestId('test-checkout-pay').click();
    await page.waitForURL(/\/payment\/success/);
    await page.getByTestId('payment-result').getByRole('heading', { name: 'Ödeme başarılı' }).waitFor();

    await page.getByTestId('result-dashboard').click();
    await page.waitForURL('**/dashboard');
    const badge = page.getByTestId('formation-payment-status');
    await badge.waitFor();
    await expect.poll(() => badge.getAttribute('data-status')).toBe('paid');
    await expect.poll(() => badge.textContent()).toBe('Ödeme: Ödendi');
    // Nothing is left to pay: the next step says the formation is under way.
    await page.getByTestId('next-step-formation-service-paid').waitFor();
    await expect.poll(() => page.getByTestId('next-step-formation-service').count()).toBe(0);
    const row = page.getByTestId('orders-card').getByTestId('order-row');
    await expect.poll(() => row.textContent()).toContain('Premium paket + Özel adres');
    await expect.poll(() => row.getByTestId('order-status').getAttribute('data-status')).toBe('paid');
    await screenshots(page, 'dashboard-formation-paid');

    // The wizard shows what was bought instead of the form (decision 0032): no steps, no choices to
    // change, the paid total; the server refuses a second checkout and any change of the request.
    await page.goto('/formation-service');
    const summary = page.getByTestId('formation-service-paid-summary');
    await summary.getByTestId('formation-service-paid').waitFor();
    await expect.poll(() => summary.getByTestId('formation-service-total').textContent()).toBe('$689,00');
    await expect.poll(() => page.locator('input[name=packageSelected], input[name=businessAddress]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('wizard-back').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Ödemeye geç' }).count()).toBe(0);
    await screenshots(page, 'turnkey-payment-paid');
    const edit = await page.request.put('/api/formation-service/draft', {
      data: { packageSelected: 'formation_only', businessAddress: 'shared_address' },
      ...fromOurPages(page),
    });
    expect(edit.status()).toBe(409);
    expect(((await edit.json()) as { error: { code: string } }).error.code).toBe('TURNKEY_REQUEST_PAID');
    const second = await page.request.post('/api/formation-service/checkout', {
      data: { packageSelected: 'formation_with_payment', stateSelected: 'Wyoming', businessAddress: 'private_address' },
      ...fromOurPages(page),
    });
    expect(second.status()).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('ALREADY_PAID');
    await context.close();
  });
});
