import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  customerByApi,
  e2eEmail,
  fromOurPages,
  latestMail,
  newContext,
  screenshots,
  serverAndBrowserForFile,
  signUpInBrowser,
} from '../support/e2e';
import { adminPage, einApplicationByApi } from '../support/e2e-accounts';
import { browserFile, textPdf as pdf } from '../support/files';

const e2e = serverAndBrowserForFile();

const next = (page: Page) => page.click('[data-testid=wizard-next]');

/** A customer whose formation is at formation_completed: signed up and formed through the API (decision 0109). */
async function customerWithCompletedFormation(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await customerByApi(e2e.server, page, 'Elif Demir', email);
  // The journey's own pages are covered by journey.spec.ts; here the same API calls move it on.
  expect(
    (await page.request.post('/api/formations', { data: { formationType: 'self' }, ...fromOurPages(page) })).status(),
  ).toBe(201);
  const done = await page.request.post('/api/formations/me/guide-completion', {
    data: { isFormationComplete: true, state: 'Wyoming' },
    ...fromOurPages(page),
  });
  expect(done.status()).toBe(200);
  return page;
}

async function openApplication(admin: Page, businessName: string) {
  await admin.fill('input[name=q]', businessName);
  const row = admin.locator('[data-testid=ein-row]', { hasText: businessName });
  await row.first().click();
  await admin.locator('[data-testid=ein-detail]', { hasText: businessName }).waitFor();
}

/** A customer with a submitted application, and an admin on the desk with it open. */
async function applicationOnTheDesk(emailPrefix: string, adminPrefix: string) {
  const customerContext = await newContext(e2e.browser, e2e.server.url);
  const email = e2eEmail(emailPrefix);
  const businessName = `Anadolu Digital ${Date.now().toString(36)} LLC`;
  const customer = await customerWithCompletedFormation(customerContext, email);
  const applicationId = await einApplicationByApi(customer, { businessName, responsiblePartyName: 'Elif Demir' });
  const admin = await adminPage(e2e, 'Mehmet Yönetici', adminPrefix);
  await openApplication(admin, businessName);
  return { customerContext, customer, email, businessName, applicationId, admin };
}

