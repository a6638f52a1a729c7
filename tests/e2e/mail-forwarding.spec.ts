/**
 * The mailroom's "done means" journey (decision 0089), in both languages, at 375 and 1280 px:
 * staff log a CP 575 and scan it; the customer is told and reads the Turkish explanation on a phone; the
 * EIN desk takes the number from the letter; the customer saves a forwarding address and pays for
 * forwarding another letter through the checkout; at the month's included scans the customer sees an extra
 * scan's price and pays for it through the same checkout, and the desk shows the state reminder's calendar
 * item (decision 0099); staff enter the tracking number; the customer sees it.
 * State that is not the journey's (the forwarding services, the subscription, the EIN application, the
 * second letter) is set up through the API or the tables.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyFormations, einApplications, letters, subscriptions } from '../../src/server/db/schema';
import { pdf } from '../../src/server/features/ein/ein.fixtures';
import { serverToday } from '../../src/server/platform/clock';
import { addDays } from '../../src/shared/format/calendar-days';
import { fromOurPages, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage, staffPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

describe('mailroom: forwarding and the EIN letter', () => {
  it('CP 575 → Turkish explanation → the EIN desk takes the number → forwarding paid → the tracking number', async () => {
    const db = e2e.server.deps.database.db;
    const today = serverToday(e2e.server.deps.env);

    // Finance's catalogue: the forwarding of a letter (up to 10 pages), through the services API.
    const owner = await adminPage(e2e, 'Deniz Yönetici', 'mailfwd.owner');
    const service = await owner.request.post('/api/admin/services', {
      data: {
        title: 'Posta yönlendirme (mektup)',
        titleEn: 'Mail forwarding (letter)',
        description: 'Mektubunuzu kayıtlı yönlendirme adresinize göndeririz.',
        priceCents: 1_900,
        mailroomItem: 'forward_letter',
      },
      ...fromOurPages(owner),
    });
    expect(service.status(), await service.text()).toBe(201);
    // And the mailroom's scans (decision 0099): one a month with the shared address, an extra one at $4.
    const extraScan = await owner.request.post('/api/admin/services', {
      data: {
        title: 'Ek tarama',
        titleEn: 'Extra scan',
        description: 'Aylık dahil taramalardan sonraki bir mektubun taranması.',
        priceCents: 400,
        mailroomItem: 'scan_extra',
      },
      ...fromOurPages(owner),
    });
    expect(extraScan.status(), await extraScan.text()).toBe(201);
    await owner.goto('/admin/services');
    const scansCard = owner.getByTestId('scan-allowances');
    await scansCard.getByLabel('Ortak adres').fill('1');
    await scansCard.getByLabel('Özel adres').fill('5');
    await screenshots(owner, 'mail-scan-allowances-tr');
    await scansCard.getByTestId('scan-allowances-save').click();
    await expect
      .poll(async () => (await owner.request.get('/api/admin/mail/scan-allowances')).json())
      .toEqual({ shared_address: 1, private_address: 5 });
    await owner.context().close();

    // The customer: a company, its registered agent running, its EIN application waiting for the IRS.
    const customer = await customerPage(e2e, 'Ayşe Yılmaz', 'mailfwd.tr', { formationType: 'self' });
    const company = `Yılmaz Dış Ticaret ${Date.now() % 100000} LLC`;
    const [formation] = await db
      .update(companyFormations)
      .set({ businessName: company, stateSelected: 'Wyoming', formedOn: '2026-01-15' })
      .where(eq(companyFormations.id, customer.formationId as string))
      .returning({ userId: companyFormations.userId });
    const userId = formation.userId;
    await db.insert(subscriptions).values({
      userId,
      product: 'registered_agent',
      status: 'active',
      periodStart: addDays(today, -10),
      periodEnd: addDays(today, 355),
      priceCents: 14_900,
    });
    await db.insert(einApplications).values({
      userId,
      businessName: company,
      email: customer.email,
      state: 'Wyoming',
      businessActivity: 'consulting',
      responsiblePartyName: 'Ayşe Yılmaz',
      responsiblePartyPhone: '+90 532 123 45 67',
      isForeignApplicant: true,
      einStatus: 'submitted_to_irs',
    });

    // 1. Staff log the CP 575 on the desk and scan it.
    const ops = await staffPage(e2e, 'Deniz Operasyon', 'mailfwd.ops', 'operations');
    await ops.goto('/admin/mail');
    const form = ops.getByTestId('log-letter');
    await form.getByLabel('Zarftaki ad').fill(company.toLocaleUpperCase('tr-TR'));
    await form.getByTestId('company-find').click();
    await form.getByTestId('company-option').filter({ hasText: company }).click();
    await form.getByTestId('chosen-company').waitFor();
    await form.getByLabel('Mektuptaki tarih (isteğe bağlı)').fill('2026-11-02');
    await form.getByLabel('Sayfa').fill('2');
    await form.getByTestId('log-letter-save').click();
    const row = ops.getByTestId('mail-letter').filter({ hasText: company }).filter({ hasText: 'CP 575' });
    await row.waitFor();
    await row
      .getByTestId('mail-scan-input')
      .setInputFiles({ name: 'CP575.pdf', mimeType: 'application/pdf', buffer: pdf('cp575') });
    const einForm = row.getByTestId('mail-ein-form');
    await einForm.waitFor();

    // 2. The customer, on a phone, in Turkish: what the letter is and what to do.
    const page = customer.page;
    await page.setViewportSize(PHONE);
    await page.goto('/mail');
    const cp575 = page.locator('[data-testid="letter"][data-kind="cp575"]');
    await cp575.getByText('Aslını saklayın', { exact: false }).waitFor();
    await cp575.getByTestId('letter-scan').waitFor();
    await screenshots(page, 'mail-fwd-cp575-tr');

    // 3. The EIN desk takes the number from the scanned letter.
    await einForm.getByLabel('EIN').fill('12-3456789');
    await screenshots(ops, 'mail-fwd-desk-ein-tr');
    await einForm.getByTestId('mail-ein-save').click();
    await einForm.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await db.select().from(einApplications).where(eq(einApplications.userId, userId)))[0])
      .toMatchObject({ einStatus: 'ein_issued', ein: '123456789' });

    // 4. Another letter (a bank's, through the desk's API); the customer saves the address and pays.
    const logged = await ops.request.post('/api/admin/mail/letters', {
      multipart: {
        envelopeName: company,
        userId,
        sender: 'bank',
        senderName: 'Mercury',
        kind: 'unknown',
        receivedOn: today,
        pages: '3',
      },
      ...fromOurPages(ops),
    });
    expect(logged.status(), await logged.text()).toBe(200);
    const bankLetterId = ((await logged.json()) as { letter: { id: string } }).letter.id;
    await page.reload();
    const settings = page.getByTestId('forwarding-address-form');
    await settings.getByLabel('Alıcı').fill('Ayşe Yılmaz');
    await settings.getByLabel('Adres', { exact: true }).fill('Bağdat Caddesi 12 D:5');
    await settings.getByLabel('Şehir').fill('İstanbul');
    await settings.getByLabel('Posta kodu (isteğe bağlı)').fill('34710');
    await settings.getByLabel('Ülke kodu (iki harf, ör. TR)').fill('tr');
    await settings.getByTestId('forwarding-address-save').click();
    const bankLetter = page.locator('[data-testid="letter"][data-kind="unknown"]');
    const forward = bankLetter.getByTestId('letter-forward');
    await expect.poll(() => forward.isEnabled()).toBe(true);
    expect(await forward.textContent()).toContain('$19,00');
    await screenshots(page, 'mail-fwd-forward-tr');
    await forward.click();
    await page.waitForURL(/\/payment\/test-checkout\/cs_/);
    await page.getByTestId('test-checkout-pay').click();
    await page.waitForURL(/\/payment\/success\?session_id=cs_/);
    await page.getByTestId('payment-result').getByRole('heading', { name: 'Ödeme başarılı' }).waitFor();
    await expect
      .poll(async () => (await db.select().from(letters).where(eq(letters.id, bankLetterId)))[0]?.status)
      .toBe('to_forward');

    // 4b. Scans (decision 0099): the month's one included scan is free; at the allowance the next one shows
    // its price and is paid through the same checkout. The Wyoming reminder then waits on the desk to scan.
    const logLetter = async (fields: Record<string, string>) => {
      const res = await ops.request.post('/api/admin/mail/letters', {
        multipart: { envelopeName: company, userId, receivedOn: today, letterDate: '2026-11-02', ...fields },
        ...fromOurPages(ops),
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { letter: { id: string } }).letter.id;
    };
    await logLetter({ sender: 'irs', kind: 'cp2000', pages: '4' });
    const reminderId = await logLetter({ sender: 'state', kind: 'wy_annual_report', pages: '1' });
    await page.goto('/mail');
    const scansUsed = page.getByTestId('scans-used');
    await scansUsed.getByText('Bu ay 1 dahil taramanın 0 tanesi kullanıldı.', { exact: false }).waitFor();
    await page.locator('[data-testid="letter"][data-kind="cp2000"]').getByTestId('letter-decide-scan').click();
    await scansUsed.getByText('Bu ay 1 dahil taramanın 1 tanesi kullanıldı.', { exact: false }).waitFor();
    expect(await scansUsed.textContent()).toContain('Ek tarama ücreti: $4,00');
    const reminder = page.locator('[data-testid="letter"][data-kind="wy_annual_report"]');
    const payScan = reminder.getByTestId('letter-scan-pay');
    await payScan.getByText('Tarayın ($4,00)').waitFor();
    await screenshots(page, 'mail-scan-at-allowance-tr');
    await payScan.click();
    await page.waitForURL(/\/payment\/test-checkout\/cs_/);
    await page.getByTestId('test-checkout-pay').click();
    await page.waitForURL(/\/payment\/success\?session_id=cs_/);
    await page.getByTestId('payment-result').getByRole('heading', { name: 'Ödeme başarılı' }).waitFor();
    await expect
      .poll(async () => (await db.select().from(letters).where(eq(letters.id, reminderId)))[0]?.status)
      .toBe('scan_requested');
    await ops.goto('/admin/mail?queue=to_scan');
    const toScan = ops.locator(`[data-testid="mail-letter"][data-letter-id="${reminderId}"]`);
    await toScan
      .getByTestId('mail-letter-calendar-item')
      .getByText('Wyoming yıllık raporu', { exact: false })
      .waitFor();
    await screenshots(ops, 'mail-desk-calendar-item-tr');

    // 5. Staff see it in "to forward" with the address, and enter the tracking number.
    await ops.goto('/admin/mail?queue=to_forward');
    const toForward = ops.locator(`[data-testid="mail-letter"][data-letter-id="${bankLetterId}"]`);
    await toForward.getByTestId('mail-letter-forward-to').getByText('Bağdat Caddesi 12 D:5').waitFor();
    const posted = toForward.getByTestId('mail-forwarded-form');
    await posted.getByLabel('Takip numarası').fill('RR123456785TR');
    await screenshots(ops, 'mail-fwd-desk-forward-tr');
    await posted.getByTestId('mail-forwarded-save').click();
    await posted.waitFor({ state: 'detached' });
    await ops.context().close();

    // 6. The customer sees it forwarded with the tracking number: on the phone in Turkish, then in English.
    await page.goto('/mail');
    const trail = bankLetter.getByTestId('letter-forwarded');
    await trail.getByText('Takip numarası: RR123456785TR').waitFor();
    expect(await bankLetter.getByTestId('letter-status').getAttribute('data-status')).toBe('forwarded');
    await screenshots(page, 'mail-fwd-tracking-tr');
    await page.setViewportSize(DESKTOP);
    await page.goto('/mail?lang=en');
    await trail.getByText('Tracking number: RR123456785TR').waitFor();
    await cp575.getByText('Keep the original', { exact: false }).waitFor();
    await page.getByTestId('scans-used').getByText('1 of 1 scans used this month.', { exact: false }).waitFor();
    await screenshots(page, 'mail-fwd-tracking-en');
    await page.context().close();
  });
});
