/**
 * Bank readiness in the browser (decision 0084), in both languages with screenshots at 1280 and 375 px,
 * set up through the API and the database: a founder with our virtual address sees Mercury refuse it as
 * the physical address; they give their home in Turkey and see Mercury pass; they download Mercury's
 * pack; they record a refusal from Relay and are shown the next provider.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { bankReadyCompany, HOME_IN_TURKEY } from '../../src/server/features/bank-readiness/bank-readiness.fixtures';
import { fromOurPages, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { customerPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

describe('bank readiness', () => {
  it('walks from a refused virtual address to a pack and the next provider', async () => {
    const { page, email } = await customerPage(e2e, 'Deniz Şahin', 'bank.tr');
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
    await page.goto('/bank-account');
    await mercury.locator('[data-status="refused"]').waitFor();
    await mercury.getByText('Türkiye ülkesindeki adresinizi', { exact: false }).waitFor();
    await screenshots(page, 'bank-readiness-refused-tr');
    await page.goto('/bank-account?lang=en');
    await mercury.getByText('Use your home in Türkiye instead', { exact: false }).waitFor();
    await screenshots(page, 'bank-readiness-refused-en');

    // 2. The home in Turkey as the physical address: Mercury passes.
    await page.goto('/bank-account?lang=tr');
    const physical = page.getByTestId('bank-address-physical');
    await physical.getByRole('button', { name: 'Değiştir' }).click();
    const form = page.getByTestId('bank-address-form-physical');
    await form.getByLabel('Bu ne tür bir adres?').selectOption('home');
    await form.getByLabel('Ülke kodu', { exact: false }).fill('TR');
    await form.getByLabel('Sokak ve numara').fill(HOME_IN_TURKEY.line1);
    await form.getByLabel('Şehir').fill(HOME_IN_TURKEY.city);
    await form.getByLabel('ZIP ya da posta kodu').fill(HOME_IN_TURKEY.postalCode);
    await form.getByRole('button', { name: 'Adresi kaydet' }).click();
    await mercury.locator('[data-status="ready"]').waitFor();
    await screenshots(page, 'bank-readiness-ready-tr');

    // 3. Mercury's pack: a ZIP from the vault with the cover sheet (English page this time).
    await page.goto('/bank-account?lang=en');
    await mercury.locator('[data-status="ready"]').waitFor();
    await screenshots(page, 'bank-readiness-ready-en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bank-pack-mercury').click(),
    ]);
    expect(download.suggestedFilename()).toBe('bank-pack-mercury.zip');
    const zip = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of zip) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks).toString('latin1');
    expect(bytes.startsWith('PK')).toBe(true);
    expect(bytes).toContain('cover-sheet.txt');

    // 4. A refusal from Relay: the next provider whose rules the company meets is suggested.
    const application = page.getByTestId('bank-application-form');
    await application.getByLabel('Bank or payment provider').selectOption('relay');
    await application.getByLabel('Answer', { exact: true }).selectOption('refused');
    await application.getByLabel('The bank’s reason (optional)').fill('Owner must have a US address');
    await application.getByRole('button', { name: 'Record the answer' }).click();
    await page.getByTestId('bank-next').getByText('Next, try Mercury', { exact: false }).waitFor();
    await screenshots(page, 'bank-readiness-next-en');
    await page.goto('/bank-account?lang=tr');
    await page.getByTestId('bank-next').getByText('Sırada Mercury var', { exact: false }).waitFor();
    await screenshots(page, 'bank-readiness-next-tr');
    await page.context().close();
  });
});
