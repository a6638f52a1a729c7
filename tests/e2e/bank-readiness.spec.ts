/**
 * Bank readiness in the browser (decisions 0084, 0092): the walk in each language on a phone
 * (375 px) and on a desktop (1280 px), with screenshots of each step at both widths. Set
 * up through the API and the database: a founder with our virtual address sees Mercury refuse it as the
 * physical address; they give their home in Turkey and see Mercury pass; they download Mercury's pack;
 * they record a refusal from Relay and are shown the next provider. The Turkish walk also changes the
 * mailing address and finds Form 8822-B on the compliance calendar. The operator's screens are in
 * bank-admin.spec.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { bankReadyCompany, HOME_IN_TURKEY } from '../../src/server/features/bank-readiness/bank-readiness.fixtures';
import { DESKTOP, fromOurPages, PHONE, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { customerPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

/** What the walk reads and clicks, in each language. */
const WORDS = {
  tr: {
    suggest: 'Türkiye ülkesindeki adresinizi',
    change: 'Değiştir',
    kind: 'Bu ne tür bir adres?',
    country: 'Ülke kodu',
    line1: 'Sokak ve numara',
    city: 'Şehir',
    postalCode: 'ZIP ya da posta kodu',
    save: 'Adresi kaydet',
    provider: 'Banka ya da ödeme sağlayıcısı',
    outcome: 'Yanıt',
    reason: 'Bankanın gerekçesi (isteğe bağlı)',
    record: 'Yanıtı kaydet',
    next: 'Sırada Mercury var',
  },
  en: {
    suggest: 'Use your home in Türkiye instead',
    change: 'Change',
    kind: 'What kind of address is it?',
    country: 'Country code',
    line1: 'Street and number',
    city: 'City',
    postalCode: 'ZIP or postal code',
    save: 'Save address',
    provider: 'Bank or payment provider',
    outcome: 'Answer',
    reason: 'The bank’s reason (optional)',
    record: 'Record the answer',
    next: 'Next, try Mercury',
  },
} as const;

describe('bank readiness', () => {
  it.each([
    ['tr', PHONE],
    ['tr', DESKTOP],
    ['en', PHONE],
    ['en', DESKTOP],
  ] as const)('walks from a refused virtual address to a pack and the next provider (%s, %o)', async (lang, size) => {
    const words = WORDS[lang];
    const { page, email } = await customerPage(e2e, 'Deniz Şahin', `bank.${lang}`);
    await page.setViewportSize(size);
    const db = e2e.server.deps.database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await bankReadyCompany(e2e.server, user.id);
    const home = await page.request.put('/api/bank-readiness/addresses/owner_home', {
      data: HOME_IN_TURKEY,
      ...fromOurPages(page),
    });
    expect(home.status(), await home.text()).toBe(200);

    // 1. Our virtual address is the physical address: Mercury refuses it and points to the home in Turkey.
    const mercury = page.getByTestId('bank-provider-mercury');
    await page.goto(`/bank-account?lang=${lang}`);
    await mercury.locator('[data-status="refused"]').waitFor();
    await mercury.getByText(words.suggest, { exact: false }).waitFor();
    await screenshots(page, `bank-readiness-refused-${lang}-at-${size.width}`);

    // 2. The home in Turkey as the physical address: Mercury passes.
    const physical = page.getByTestId('bank-address-physical');
    await physical.getByRole('button', { name: words.change }).click();
    const form = page.getByTestId('bank-address-form-physical');
    await form.getByLabel(words.kind).selectOption('home');
    await form.getByLabel(words.country, { exact: false }).fill('TR');
    await form.getByLabel(words.line1).fill(HOME_IN_TURKEY.line1);
    await form.getByLabel(words.city).fill(HOME_IN_TURKEY.city);
    await form.getByLabel(words.postalCode).fill(HOME_IN_TURKEY.postalCode);
    await form.getByRole('button', { name: words.save }).click();
    await mercury.locator('[data-status="ready"]').waitFor();
    await screenshots(page, `bank-readiness-ready-${lang}-at-${size.width}`);

    // 3. Mercury's pack: a ZIP from the vault with the cover sheet.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bank-pack-mercury').click(),
    ]);
    expect(download.suggestedFilename()).toBe('bank-pack-mercury.zip');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks).toString('latin1');
    expect(bytes.startsWith('PK')).toBe(true);
    expect(bytes).toContain('cover-sheet.txt');

    // 4. A refusal from Relay: the next provider whose rules the company meets is suggested.
    const application = page.getByTestId('bank-application-form');
    await application.getByLabel(words.provider).selectOption('relay');
    await application.getByLabel(words.outcome, { exact: true }).selectOption('refused');
    await application.getByLabel(words.reason).fill('Owner must have a US address');
    await application.getByRole('button', { name: words.record }).click();
    await page.getByTestId('bank-next').getByText(words.next, { exact: false }).waitFor();
    await screenshots(page, `bank-readiness-next-${lang}-at-${size.width}`);

    if (lang === 'tr') {
      // 5. A new mailing address replaces ours: the reminder, and Form 8822-B on the calendar (decision 0092).
      await page.getByTestId('bank-address-mailing').getByRole('button', { name: words.change }).click();
      const mailing = page.getByTestId('bank-address-form-mailing');
      await mailing.getByLabel(words.kind).selectOption('home');
      await mailing.getByLabel(words.country, { exact: false }).fill('TR');
      await mailing.getByLabel(words.line1).fill(HOME_IN_TURKEY.line1);
      await mailing.getByLabel(words.city).fill(HOME_IN_TURKEY.city);
      await mailing.getByLabel(words.postalCode).fill(HOME_IN_TURKEY.postalCode);
      await mailing.getByRole('button', { name: words.save }).click();
      await page.getByTestId('bank-form-8822b').waitFor();
      await screenshots(page, `bank-readiness-8822b-tr-at-${size.width}`);
      await page.getByRole('link', { name: 'Takviminizde görün' }).click();
      const item = page.getByTestId('compliance-item-form_8822b');
      await item.getByText('Form 8822-B (adres değişikliği)').waitFor();
      await item.scrollIntoViewIfNeeded();
      await screenshots(page, `bank-readiness-8822b-calendar-tr-at-${size.width}`);
    }
    await page.context().close();
  });
});
