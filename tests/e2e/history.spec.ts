import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  customerByApi,
  DESKTOP,
  e2eEmail,
  fromOurPages,
  latestMail,
  newContext,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  serverAndBrowserForFile,
} from '../support/e2e';
import { adminPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

/** The History's sentences as the customer reads them, newest first. */
function historyTexts(page: Page) {
  return page.locator('[data-testid=history-item]').allInnerTexts();
}

/** The History card alone at 1280 px and 375 px, to look at closely: <name>-card-<width>.png. */
async function cardScreenshots(page: Page, name: string) {
  await screenshots(page, name);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(100);
    await page
      .locator('[data-testid=history-card]')
      .screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-card-${size.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

describe("the customer's History on the dashboard", () => {
  it('shows stage changes by the customer and by the team, in Turkish and English, ten at a time, with the stage emails', async () => {
    const customerContext = await newContext(e2e.browser, e2e.server.url);
    const customer = await customerContext.newPage();
    const email = e2eEmail('gecmis');
    await customerByApi(e2e.server, customer, 'Selin Aydın', email);

    // Onboarding (its pages are journey.spec.ts's) and the formation guide's last step, through the API.
    const created = await customer.request.post('/api/formations', {
      data: { formationType: 'self' },
      ...fromOurPages(customer),
    });
    expect(created.status()).toBe(201);
    const formationId = (await created.json()).formation.id as string;
    const done = await customer.request.post('/api/formations/me/guide-completion', {
      data: { isFormationComplete: true, state: 'Wyoming' },
      ...fromOurPages(customer),
    });
    expect(done.status()).toBe(200);

    // The dashboard's HTML carries the session and the formation (decision 0060): it draws without
    // asking for the session, and asks for the formation once only, to refresh the copy it drew.
    const asked: string[] = [];
    customer.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === '/api/me' || pathname === '/api/formations/me') asked.push(pathname);
    });

    // Turkish: the customer's own move, newest first, then the start of the formation.
    await customer.goto('/dashboard');
    const card = customer.locator('[data-testid=history-card]');
    await card.waitFor();
    expect(asked.filter((p) => p === '/api/me')).toEqual([]);
    expect(asked.filter((p) => p === '/api/formations/me').length).toBeLessThanOrEqual(1);
    await card.getByRole('heading', { name: 'Geçmiş' }).waitFor();
    await expect.poll(() => customer.locator('[data-testid=history-item]').count()).toBe(2);
    const tr = await historyTexts(customer);
    expect(tr[0]).toContain("Şirket kuruluş durumunuz 'Hazırlık' → 'Kuruluş Tamamlandı' olarak güncellendi");
    expect(tr[0]).toContain('Siz');
    expect(tr[1]).toContain("Şirket kuruluş süreciniz başladı: 'Hazırlık'");
    await expect.poll(() => customer.locator('[data-testid=history-item]').first().getAttribute('data-by')).toBe('you');
    await expect.poll(() => customer.locator('[data-testid=history-more]').count()).toBe(0);
    await cardScreenshots(customer, 'dashboard-history-tr');

    // The stage email, in Turkish, pointing at the EIN step.
    const completedMail = await latestMail(e2e.server.url, email, /Şirket kuruluşunuz tamamlandı/);
    expect(completedMail.text).toContain(`${e2e.server.url}/ein-application`);

    // English: the same entries in English (and the account's language follows, for later mail).
    await customer.getByRole('button', { name: 'English' }).first().click();
    await card.getByRole('heading', { name: 'History' }).waitFor();
    const en = await historyTexts(customer);
    expect(en[0]).toContain("Your company formation status changed from 'Preparation' to 'Formation Completed'");
    expect(en[0]).toContain('You');
    expect(en[1]).toContain("Your company formation started: 'Preparation'");
    await cardScreenshots(customer, 'dashboard-history-en');

    // An admin moves the formation back; the customer sees "Our team" and gets the email in English.
    const admin = await adminPage(e2e, 'Kaan Yönetici', 'gecmis.admin');
    const setStatus = async (formationStatus: string) => {
      const res = await admin.request.put(`/api/admin/formations/${formationId}/status`, {
        data: { formationStatus },
        ...fromOurPages(admin),
      });
      expect(res.status()).toBe(200);
    };
    await setStatus('preparation');
    const backMail = await latestMail(e2e.server.url, email, /back at the preparation stage/);
    expect(backMail.text).toContain(`${e2e.server.url}/formation`);

    await customer.reload();
    await expect.poll(() => customer.locator('[data-testid=history-item]').count()).toBe(3);
    const afterAdmin = await historyTexts(customer);
    expect(afterAdmin[0]).toContain(
      "Your company formation status changed from 'Formation Completed' to 'Preparation'",
    );
    expect(afterAdmin[0]).toContain('Our team');
    await expect
      .poll(() => customer.locator('[data-testid=history-item]').first().getAttribute('data-by'))
      .toBe('team');
    // Staff-only things never reach the customer's page.
    await expect.poll(() => card.innerText()).not.toContain('Kaan');

    // More than ten entries: the first ten, then the rest with "Show more".
    for (let i = 0; i < 6; i++) {
      await setStatus('formation_completed');
      await setStatus('preparation');
    }
    // 2 + 1 + 12 entries.
    await customer.reload();
    await expect.poll(() => customer.locator('[data-testid=history-item]').count()).toBe(10);
    await customer.locator('[data-testid=history-more]').waitFor();
    await cardScreenshots(customer, 'dashboard-history-more-en');
    await customer.locator('[data-testid=history-more]').click();
    await expect.poll(() => customer.locator('[data-testid=history-item]').count()).toBe(15);
    await expect.poll(() => customer.locator('[data-testid=history-more]').count()).toBe(0);
    const all = await historyTexts(customer);
    expect(all[14]).toContain("Your company formation started: 'Preparation'");

    // Back in Turkish, with the "show more" button on a fresh load.
    await customer.getByRole('button', { name: 'Türkçe' }).first().click();
    await card.getByRole('heading', { name: 'Geçmiş' }).waitFor();
    await customer.reload();
    await customer.getByRole('button', { name: 'Daha fazla göster' }).waitFor();
    expect((await historyTexts(customer))[0]).toContain('Ekibimiz');
    await cardScreenshots(customer, 'dashboard-history-more-tr');

    // A failing History stays inside its card: the rest of the dashboard works, and Retry brings it back.
    await customer.route('**/api/me/timeline**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    );
    await customer.reload();
    await card.getByText('Geçmişiniz yüklenemedi.').waitFor();
    await customer.locator('[data-testid=formation-progress]').waitFor();
    await expect.poll(() => customer.locator('[data-testid=history-item]').count()).toBe(0);
    await cardScreenshots(customer, 'dashboard-history-error-tr');
    await customer.unroute('**/api/me/timeline**');
    await card.getByRole('button', { name: 'Tekrar dene' }).click();
    await expect.poll(() => customer.locator('[data-testid=history-item]').count()).toBe(10);

    await customerContext.close();
    await admin.context().close();
  });
});
