import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  customerByApi,
  dropFile,
  e2eEmail,
  fromOurPages,
  newContext,
  screenshots,
  serverAndBrowserForFile,
} from '../support/e2e';

const e2e = serverAndBrowserForFile();

/** A PNG as the server recognises it (its signature), padded to `size` bytes. */
function png(size: number): Buffer {
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  ]);
  const body = Buffer.alloc(size - head.length);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31) & 0xff;
  return Buffer.concat([head, body]);
}

async function customerWithFormation(context: BrowserContext, name: string, email: string, lang?: 'tr' | 'en') {
  const page = await context.newPage();
  await customerByApi(e2e.server, page, name, email, lang);
  const formed = await page.request.post('/api/formations', { data: { formationType: 'self' }, ...fromOurPages(page) });
  expect(formed.status()).toBe(201);
  return page;
}

/** Every aria-valuenow the upload's progress bar shows, recorded in the page as it changes. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    const look = () => {
      const bar = document.querySelector('[data-testid=file-progress] [role=progressbar]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

describe('the document vault', () => {
  it('uploads a dropped PNG under Business License with a progress bar, lists it and downloads it (Turkish)', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await customerWithFormation(context, 'Zeynep Kaya', e2eEmail('docs-tr'));
    await page.goto('/documents');
    await page.locator('[data-testid=documents-empty]').getByText('Henüz yüklenmiş belge yok').waitFor();

    // The button alone names what is missing, in Turkish.
    await page.click('[data-testid=documents-upload-submit]');
    await page.getByText('Lütfen bir belge kategorisi seçin').first().waitFor();
    await page.getByText('Lütfen bir dosya seçin').first().waitFor();
    await expect.poll(() => page.getAttribute('select[name=category]', 'aria-describedby')).toContain('category-error');
    await expect.poll(() => page.getAttribute('input[name=file]', 'aria-describedby')).toContain('file-error');

    const labels = await page.locator('select[name=category] option').allInnerTexts();
    expect(labels.slice(1)).toEqual([
      'SS-4 Formu',
      'EIN Onay Mektubu (CP 575)',
      'Kuruluş Belgesi (Articles of Organization)',
      'İşletme Ruhsatı',
      'Diğer Belgeler',
    ]);
    await page.selectOption('select[name=category]', { label: 'İşletme Ruhsatı' });

    // 3 MB on a slow uplink: the bar must move before the answer comes.
    const bytes = png(3 * 1024 * 1024);
    await dropFile(page, '[data-testid=file-dropzone]', {
      name: 'işletme-ruhsatı.png',
      mimeType: 'image/png',
      buffer: bytes,
    });
    const selected = page.locator('[data-testid=file-selected]');
    await selected.getByText('işletme-ruhsatı.png').waitFor();
    await expect.poll(() => selected.innerText()).toContain('3 MB');
    await screenshots(page, 'documents-upload-selected-tr');

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const progress = await recordProgress(page);
    await page.click('[data-testid=documents-upload-submit]');
    const bar = page.locator('[data-testid=file-progress] [role=progressbar]');
    await bar.waitFor();
    await screenshots(page, 'documents-upload-progress-tr');
    await page.getByText('Belge başarıyla yüklendi').first().waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = (await progress()).map(Number);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    await expect.poll(() => bar.count()).toBe(0);

    // The list refreshed by itself: the file sits in its group, uploaded by the customer.
    const group = page.locator('section[aria-labelledby=documents-business_license]');
    await group.getByText('işletme-ruhsatı.png').waitFor();
    await group.getByRole('heading', { name: /İşletme Ruhsatı/ }).waitFor();
    await expect.poll(() => group.locator('[data-testid=uploaded-by-admin]').count()).toBe(0);
    // The form is ready for the next file.
    await expect.poll(() => page.locator('[data-testid=file-selected]').count()).toBe(0);
    await screenshots(page, 'documents-upload-tr');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      group.getByRole('link', { name: 'işletme-ruhsatı.png dosyasını indir' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('işletme-ruhsatı.png');
    expect(readFileSync(await download.path()).equals(bytes)).toBe(true);

    await context.close();
  });

  it('uploads through the picker, refuses what the server refuses, and keeps the newest first (English)', async () => {
    const context = await newContext(e2e.browser, e2e.server.url, 'en');
    const page = await customerWithFormation(context, 'Deniz Arslan', e2eEmail('docs-en'), 'en');
    await page.goto('/documents');
    await page.getByText('No documents uploaded yet').waitFor();

    const labels = await page.locator('select[name=category] option').allInnerTexts();
    expect(labels.slice(1)).toEqual([
      'SS-4 Form',
      'EIN Confirmation',
      'Articles of Organization',
      'Business License',
      'Other Documents',
    ]);

    // A page's HTML dressed as a PNG passes the browser's check by name; the server reads the bytes.
    await page.selectOption('select[name=category]', 'business_license');
    await page.setInputFiles('input[name=file]', {
      name: 'license.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><p>not an image</p>'),
    });
    await page.click('[data-testid=documents-upload-submit]');
    await page.getByText('Invalid file type. Please upload a PDF, JPG, or PNG file.').first().waitFor();
    await expect.poll(() => page.getAttribute('input[name=file]', 'aria-invalid')).toBe('true');

    // Too large is caught before any byte is sent, with the spec's words.
    await page.setInputFiles('input[name=file]', {
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: png(5_242_881),
    });
    await page.getByText('File size must be less than 5MB').first().waitFor();

    const first = png(2048);
    await page.setInputFiles('input[name=file]', { name: 'first.png', mimeType: 'image/png', buffer: first });
    await page.click('[data-testid=documents-upload-submit]');
    await page.getByText('Document uploaded successfully').first().waitFor();
    const group = page.locator('section[aria-labelledby=documents-business_license]');
    await group.getByText('first.png').waitFor();

    await page.setInputFiles('input[name=file]', { name: 'second.png', mimeType: 'image/png', buffer: png(4096) });
    await page.click('[data-testid=documents-upload-submit]');
    await group.getByText('second.png').waitFor();
    const names = await group.locator('[data-testid=document-item] p.font-medium').allInnerTexts();
    expect(names).toEqual(['second.png', 'first.png']);

    await page.click('button:has-text("Refresh")');
    await page.getByText('Document list updated').first().waitFor();
    await screenshots(page, 'documents-upload-en');

    // Another customer cannot fetch the file by its address.
    const url = await group.getByRole('link', { name: 'Download first.png' }).getAttribute('href');
    const otherContext = await newContext(e2e.browser, e2e.server.url, 'en');
    const other = await customerWithFormation(otherContext, 'Ece Yurt', e2eEmail('docs-other'), 'en');
    expect((await other.request.get(url as string)).status()).toBe(404);
    await otherContext.close();

    await context.close();
  });
});
