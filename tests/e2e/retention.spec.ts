/**
 * Decision 0048 in the browser: the customer's dashboard a week before the SSN is purged and after it
 * and the EIN desk's "purged on", the server's clock moved as in the API test.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { einApplications } from '../../src/server/db/schema';
import { runRetentionSweep } from '../../src/server/features/retention/retention.service';
import {
  customerByApi,
  e2eEmail,
  fromOurPages,
  newContext,
  ownerInBrowser,
  screenshots,
  serverAndBrowserForFile,
} from '../support/e2e';
import { PDF } from '../support/files';

const e2e = serverAndBrowserForFile();

async function issuedApplicant(page: Page, businessName: string): Promise<string> {
  await customerByApi(e2e.server, page, 'Deniz Arslan', e2eEmail('retention'));
  const own = fromOurPages(page);
  expect((await page.request.post('/api/formations', { data: { formationType: 'self' }, ...own })).status()).toBe(201);
  const done = await page.request.post('/api/formations/me/guide-completion', {
    data: { isFormationComplete: true, state: 'Wyoming' },
    ...own,
  });
  expect(done.status()).toBe(200);
  const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });
  const applied = await page.request.post('/api/ein-applications', {
    ...own,
    multipart: {
      businessName,
      email: 'deniz@example.com',
      state: 'Wyoming',
      businessActivity: 'Software Development',
      otherActivity: '',
      responsiblePartyName: 'Deniz Arslan',
      responsiblePartyPhone: '+90 532 000 00 00',
      responsiblePartySsn: '123-45-6789',
      noSsn: 'false',
      terms: 'true',
      articlesOfOrganization: file('articles.pdf'),
      registeredAgentInvoice: file('invoice.pdf'),
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const id = ((await applied.json()) as { application: { id: string } }).application.id;
  // The desk's steps to the EIN are the EIN spec's; here the application is issued as they leave it.
  await e2e.server.deps.database.db
    .update(einApplications)
    .set({ einStatus: 'ein_issued', ein: '123456789', stageReachedAt: new Date() })
    .where(eq(einApplications.id, id));
  return id;
}

describe('SSN retention on the dashboard and the EIN desk', () => {
  it('announces the purge a week before, says it happened, and the desk shows "purged on"', async () => {
    const env = e2e.server.deps.env;
    const businessName = `Saklama ${Date.now().toString(36)} LLC`;
    const customer = await (await newContext(e2e.browser, e2e.server.url)).newPage();
    await issuedApplicant(customer, businessName);

    try {
      // 85 days after the EIN: the dashboard names the day.
      env.TEST_CLOCK_OFFSET_DAYS = 85;
      await customer.goto('/dashboard');
      const soon = customer.getByTestId('ssn-retention-soon');
      await soon.getByText("SSN'inizi").waitFor();
      await screenshots(customer, 'retention-dashboard-soon');

      // 91 days: the sweep purges; the dashboard says so.
      env.TEST_CLOCK_OFFSET_DAYS = 91;
      expect(await runRetentionSweep(e2e.server.deps)).toMatchObject({ ssnPurged: 1 });
      await customer.reload();
      await customer.getByTestId('ssn-retention-purged').getByText("SSN'iniz silindi").waitFor();
      await expect.poll(() => customer.getByTestId('ssn-retention-soon').count()).toBe(0);
      await screenshots(customer, 'retention-dashboard-purged');

      // The EIN desk: "purged on" where the SSN was (in the owner's language), no reveal.
      const admin = await (await newContext(e2e.browser, e2e.server.url, 'en')).newPage();
      await ownerInBrowser(e2e.server, admin, 'Retention Owner', e2eEmail('retention-owner'));
      await admin.fill('input[name=q]', businessName);
      await admin.locator('[data-testid=ein-row]', { hasText: businessName }).first().click();
      const purged = admin.getByTestId('ein-ssn-purged');
      await purged.getByText(/Purged on|tarihinde silindi/).waitFor();
      await expect.poll(() => admin.getByTestId('ein-ssn-reveal').count()).toBe(0);
      await screenshots(admin, 'retention-ein-desk-purged');
    } finally {
      env.TEST_CLOCK_OFFSET_DAYS = 0;
    }
  });
});
