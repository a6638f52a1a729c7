import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyFormations, einApplications, filings } from '../../src/server/db/schema';
import { buildFormTemplate, GOOD_ANSWERS } from '../../src/server/features/filings/filings.fixtures';
import { runFilingsDay } from '../../src/server/features/filings/filings-daily.service';
import { daysBetween } from '../../src/shared/format/calendar-days';
import { todayUtc } from '../../src/shared/format/dates';
import { fromOurPages, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage } from '../support/e2e-accounts';
import { browserFile, pdf } from '../support/files';

const e2e = serverAndBrowserForFile();
const PDF = browserFile('imzali-formlar.pdf', pdf('imzalı'));

/** The filings env the tests move: the portal's clock and the form templates. */
type FilingsEnv = { TEST_CLOCK_OFFSET_DAYS: number; F5472_TEMPLATE_PATH?: string; F1120_TEMPLATE_PATH?: string };

/** Runs `work` with the portal standing on `today`, and puts the clock and the templates back after. */
async function onDay(today: string, work: (env: FilingsEnv) => Promise<void>): Promise<void> {
  const env = e2e.server.deps.env as FilingsEnv;
  env.TEST_CLOCK_OFFSET_DAYS = daysBetween(todayUtc(), today);
  try {
    await work(env);
  } finally {
    env.TEST_CLOCK_OFFSET_DAYS = 0;
    env.F5472_TEMPLATE_PATH = undefined;
    env.F1120_TEMPLATE_PATH = undefined;
  }
}

/**
 * A customer whose EIN is issued, formed in Wyoming in March 2025, with the 2025 questionnaire sent
 * (the day's run of 2 January 2026). Their browser is in New York: a due date read as local midnight
 * would be the day before.
 */
async function customerWithQuestionnaire(emailPrefix: string) {
  const { deps } = e2e.server;
  const { page: customer, formationId } = await customerPage(
    e2e,
    'Deniz Şahin',
    emailPrefix,
    { formationType: 'self' },
    'America/New_York',
  );
  const db = deps.database.db;
  const [formation] = await db
    .update(companyFormations)
    .set({ stateSelected: 'Wyoming', formedOn: '2025-03-01', businessName: 'Deniz Yazılım LLC' })
    .where(eq(companyFormations.id, formationId as string))
    .returning();
  await db.insert(einApplications).values({
    userId: formation.userId,
    businessName: 'Deniz Yazılım LLC',
    email: 'deniz@example.com',
    state: 'Wyoming',
    businessActivity: 'Other',
    otherActivity: 'Yazılım geliştirme',
    responsiblePartyName: 'Deniz Şahin',
    responsiblePartyPhone: '+905551112233',
    ein: '123456789',
    einStatus: 'ein_issued',
  });
  await runFilingsDay(deps, '2026-01-02', null);
  const [filing] = await db.select().from(filings).where(eq(filings.userId, formation.userId));
  return { customer, filing, db };
}

/**
 * Decision 0051, in both languages with screenshots at 1280 and 375 px: a customer with an issued EIN
 * answers the Form 5472 questionnaire; staff prepare the data sheet, then the forms from test-built
 * templates; the customer uploads the signed forms; staff record the fax with its confirmation; the
 * calendar item says "filed on …" and the History shows each stage.
 */