describe('EIN pipeline between a customer and an admin', () => {
  it('applies through the wizard, and a second application is refused', async () => {
    const customerContext = await newContext(e2e.browser, e2e.server.url);
    const email = e2eEmail('ein');
    const businessName = `Anadolu Digital ${Date.now().toString(36)} LLC`;
    const customer = await customerWithCompletedFormation(customerContext, email);

    // The dashboard offers the EIN application at stage 2.
    await customer.goto('/dashboard');
    await customer.locator('a[href="/ein-application"]').first().click();
    await customer.waitForURL('**/ein-application');

    // Step 1: information. Back is disabled on the first step. The dashboard has a stepper too,
    // so wait for the wizard's own heading before reading the button.
    await customer.getByRole('heading', { name: 'EIN nedir?' }).waitFor();
    // One EIN wait everywhere (decision 0033): the catalogue's 3-8 weeks.
    await customer.getByText('3-8 hafta').first().waitFor();
    await expect.poll(() => customer.isDisabled('[data-testid=wizard-back]')).toBe(true);
    await screenshots(customer, 'ein-wizard-1-info');
    await next(customer);

    // Step 2: company info; "Diğer" needs its own words.
    await customer.fill('input[name=businessName]', businessName);
    await customer.locator('input[name=businessActivity][value=Other]').check();
    await next(customer);
    await customer.getByText('Lütfen faaliyet alanınızı belirtin').first().waitFor();
    await customer.fill('[name=otherActivity]', 'Etsy üzerinden el yapımı seramik satışı');
    await screenshots(customer, 'ein-wizard-2-company');
    await next(customer);

    // Step 3: ownership; the SSN is needed unless the no-SSN box is ticked.
    await customer.fill('input[name=responsiblePartyName]', 'Elif Demir');
    await customer.fill('input[name=responsiblePartyPhone]', '+90 532 111 22 33');
    await next(customer);
    await customer.getByText('SSN zorunludur', { exact: false }).first().waitFor();
    await customer.fill('input[name=responsiblePartySsn]', '123-45-6789');
    await screenshots(customer, 'ein-wizard-3-ownership');
    await next(customer);

    // Step 4: both documents are required; a file that is not PDF/JPG/PNG is refused in the browser.
    await next(customer);
    await customer.getByText('Gerekli belgeler eksik').first().waitFor();
    await customer.setInputFiles('input[name=articlesOfOrganization]', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await customer.getByText('Geçersiz dosya türü', { exact: false }).first().waitFor();
    await customer.setInputFiles('input[name=articlesOfOrganization]', {
      name: 'articles.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf('Articles of Organization - Anadolu Digital LLC'),
    });
    await customer.setInputFiles('input[name=registeredAgentInvoice]', {
      name: 'agent-invoice.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf('Registered agent invoice #1001'),
    });
    await screenshots(customer, 'ein-wizard-4-documents');
    await next(customer);

    // Step 5: review (the SSN only masked) and terms.
    await customer.getByText(businessName).first().waitFor();
    await expect.poll(() => customer.locator('main').innerText()).not.toContain('123-45-6789');
    await next(customer);
    await customer.getByText('Devam etmek için şartları kabul etmelisiniz').first().waitFor();
    await customer.check('input[name=terms]');
    await screenshots(customer, 'ein-wizard-5-review');
    await next(customer);
    await customer.waitForURL('**/dashboard');
    await customer.locator('[data-testid=formation-stage]', { hasText: '[3/4]' }).waitFor();
    // Decision 0016: the EIN card shows from submission, stage 1 with its date, day 1 and the usual wait.
    const einCard = customer.locator('[data-testid=ein-progress]');
    await einCard.locator('[data-testid=stage-date-waiting_for_form]').waitFor();
    await expect.poll(() => einCard.locator('[data-testid=stage-day-counter]').innerText()).toBe('1. gün');
    await expect
      .poll(() => einCard.locator('[data-testid=stage-expected-wait]').getAttribute('data-source'))
      .toBe('default');
    // The formation card no longer claims the EIN exists, and points to the EIN card's next step
    // (signing the SS-4) rather than to an IRS answer nobody has asked for yet (decision 0072).
    await customer
      .locator('[data-testid=formation-progress]')
      .getByText('sıradaki adım EIN kartında', { exact: false })
      .waitFor();
    await screenshots(customer, 'ein-dashboard-waiting');

    // A second application is refused by the server.
    const again = await customer.request.post('/api/ein-applications', {
      multipart: { businessName },
      ...fromOurPages(customer),
    });
    expect(again.status()).toBe(409);

    await customerContext.close();
  });

  it('the desk prepares the SS-4; the customer downloads, signs and uploads it', async () => {
    const { customerContext, customer, email, businessName, admin } = await applicationOnTheDesk(
      'ein-ss4',
      'ein-admin',
    );
    const einCard = customer.locator('[data-testid=ein-progress]');
    // The admin finds it, sees the SSN masked, and uploads the prepared SS-4.
    // The desk counts the days in the current stage too.
    const deskRow = admin.locator('[data-testid=ein-row]', { hasText: businessName }).first();
    await expect.poll(() => deskRow.locator('[data-testid=ein-row-day]').innerText()).toMatch(/1\. gün/);
    const detail = admin.locator('[data-testid=ein-detail]');
    await expect.poll(() => detail.innerText()).toContain('6789');
    await expect.poll(() => detail.innerText()).not.toContain('123-45-6789');
    await screenshots(admin, 'admin-ein-detail');
    const preparedSs4 = await pdf('Form SS-4 prepared for Anadolu Digital LLC');
    await admin.setInputFiles('[data-testid=ein-upload-ss4-input]', {
      name: 'ss4-prepared.pdf',
      mimeType: 'application/pdf',
      buffer: preparedSs4,
    });
    await admin.locator('[data-testid=ein-detail][data-status=ss4_ready]').waitFor();

    // The customer is asked to sign it, downloads it, and uploads the signed PDF.
    await customer.goto('/dashboard');
    await customer.locator('a[href="/ss4-instructions"]').first().click();
    await customer.waitForURL('**/ss4-instructions');
    await customer.getByText('03.11.2025').first().waitFor();
    const [download] = await Promise.all([
      customer.waitForEvent('download'),
      customer.click('[data-testid=ss4-download]'),
    ]);
    expect(readFileSync((await download.path()) as string).equals(preparedSs4)).toBe(true);
    await screenshots(customer, 'ss4-instructions');
    // One byte over 5 MB is refused with the SS-4 screen's own words before anything is sent.
    await customer.setInputFiles('input[name=file]', {
      name: 'too-big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(5_242_881, 0x25),
    });
    await customer.getByText("Dosya boyutu 5MB'tan küçük olmalıdır").first().waitFor();
    await customer.setInputFiles('input[name=file]', {
      name: 'ss4-signed.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf('Form SS-4 signed by Elif Demir'),
    });
    await customer.getByRole('button', { name: /yükle/i }).last().click();
    await customer.waitForURL('**/dashboard');
    await customer.locator('[data-testid=ss4-signed-link]').first().waitFor();
    // Stages passed show the day they were reached; the current one its own date and counter.
    for (const stage of ['waiting_for_form', 'ss4_ready', 'ss4_uploaded']) {
      await einCard.locator(`[data-testid=stage-date-${stage}]`).waitFor();
    }
    await expect.poll(() => einCard.locator('[data-testid=stage-day-counter]').innerText()).toBe('1. gün');
    await screenshots(customer, 'ein-dashboard-signed');

    await latestMail(e2e.server.url, email, /SS-4 formunuz imzaya hazır/);

    await customerContext.close();
    await admin.context().close();
  });

  it('the desk submits it and issues the EIN; the company card, the calendar and the documents follow', async () => {
    const { customerContext, customer, email, businessName, applicationId, admin } = await applicationOnTheDesk(
      'ein-issued',
      'ein-admin-issued',
    );
    // The SS-4 prepared and signed through the API (the test before walks both pages).
    const prepared = await admin.request.post(`/api/admin/ein-applications/${applicationId}/ss4`, {
      multipart: { file: browserFile('ss4-prepared.pdf', await pdf('Form SS-4 prepared')) },
      ...fromOurPages(admin),
    });
    expect(prepared.status(), await prepared.text()).toBe(200);
    const signed = await customer.request.post('/api/ein-applications/me/signed-ss4', {
      multipart: { file: browserFile('ss4-signed.pdf', await pdf('Form SS-4 signed by Elif Demir')) },
      ...fromOurPages(customer),
    });
    expect(signed.status(), await signed.text()).toBe(200);

    // The admin advances to submitted_to_irs; the EIN upload only then appears.
    await admin.reload();
    await admin.locator('[data-testid=ein-detail][data-status=ss4_uploaded]').waitFor();
    await expect.poll(() => admin.locator('[data-testid=ein-upload-ein-input]').count()).toBe(0);
    await admin.click('[data-testid=ein-advance]');
    await admin.locator('[data-testid=ein-detail][data-status=submitted_to_irs]').waitFor();
    await admin.fill('textarea[name=adminNotes]', 'IRS faksı 21.11 gönderildi');
    await admin.click('[data-testid=ein-notes-save]');
    await admin.getByText('Notlar başarıyla kaydedildi').first().waitFor();
    // Decision 0019: the number goes with the EIN document (typed without the dash, shown with it).
    await admin.fill('[data-testid=ein-number-input]', '123456789');
    await expect.poll(() => admin.inputValue('[data-testid=ein-number-input]')).toBe('12-3456789');
    await admin.setInputFiles('[data-testid=ein-upload-ein-input]', {
      name: 'ein-confirmation.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf('EIN 12-3456789 assigned'),
    });
    await admin.locator('[data-testid=ein-detail][data-status=ein_issued]').waitFor();
    await admin.locator('[data-testid=ein-final]').waitFor();
    await expect.poll(() => admin.locator('[data-testid=ein-number-value]').innerText()).toBe('12-3456789');
    await expect.poll(() => admin.locator('[data-testid=ein-advance]').count()).toBe(0);
    await screenshots(admin, 'admin-ein-issued');

    // The customer's dashboard: company info card and the completion message.
    await customer.goto('/dashboard');
    const info = customer.locator('[data-testid=company-info]');
    await info.waitFor();
    await expect.poll(() => info.innerText()).toContain('Wyoming');
    await expect.poll(() => info.locator('[data-testid=company-ein]').innerText()).toBe('12-3456789');
    await customerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    await info.locator('[data-testid=copy-ein]').click();
    await info.locator('[data-testid=copy-ein-status]', { hasText: 'Kopyalandı' }).waitFor();
    await expect.poll(() => customer.evaluate(() => navigator.clipboard.readText())).toBe('12-3456789');
    await expect.poll(() => customer.locator('[data-testid=ein-progress]').count()).toBe(0);

    // Staff record the state's approval date on the customer file; the calendar follows from it.
    const { formation } = (await (await customer.request.get('/api/formations/me')).json()) as {
      formation: { id: string };
    };
    // Formed a year before the day 30 days from now (the 28th for a 29 February): the agent renewal falls
    // due in 30 days, and Wyoming's report on the 1st of that month (on or after today, in the year after
    // formation).
    const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const [dueYear, dueMonth, dueDay] = inThirtyDays.split('-');
    const formedDay = dueMonth === '02' && dueDay === '29' ? '28' : dueDay;
    const formedOn = `${Number(dueYear) - 1}-${dueMonth}-${formedDay}`;
    const agentDue = `${dueYear}-${dueMonth}-${formedDay}`;
    const wyomingDue = `${dueYear}-${dueMonth}-01`;
    await admin.goto(`/admin/formations/${formation.id}`);
    await admin.click('[data-testid=formation-company-edit]');
    await admin.fill('[data-testid=formation-company-form] input[name=formedOn]', formedOn);
    await admin.fill('[data-testid=formation-company-form] input[name=stateFileNumber]', '2025-001234567');
    await admin.click('[data-testid=formation-company-save]');
    await admin.locator('[data-testid=formation-company]', { hasText: '2025-001234567' }).waitFor();
    await screenshots(admin, 'admin-formation-company');
    // Staff's "Upcoming deadlines" lists both items due within 60 days.
    await admin.goto(`/admin/deadlines?days=60&q=${encodeURIComponent(businessName)}`);
    for (const key of [`wyoming_annual_report:${wyomingDue}`, `registered_agent_renewal:${agentDue}`]) {
      const row = admin.locator(`[data-testid=deadline-row][data-id$=":${key}"]`);
      await row.waitFor();
      await expect.poll(() => row.innerText()).toContain(businessName);
    }
    await screenshots(admin, 'admin-deadlines');

    await customer.reload();
    const calendar = customer.locator('[data-testid=compliance-calendar]');
    const wyoming = calendar.locator('[data-testid=compliance-item-wyoming_annual_report]');
    await wyoming.waitFor();
    await expect.poll(() => wyoming.getAttribute('data-due-date')).toBe(wyomingDue);
    await calendar.locator('[data-testid=compliance-item-fincen_boi]').waitFor();
    await expect.poll(() => info.innerText()).toContain('2025-001234567');
    await screenshots(customer, 'ein-dashboard-completed');

    // The private calendar feed: created on request, downloadable, the WY report on its date.
    await calendar.locator('[data-testid=compliance-feed-create]').click();
    const feedUrl = await calendar.locator('[data-testid=compliance-feed-url]').inputValue();
    const ics = await customer.request.get(feedUrl);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain(`DTSTART;VALUE=DATE:${wyomingDue.replaceAll('-', '')}`);
    await customer.getByRole('button', { name: 'English' }).first().click();
    await calendar.getByText('Wyoming annual report', { exact: false }).first().waitFor();
    await screenshots(customer, 'ein-dashboard-completed-en');

    // The EIN confirmation is in the customer's documents, as uploaded by the admin.
    await customer.goto('/documents');
    const list = customer.locator('[data-testid=documents-list]');
    await list.getByText('ein-confirmation.pdf').waitFor();
    await screenshots(customer, 'documents-list');

    // The notice reached the customer, in Turkish.
    await latestMail(e2e.server.url, email, /EIN'iniz verildi/);

    await customerContext.close();
    await admin.context().close();
  });
});

describe('EIN pages refuse customers who are not there yet', () => {
  it('sends a customer still in preparation, and one without a prepared SS-4, back to the dashboard', async () => {
    const context = await newContext(e2e.browser, e2e.server.url, 'en');
    const page = await context.newPage();
    await signUpInBrowser(page, 'Can Aydın', e2eEmail('ein-early'), 'en');
    expect(
      (await page.request.post('/api/formations', { data: { formationType: 'self' }, ...fromOurPages(page) })).status(),
    ).toBe(201);

    await page.goto('/ein-application');
    await page.waitForURL('**/dashboard');
    await page.getByText('Please complete your company formation first').first().waitFor();
    // The API holds the same line for a client that skips the page.
    const direct = await page.request.post('/api/ein-applications', {
      multipart: { businessName: 'X LLC' },
      ...fromOurPages(page),
    });
    expect(direct.status()).toBe(409);
    expect((await direct.json()).error.code).toBe('FORMATION_NOT_COMPLETED');

    await page.goto('/ss4-instructions');
    await page.waitForURL('**/dashboard');
    await page.getByText('SS-4 form not available yet').first().waitFor();
    await screenshots(page, 'ein-refused-dashboard-en');
    await context.close();
  });
});
