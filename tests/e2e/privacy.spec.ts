import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { privacyConsents, users } from '../../src/server/db/schema';
import { dumpAllTables, listFileStore, unzip } from '../../src/server/features/privacy/privacy.fixtures';
import { removeErasedFiles } from '../../src/server/features/privacy/privacy-erasure.service';
import {
  e2eEmail,
  fromOurPages,
  latestMail,
  newContext,
  ownerInBrowser,
  screenshots,
  serverAndBrowserForFile,
} from '../support/e2e';
import { nextSecondFactorCode } from '../support/test-app';

const e2e = serverAndBrowserForFile();

describe('customers’ data rights', () => {
  it('signs up with the notice and a consent, downloads the ZIP, and is erased on approval with nothing left', async () => {
    const adminEmail = e2eEmail('privacy.owner');
    const admin = await (await newContext(e2e.browser, e2e.server.url)).newPage();
    await ownerInBrowser(e2e.server, admin, 'Veri Sahibi', adminEmail);
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('veri.sahibi');
    const name = `Deniz Verili ${Date.now().toString(36)}`;

    // Sign-up (Turkish): the notice is linked, the optional consent is asked on its own and not ticked.
    await page.goto('/signup');
    await page.getByTestId('signup-notice').waitFor();
    await expect.poll(() => page.isChecked('input[name=productMails]')).toBe(false);
    await page.fill('input[name=fullName]', name);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'Sirket2025ok');
    await page.fill('input[name=confirmPassword]', 'Sirket2025ok');
    await page.check('input[name=terms]');
    await page.check('input[name=productMails]');
    await screenshots(page, 'privacy-signup-tr');
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');

    // A file of the customer's, with bytes of its own.
    const bytes = Buffer.from(`%PDF-1.4\n% privacy-e2e-${Date.now()}\n%%EOF\n`);
    const uploaded = await page.request.post('/api/documents', {
      multipart: {
        category: 'business_license',
        file: { name: 'kimlik.pdf', mimeType: 'application/pdf', buffer: bytes },
      },
      ...fromOurPages(page),
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    // A new version of the terms: the customer is asked before anything else, and goes on after accepting.
    const [me] = await e2e.server.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await e2e.server.deps.database.db
      .update(privacyConsents)
      .set({ version: '2000-01-01' })
      .where(and(eq(privacyConsents.userId, me?.id ?? ''), eq(privacyConsents.kind, 'terms')));
    await page.goto('/documents');
    await page.getByTestId('consent-gate-accept').waitFor();
    await screenshots(page, 'privacy-gate-tr');
    await page.getByTestId('consent-gate-accept').click();
    await page.getByTestId('consent-gate-accept').waitFor({ state: 'detached' });

    // /account: what was accepted, the consent given, and the download (in English).
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Hesabım', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('consent-productMails-state').textContent()).toBe('Verildi');
    await expect.poll(() => page.getByTestId('consent-terms').textContent()).toContain('Sürüm');
    await screenshots(page, 'privacy-account-tr');
    await page.goto('/account?lang=en');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('data-export-download').click();
    const download = await downloading;
    const zip = await unzip(await readFile((await download.path()) as string));
    expect(JSON.parse(zip.get('profile.json')?.toString() ?? '{}').user.email).toBe(email);
    expect(
      JSON.parse(zip.get('consents.json')?.toString() ?? '{}').consents.map((c: { kind: string }) => c.kind),
    ).toContain('productMails');
    const files = [...zip.entries()].filter(([n]) => n.startsWith('files/'));
    expect(files.map(([, b]) => b.equals(bytes))).toContain(true);
    await latestMail(e2e.server.url, email, /A copy of your data was downloaded|Verilerinizin bir kopyası indirildi/);

    // Withdrawing the consent is one click.
    await page.getByTestId('consent-productMails-toggle').click();
    await expect.poll(() => page.getByTestId('consent-productMails-state').textContent()).toBe('Not given');

    // Deletion: asked, confirmed by the mailed link.
    await page.getByTestId('deletion-request').click();
    await page.getByTestId('deletion-dialog').getByRole('button', { name: 'Email me the link' }).click();
    await page.getByTestId('deletion-status').waitFor();
    await screenshots(page, 'privacy-account-en');
    const mail = await latestMail(e2e.server.url, email, /Confirm that you want your account deleted/);
    const link = new URL(/https?:\/\/\S+\/account\/confirm-deletion\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '');
    await page.goto(link.pathname + link.search);
    await page.getByTestId('confirm-deletion-done').waitFor();
    await screenshots(page, 'privacy-confirm-en');

    // Staff: the queue with the answer date, approved with a fresh code.
    await admin.goto('/admin/privacy');
    await admin.getByRole('heading', { name: 'Veri talepleri', level: 1 }).waitFor();
    const row = admin.getByTestId('privacy-request').filter({ hasText: email });
    await row.waitFor();
    await expect.poll(() => row.getByTestId('privacy-due').textContent()).toContain('Son yanıt tarihi');
    await screenshots(admin, 'privacy-admin-tr');
    await row.getByTestId('privacy-answer').fill('Ödenmiş siparişiniz yok; tüm verileriniz silindi.');
    await row.getByTestId('privacy-approve').click();
    await admin.getByTestId('privacy-approve-dialog').getByRole('button', { name: 'Onayla ve sil' }).click();
    // Erasure asks for a recent second-factor code when the last one is older than 15 minutes.
    const stepUp = admin.locator('input[name=stepUpCode]');
    const erased = admin.getByText('Hesap silindi.').first();
    const first = await Promise.race([
      stepUp.waitFor().then(
        () => 'code' as const,
        () => 'none' as const,
      ),
      erased.waitFor().then(
        () => 'done' as const,
        () => 'none' as const,
      ),
    ]);
    if (first === 'code') {
      await stepUp.fill(nextSecondFactorCode(adminEmail));
      await admin.keyboard.press('Enter');
    }
    await admin.getByText('Hesap silindi.').first().waitFor();
    await latestMail(e2e.server.url, email, /Your account has been deleted/);

    // The customer is signed out for good.
    expect((await page.request.get('/api/me')).status()).toBe(401);

    // The proof: no table and no stored file holds the email, the name or the file's bytes.
    await e2e.server.deps.mailer.drain();
    expect(await removeErasedFiles(e2e.server.deps)).toBe(0);
    for (const [table, text] of await dumpAllTables(e2e.server)) {
      expect(text.includes(email), `${table} holds the email`).toBe(false);
      expect(text.includes(name), `${table} holds the name`).toBe(false);
    }
    for (const [key, stored] of await listFileStore(e2e.server.dataDir)) {
      expect(stored.includes(bytes), `${key} holds the uploaded bytes`).toBe(false);
    }
    await context.close();
    await admin.context().close();
  });
});
