/**
 * The mailroom in the browser (decision 0086), both languages, screenshots at 1280 and 375 px: an
 * operations member logs a CP 575 on the mail desk for a company found by the name on the envelope
 * (Turkish letters folded); lawsuit papers are set up through the API; the customer reads the Turkish
 * explanation on the dashboard card and the mail page, decides to hold the letter, and reads it in English.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyFormations, subscriptions } from '../../src/server/db/schema';
import { pdf } from '../../src/server/features/ein/ein.fixtures';
import { serverToday } from '../../src/server/platform/clock';
import { addDays } from '../../src/shared/format/calendar-days';
import { fromOurPages, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { customerPage, staffPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

describe('mailroom', () => {
  it('staff log a letter; the customer reads what it is, decides, and reads it in English', async () => {
    const customer = await customerPage(e2e, 'Ayşe Şahin', 'mail.tr', { formationType: 'self' });
    const company = `Şahin Teknoloji ${Date.now() % 100000} LLC`;
    const [formation] = await e2e.server.deps.database.db
      .update(companyFormations)
      .set({ businessName: company, stateSelected: 'Wyoming' })
      .where(eq(companyFormations.id, customer.formationId as string))
      .returning({ userId: companyFormations.userId });
    // The registered agent runs: the letters are the customer's to decide on (decision 0089 holds them otherwise).
    const today = serverToday(e2e.server.deps.env);
    await e2e.server.deps.database.db.insert(subscriptions).values({
      userId: formation.userId,
      product: 'registered_agent',
      status: 'active',
      periodStart: addDays(today, -10),
      periodEnd: addDays(today, 355),
      priceCents: 14_900,
    });

    // 1. The desk: the envelope says "SAHIN TEKNOLOJI"; the company is found folded and the CP 575 logged.
    const ops = await staffPage(e2e, 'Deniz Operasyon', 'mail.ops', 'operations');
    await ops.goto('/admin/mail');
    const form = ops.getByTestId('log-letter');
    await form.getByLabel('Zarftaki ad').fill(company.toLocaleUpperCase('en-US'));
    await form.getByTestId('company-find').click();
    await form.getByTestId('company-option').filter({ hasText: company }).click();
    await form.getByTestId('chosen-company').waitFor();
    await form.getByLabel('Mektuptaki tarih (isteğe bağlı)').fill('2026-11-02');
    await form.getByLabel('Sayfa').fill('2');
    await screenshots(ops, 'mail-desk-form-tr');
    await form.getByTestId('log-letter-save').click();
    const row = ops.getByTestId('mail-letter').filter({ hasText: 'EIN onay mektubu (CP 575)' });
    await row.waitFor();
    await screenshots(ops, 'mail-desk-tr');

    // Lawsuit papers, through the API as the desk sends them: scanned at once, urgent.
    const [me] = await e2e.server.deps.database.db
      .select({ userId: companyFormations.userId })
      .from(companyFormations)
      .where(eq(companyFormations.id, customer.formationId as string));
    const sop = await ops.request.post('/api/admin/mail/letters', {
      multipart: {
        envelopeName: company,
        userId: me.userId,
        sender: 'court',
        kind: 'service_of_process',
        receivedOn: serverToday(e2e.server.deps.env),
        pages: '14',
        scan: { name: 'summons.pdf', mimeType: 'application/pdf', buffer: pdf('summons') },
      },
      ...fromOurPages(ops),
    });
    expect(sop.status(), await sop.text()).toBe(200);
    await ops.context().close();

    // 2. The customer: the dashboard card, then the mail page with the Turkish explanation.
    const page = customer.page;
    await page.goto('/dashboard');
    const card = page.getByTestId('mail-card');
    await card.getByText('Acil: dava evrakı geldi', { exact: false }).waitFor();
    await card.getByText('IRS, şirketinize EIN', { exact: false }).waitFor();
    await screenshots(page, 'mail-card-tr');
    await page.getByRole('link', { name: 'Posta' }).first().click();
    await page.waitForURL('**/mail');
    const cp575 = page.locator('[data-testid="letter"][data-kind="cp575"]');
    await cp575.getByText('Aslını saklayın', { exact: false }).waitFor();
    const lawsuit = page.locator('[data-testid="letter"][data-kind="service_of_process"]');
    await lawsuit.getByTestId('letter-deadline').first().waitFor();
    expect(await lawsuit.getByTestId('letter-scan').getAttribute('href')).toMatch(/^\/api\/files\/mail\//);
    await screenshots(page, 'mail-page-tr');
    await cp575.getByTestId('letter-decide-hold').click();
    await expect
      .poll(() => cp575.getByTestId('letter-status').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('held');

    // 3. English.
    await page.goto('/mail?lang=en');
    await cp575.getByText('Keep the original', { exact: false }).waitFor();
    await lawsuit.getByText('Federal court: answer by', { exact: false }).waitFor();
    await screenshots(page, 'mail-page-en');
    await page.context().close();
  });
});