describe('the yearly Form 5472', () => {
  it('the customer answers the questionnaire: a draft keeps the tax numbers apart, then it is sent', async () => {
    // The portal stands on 1 March 2026: the 2025 questionnaire is open, due 15 April 2026.
    await onDay('2026-03-01', async () => {
      const { customer, filing, db } = await customerWithQuestionnaire('beyan');
      // 1. Turkish: the dashboard's task, then the questionnaire, prefilled from the records.
      await customer.goto('/dashboard');
      await customer
        .locator('[data-testid=filing-tasks]')
        .getByText('2025 yılı Form 5472 soru formunu cevaplayın')
        .waitFor();
      await customer.locator('[data-testid=filing-task-link]').click();
      const form = customer.locator('[data-testid=filing-questionnaire]');
      await form.waitFor();
      await expect.poll(() => customer.inputValue('input[name="company.name"]')).toBe('Deniz Yazılım LLC');
      await expect.poll(() => customer.inputValue('input[name="company.ein"]')).toBe('12-3456789');
      // Sending without choosing "No transactions" is refused with the translated reason.
      await form.getByRole('button', { name: 'Cevaplarımı gönder' }).click();
      await form.getByText('Lütfen sizinle şirket arasında para hareketi olup olmadığını belirtin.').waitFor();
      for (const [name, value] of [
        ['company.street', '30 N Gould St Ste R'],
        ['company.city', 'Sheridan'],
        ['company.stateZip', 'WY 82801'],
        ['company.activityCode', '541511'],
        ['company.totalAssetsCents', '12500'],
        ['owner.street', 'Bağdat Cad. 12/4'],
        ['owner.city', 'İstanbul'],
        ['owner.country', 'Türkiye'],
        ['owner.citizenship', 'Türkiye'],
        ['owner.taxResidence', 'Türkiye'],
        ['owner.foreignTaxId', '12345678901'],
      ]) {
        await customer.fill(`input[name="${name}"]`, value);
      }
      await form.getByText('Evet, işlemler oldu').click();
      await form.getByText('Sermaye koyma (şirkete yatırdığınız para)').waitFor();
      await customer.fill('input[name="transactions.amounts.contributions"]', '2000');
      await screenshots(customer, 'filing-questionnaire-tr');
      // The US SSN or ITIN is kept encrypted (decision 0058): after saving, the field is empty and only
      // its last four show.
      await customer.fill('input[name="owner.usTaxId"]', '912-34-5678');
      await form.getByRole('button', { name: 'Taslağı kaydet' }).click();
      await customer.getByText('Taslağınız kaydedildi.').waitFor();
      await form.getByText('Kayıtlı, son dört hanesi 5678.', { exact: false }).waitFor();
      await expect.poll(() => customer.inputValue('input[name="owner.usTaxId"]')).toBe('');
      const [draftRow] = await db.select().from(filings).where(eq(filings.id, filing.id));
      expect(JSON.stringify(draftRow.answers)).not.toMatch(/912-?34-?5678/);
      expect(draftRow.usTaxIdLast4).toBe('5678');
      // The T.C. kimlik numarası likewise (decision 0077): out of the answers, its last four shown.
      await form.getByText('Kayıtlı, son dört hanesi 8901.', { exact: false }).waitFor();
      await expect.poll(() => customer.inputValue('input[name="owner.foreignTaxId"]')).toBe('');
      expect(JSON.stringify(draftRow.answers)).not.toContain('12345678901');
      expect(draftRow.foreignTaxIdLast4).toBe('8901');
      // The same questionnaire in English, for its screenshot; then back to Turkish to send it.
      await customer.goto(`/filings/${filing.id}?lang=en`);
      await form.getByText('Yes, there were transactions').waitFor();
      await screenshots(customer, 'filing-questionnaire-en');
      await customer.goto(`/filings/${filing.id}?lang=tr`);
      await form.getByText('Evet, işlemler oldu').waitFor();
      await form.getByRole('button', { name: 'Cevaplarımı gönder' }).click();
      await customer.locator('[data-testid=filing][data-status=answered]').waitFor();

      await customer.context().close();
    });
  });

  it('staff prepare the forms, the customer signs, staff record the fax; the calendar and the History follow', async () => {
    await onDay('2026-03-01', async (env) => {
      const { customer, filing } = await customerWithQuestionnaire('beyan-faks');
      // The questionnaire sent through the API (the test before walks it).
      const answered = await customer.request.post(`/api/filings/${filing.id}/answers`, {
        data: GOOD_ANSWERS,
        ...fromOurPages(customer),
      });
      expect(answered.status(), await answered.text()).toBe(200);

      // 2. Staff: the data sheet without templates, then the forms from test-built templates.
      const admin = await adminPage(e2e, 'Kaan Yönetici', 'beyan.admin');
      await admin.goto('/admin/filings');
      await admin.getByRole('heading', { name: 'Beyanlar', level: 1 }).waitFor();
      await admin.locator(`[data-testid=filing-row][data-id="${filing.id}"] button`).click();
      const detail = admin.locator('[data-testid=filings-detail]');
      await detail.locator('[data-testid=filing-template-note]').getByText('Şablon ayarlı değil').waitFor();
      await detail.locator('[data-testid=filing-prepare]').click();
      await detail.locator('[data-testid=admin-filing-file-dataSheet]').waitFor();
      await screenshots(admin, 'admin-filings-data-sheet-tr');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-filing-templates-'));
      env.F5472_TEMPLATE_PATH = path.join(dir, 'f5472.pdf');
      env.F1120_TEMPLATE_PATH = path.join(dir, 'f1120.pdf');
      writeFileSync(env.F5472_TEMPLATE_PATH, await buildFormTemplate('f5472'));
      writeFileSync(env.F1120_TEMPLATE_PATH, await buildFormTemplate('f1120'));
      await admin.reload();
      await detail.locator('[data-testid=filing-template-note]').getByText('İki şablon da ayarlı').waitFor();
      await detail.locator('[data-testid=filing-prepare]').click();
      await detail.locator('[data-testid=admin-filing-file-form1120]').waitFor();
      await expect.poll(() => detail.locator('[data-testid=admin-filing-file-dataSheet]').count()).toBe(0);

      // 3. English: the customer reviews the forms and uploads the signed copy.
      await customer.goto(`/filings/${filing.id}?lang=en`);
      await customer.getByRole('heading', { name: 'Form 5472 and pro forma 1120 for 2025' }).waitFor();
      await expect.poll(() => customer.evaluate(() => new Date(2026, 3, 15).getTimezoneOffset())).toBeGreaterThan(0);
      await expect.poll(() => customer.locator('[data-testid=filing-due]').textContent()).toContain('Apr 15, 2026');
      const form5472 = await customer.request.get(
        (await customer.locator('[data-testid=filing-file-form5472]').getAttribute('href')) as string,
      );
      expect(form5472.status()).toBe(200);
      await customer.locator('[data-testid=filing-sign]').getByText('Review, sign and upload your forms').waitFor();
      await customer.setInputFiles('#filing-signed-file', PDF);
      await screenshots(customer, 'filing-sign-en');
      await customer.getByRole('button', { name: 'Upload the signed forms' }).click();
      await customer.locator('[data-testid=filing][data-status=signed]').waitFor();

      // 4. Staff record the fax with its confirmation.
      await admin.reload();
      await detail.locator('#filing-method').selectOption('fax');
      await detail.locator('#filing-filed-on').fill('2026-02-27');
      await detail.locator('#filing-confirmation-number').fill('FAX-2026-778');
      await admin.setInputFiles('#filing-confirmation-file', { ...PDF, name: 'fax-onayi.pdf' });
      await detail.locator('[data-testid=filing-mark-submitted]').click();
      await admin.locator('[data-testid=filings-detail][data-status=submitted]').waitFor();
      await screenshots(admin, 'admin-filings-submitted-tr');
      const list = await admin.request.get('/api/admin/filings?status=submitted', fromOurPages(admin));
      expect((await list.json()).items.map((i: { id: string }) => i.id)).toContain(filing.id);

      // 5. The calendar item says "Filed on …" by itself, and the History shows each stage.
      await customer.goto('/dashboard?lang=en');
      await customer.locator('[data-testid=compliance-filed-federal_form_5472]').getByText('Filed on').waitFor();
      const history = customer.locator('[data-testid=history-card]');
      await history.getByText('Form 5472 and pro forma 1120 for 2025: Faxed or mailed to the IRS').waitFor();
      const texts = (await customer.locator('[data-testid=history-item]').allInnerTexts()).join('\n');
      for (const stage of ['Questionnaire sent', 'Answered', 'Forms prepared', 'Signed']) {
        expect(texts).toContain(`Form 5472 and pro forma 1120 for 2025: ${stage}`);
      }
      await expect.poll(() => customer.locator('[data-testid=filing-tasks]').count()).toBe(0);
      await screenshots(customer, 'filing-dashboard-filed-en');
      await customer.goto('/dashboard?lang=tr');
      await customer
        .locator('[data-testid=compliance-filed-federal_form_5472]')
        .getByText('tarihinde verildi')
        .waitFor();
      await screenshots(customer, 'filing-dashboard-filed-tr');

      await customer.context().close();
      await admin.context().close();
    });
  });

  /**
   * Decision 0052 in both languages, screenshots at 1280 and 375 px: staff mark a customer's Wyoming
   * annual report filed from the deadlines list with the state's confirmation number, the day and the
   * receipt; a date in the future is refused with the server's reason under its field; the receipt is
   * then in the customer's documents and the calendar item says "filed on …".
   */
  it("marks a state item filed from the deadlines list, and the customer's vault and calendar follow", async () => {
    const { deps } = e2e.server;
    const env = deps.env as { TEST_CLOCK_OFFSET_DAYS: number };
    // The portal stands on 10 February 2026: the Wyoming annual report of a company formed in March is
    // due on 1 March.
    const today = '2026-02-10';
    env.TEST_CLOCK_OFFSET_DAYS = daysBetween(todayUtc(), today);
    try {
      const { page: customer, formationId } = await customerPage(e2e, 'Ece Yıldız', 'eyalet', {
        formationType: 'self',
      });
      const db = deps.database.db;
      const [formation] = await db
        .update(companyFormations)
        .set({ stateSelected: 'Wyoming', formedOn: '2025-03-01', businessName: 'Ece Tasarım LLC' })
        .where(eq(companyFormations.id, formationId as string))
        .returning();
      const itemKey = 'wyoming_annual_report:2026-03-01';

      // English: the row in the deadlines list and its dialog; a future date is refused by the server,
      // its reason under the field.
      const admin = await adminPage(e2e, 'Selin Yönetici', 'eyalet.admin');
      const rowOf = () => admin.locator(`[data-testid=deadline-row][data-id="${formation.userId}:${itemKey}"]`);
      const dialog = admin.locator('[data-testid=state-filed-dialog]');
      await admin.goto('/admin/deadlines?q=Ece%20Tasar%C4%B1m&lang=en');
      await rowOf().getByRole('button', { name: 'Mark filed' }).click();
      await dialog.getByRole('heading', { name: 'Wyoming annual report: filed with the state' }).waitFor();
      await dialog.getByLabel("The state's confirmation number").fill('WY-2026-000123');
      await dialog.getByLabel('Filed on').fill('2026-02-20');
      await admin.setInputFiles('#state-filed-receipt', { ...PDF, name: 'wyoming-makbuz.pdf' });
      await dialog.getByRole('button', { name: 'Save as filed' }).click();
      await dialog.getByText('The date cannot be in the future.').waitFor();
      await screenshots(admin, 'admin-state-filed-dialog-en');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Turkish: the same, filed on a past day; the row then says so and offers no second filing.
      await admin.goto('/admin/deadlines?q=Ece%20Tasar%C4%B1m&lang=tr');
      await rowOf().getByRole('button', { name: 'Verildi olarak işaretle' }).click();
      await dialog.getByRole('heading', { name: 'Wyoming yıllık raporu (annual report): eyalete verildi' }).waitFor();
      await dialog.getByRole('button', { name: 'Verildi olarak kaydet' }).click();
      await dialog.getByText('Lütfen onay numarasını girin.').waitFor();
      await dialog.getByLabel('Eyaletin onay numarası').fill('WY-2026-000123');
      await dialog.getByLabel('Veriliş tarihi').fill('2026-02-09');
      await admin.setInputFiles('#state-filed-receipt', { ...PDF, name: 'wyoming-makbuz.pdf' });
      await screenshots(admin, 'admin-state-filed-dialog-tr');
      await dialog.getByRole('button', { name: 'Verildi olarak kaydet' }).click();
      await rowOf().locator('[data-testid=deadline-filed]').getByText('tarihinde verildi').waitFor();
      await expect.poll(() => rowOf().locator('[data-testid=deadline-mark-filed]').count()).toBe(0);
      await screenshots(admin, 'admin-state-filed-row-tr');

      const [stored] = await db.select().from(filings).where(eq(filings.userId, formation.userId));
      expect(stored).toMatchObject({
        itemKey,
        kind: 'state_report',
        status: 'done',
        filedOn: '2026-02-09',
        confirmationNumber: 'WY-2026-000123',
      });

      // The customer: the receipt in their documents, the calendar item filed, in English.
      await customer.goto('/documents?lang=en');
      await customer.getByText('wyoming-makbuz.pdf').waitFor();
      await screenshots(customer, 'state-filed-documents-en');
      await customer.goto('/dashboard?lang=en');
      await customer.locator('[data-testid=compliance-filed-wyoming_annual_report]').getByText('Filed on').waitFor();
      await screenshots(customer, 'state-filed-dashboard-en');

      await customer.context().close();
      await admin.context().close();
    } finally {
      env.TEST_CLOCK_OFFSET_DAYS = 0;
    }
  });
});
