import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { einApplications, users } from '../../src/server/db/schema';
import { fromOurPages, latestMail, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage } from '../support/e2e-accounts';
import { PDF } from '../support/files';

/*
 * Decision 0050: a customer's EIN overdue at the IRS gets a follow-up that the customer sees. The
 * application goes in through the API and is put 40 days back at "Submitted to IRS" in the database.
 */

const e2e = serverAndBrowserForFile();

const INTERNAL = 'Ajan rozet 4411 ile görüşüldü (iç not)';
const SHARED = 'IRS iki hafta daha beklememizi istedi.';

describe('EIN follow-ups', () => {
  it('shows staff the overdue EIN, records follow-ups, and the customer sees them in Turkish and English', async () => {
    const customer = await customerPage(e2e, 'Deniz Kaya', 'takip', { formationType: 'self' });
    const { page } = customer;
    const post = (url: string, data: Record<string, unknown>) =>
      page.request.post(url, { data, ...fromOurPages(page) });
    expect(
      (await post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' })).status(),
    ).toBe(200);
    const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });
    const submitted = await page.request.post('/api/ein-applications', {
      multipart: {
        businessName: 'Boğaziçi Yazılım LLC',
        email: customer.email,
        state: 'Wyoming',
        businessActivity: 'Software Development',
        otherActivity: '',
        responsiblePartyName: 'Deniz Kaya',
        responsiblePartyPhone: '+90 532 123 45 67',
        responsiblePartySsn: '',
        noSsn: 'true',
        terms: 'true',
        articlesOfOrganization: file('articles.pdf'),
        registeredAgentInvoice: file('agent-invoice.pdf'),
      },
      ...fromOurPages(page),
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const applicationId = (await submitted.json()).application.id as string;
    const { db } = e2e.server.deps.database;
    await db
      .update(einApplications)
      .set({ einStatus: 'submitted_to_irs', stageReachedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(einApplications.id, applicationId));

    // Staff: the top bar counts it, the toggle filters to it, the row says overdue.
    const admin = await adminPage(e2e, 'Ece Operasyon', 'takip.admin');
    const overdue = admin.getByTestId('ein-overdue-filter');
    await expect.poll(() => overdue.getAttribute('data-count')).toBe('1');
    await overdue.click();
    await admin.waitForURL('**/admin/ein?overdue=1');
    const row = admin.locator(`[data-testid=ein-row][data-id="${applicationId}"]`);
    await row.getByTestId('ein-row-overdue').waitFor();
    await expect.poll(() => admin.locator('[data-testid=ein-row]').count()).toBe(1);
    await row.getByRole('button').click();

    // The panel: the IRS fax numbers, then two follow-ups, one with an internal note, one shared.
    const panel = admin.locator('#ein-detail');
    await panel.getByTestId('irs-fax-international_from_abroad').waitFor();
    await expect.poll(() => panel.getByTestId('irs-fax-international_from_abroad').innerText()).toBe('304-707-9471');
    await expect.poll(() => panel.getByTestId('irs-fax-international_from_us').innerText()).toBe('855-215-1627');
    await panel.getByText('Henüz kaydedilmiş takip yok.').waitFor();
    const form = panel.getByTestId('ein-follow-up-form');
    await form.getByLabel('Ne yapıldı').selectOption('irs_call');
    await form.getByLabel('Sonuç').selectOption('still_processing');
    await form.getByLabel('Not', { exact: true }).fill(INTERNAL);
    await form.getByTestId('ein-follow-up-save').click();
    await expect.poll(() => panel.getByTestId('ein-follow-up-row').count()).toBe(1);
    await form.getByLabel('Ne yapıldı').selectOption('ss4_refaxed');
    await form.getByLabel('Sonuç').selectOption('no_record_resent');
    await form.getByLabel('Not', { exact: true }).fill(SHARED);
    await form.getByLabel('Bu notu müşteriye göster').check();
    await form.getByTestId('ein-follow-up-save').click();
    await expect.poll(() => panel.getByTestId('ein-follow-up-row').count()).toBe(2);
    const log = await panel.getByTestId('ein-follow-up-row').allInnerTexts();
    expect(log[0]).toContain('Müşteriyle paylaşıldı');
    expect(log[1]).toContain('Yalnızca ekip');
    // The screenshots show the list once the toasts have gone.
    await admin.mouse.move(0, 0);
    await expect.poll(() => admin.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
    await screenshots(admin, 'ein-follow-ups-desk-tr');
    await admin.getByRole('button', { name: 'English' }).first().click();
    await panel.getByRole('heading', { name: 'Record a follow-up' }).waitFor();
    await expect.poll(() => overdue.innerText()).toContain('1 overdue at the IRS');
    await expect
      .poll(() => panel.getByTestId('ein-follow-up-row').first().innerText())
      .toContain('Shared with the customer');
    await screenshots(admin, 'ein-follow-ups-desk-en');

    // One mail per follow-up, in the customer's language, without the internal note.
    const mail = await latestMail(e2e.server.url, customer.email, /EIN'iniz için IRS'i takip ettik/);
    expect(mail.text).toContain("IRS'te başvurunun kaydı yoktu; SS-4'ü yeniden gönderdik.");
    expect(mail.text).toContain(SHARED);
    const mails = await (await fetch(`${e2e.server.url}/api/dev/mail?to=${encodeURIComponent(customer.email)}`)).json();
    const followUpMails = (mails.mails as { subject: string; text: string }[]).filter((m) =>
      m.subject.includes("IRS'i takip ettik"),
    );
    expect(followUpMails).toHaveLength(2);
    expect(followUpMails.some((m) => m.text.includes(INTERNAL))).toBe(false);

    // The customer, in Turkish: the EIN card and the History, the shared note only.
    await page.goto('/dashboard');
    const card = page.getByTestId('ein-progress');
    await expect.poll(() => card.getByTestId('ein-follow-up').count()).toBe(2);
    const items = await card.getByTestId('ein-follow-up').allInnerTexts();
    expect(items[0]).toMatch(/tarihinde IRS'i takip ettik/);
    expect(items[0]).toContain(SHARED);
    expect(items[1]).toContain('IRS başvurunun hâlâ işlemde olduğunu söyledi.');
    const history = page.getByTestId('history-card');
    await expect.poll(() => history.locator('[data-kind=ein_follow_up]').count()).toBe(2);
    await expect.poll(() => page.locator('main').innerText()).not.toContain(INTERNAL);
    await card.scrollIntoViewIfNeeded();
    await screenshots(page, 'ein-follow-ups-dashboard-tr');

    // English, in the same session.
    await page.getByRole('button', { name: 'English' }).first().click();
    await card
      .getByText(/We followed up with the IRS on/)
      .first()
      .waitFor();
    await expect
      .poll(() => card.getByTestId('ein-follow-up').first().innerText())
      .toContain('The IRS had no record of the application, so we sent the SS-4 again.');
    await expect
      .poll(() => history.locator('[data-kind=ein_follow_up]').first().innerText())
      .toMatch(/We followed up with the IRS on/);
    await expect.poll(() => page.locator('main').innerText()).not.toContain(INTERNAL);
    await screenshots(page, 'ein-follow-ups-dashboard-en');
    const [row2] = await db.select({ lang: users.lang }).from(users).where(eq(users.email, customer.email));
    expect(row2.lang).toBe('en');

    await admin.context().close();
    await page.context().close();
  });
});
