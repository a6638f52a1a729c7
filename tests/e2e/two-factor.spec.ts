import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { base32Decode, hotp, otpauthUri, timeStep } from '../../src/server/features/two-factor/totp.service';
import { TOTP_ISSUER } from '../../src/server/features/two-factor/two-factor.service';
import { STEP_UP_MAX_AGE_MS } from '../../src/server/platform/http/admin-door';
import {
  e2eEmail,
  enrolInBrowser,
  giveSignInCode,
  newContext,
  screenshots,
  serverAndBrowserForFile,
  signUpInBrowser,
} from '../support/e2e';
import { nextSecondFactorCode } from '../support/test-app';

const e2e = serverAndBrowserForFile();

/** The key as the page shows it (groups of four), as a user would type it into an app. */
async function shownKey(page: Page): Promise<string> {
  return (await page.getByTestId('two-factor-key').innerText()).replace(/\s/g, '');
}

/**
 * The QR code as the screen shows it: the element's screenshot, read back module by module at each
 * module's centre (in the page, through a canvas), without the quiet zone.
 */
async function shownQrModules(page: Page): Promise<boolean[][]> {
  const qr = page.getByTestId('two-factor-qr');
  const png = (await qr.screenshot()).toString('base64');
  return qr.evaluate(async (svg, data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(image, 0, 0);
    const scale = image.width / svg.getBoundingClientRect().width;
    const units = (svg as SVGSVGElement).viewBox.baseVal.width;
    const quiet = 4;
    const side = units - 2 * quiet;
    const rows: boolean[][] = [];
    for (let y = 0; y < side; y += 1) {
      const row: boolean[] = [];
      for (let x = 0; x < side; x += 1) {
        const px = (svg.clientLeft + ((x + quiet + 0.5) / units) * svg.clientWidth) * scale;
        const py = (svg.clientTop + ((y + quiet + 0.5) / units) * svg.clientHeight) * scale;
        const [r, g, b] = context.getImageData(Math.floor(px), Math.floor(py), 1, 1).data;
        row.push(r + g + b < 3 * 128);
      }
      rows.push(row);
    }
    return rows;
  }, png);
}

/** The modules of the code of `text` (level M, one byte segment, as the server draws it). */
function qrModulesOf(text: string): boolean[][] {
  const { modules } = QRCode.create([{ mode: 'byte', data: new TextEncoder().encode(text) }], {
    errorCorrectionLevel: 'M',
  });
  return Array.from({ length: modules.size }, (_, y) =>
    Array.from({ length: modules.size }, (_, x) => Boolean(modules.get(y, x))),
  );
}

describe('the second factor', () => {
  it('a customer turns it on, signs out, and signs in with a code computed from the key on the screen', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('iki.adim');
    await signUpInBrowser(page, 'Zeynep Güven', email);
    await page.goto('/account/security');
    await page.getByRole('heading', { level: 1, name: 'Giriş güvenliği' }).waitFor();
    await expect.poll(() => page.getByTestId('two-factor-status').innerText()).toBe('İki adımlı doğrulama kapalı');
    await screenshots(page, 'account-security-off');

    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-qr').waitFor();
    const key = await shownKey(page);
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    // The screen shows the QR code of this key's otpauth URI, module for module.
    await expect.poll(() => shownQrModules(page)).toEqual(qrModulesOf(otpauthUri(key, TOTP_ISSUER, email)));
    await screenshots(page, 'account-security-enrol');
    // A wrong code is refused under the field; nothing is turned on.
    const step = timeStep(Date.now());
    const right = hotp(base32Decode(key), step);
    await page.fill('input[name=enrolment-code]', String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByTestId('enrolment-code-submit').click();
    await page.getByText('Bu kod geçerli değil', { exact: false }).first().waitFor();
    await page.fill('input[name=enrolment-code]', right);
    await page.getByTestId('enrolment-code-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.locator('[data-testid=recovery-codes] li').allInnerTexts();
    expect(codes).toHaveLength(10);
    await screenshots(page, 'account-security-codes');
    await page.getByTestId('recovery-codes-done').click();
    await page.getByText('İki adımlı doğrulama açık').first().waitFor();
    await page.getByText('Kullanılmamış kurtarma kodu: 10').waitFor();
    await screenshots(page, 'account-security-on');

    await page.getByRole('button', { name: 'Çıkış yap' }).first().click();
    await page.waitForURL('**/signin');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'Sirket2025ok');
    await page.click('button[type=submit]');
    await page.getByRole('heading', { name: 'Kodunuzu girin' }).waitFor();
    await screenshots(page, 'signin-code');
    // The enrolment's code was used: the same code is refused, the next step's is taken.
    await page.fill('input[name=code]', right);
    await page.click('button[type=submit]');
    await page.getByText('Bu kod geçerli değil', { exact: false }).first().waitFor();
    expect(page.url()).toContain('/signin');
    await page.fill('input[name=code]', hotp(base32Decode(key), step + 1));
    await page.click('button[type=submit]');
    await page.waitForURL('**/onboarding');
    await context.close();
  });

  it('shows /account/security in English too, for a customer and on the way to enrolment', async () => {
    const context = await newContext(e2e.browser, e2e.server.url, 'en');
    const page = await context.newPage();
    const email = e2eEmail('second.factor');
    await signUpInBrowser(page, 'Jane Secure', email, 'en');
    await page.goto('/account/security');
    await page.getByRole('heading', { level: 1, name: 'Sign-in security' }).waitFor();
    await expect.poll(() => page.getByTestId('two-factor-status').innerText()).toBe('Second factor is off');
    await screenshots(page, 'account-security-off-en');
    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-qr').waitFor();
    await screenshots(page, 'account-security-enrol-en');
    await page.fill('input[name=enrolment-code]', hotp(base32Decode(await shownKey(page)), timeStep(Date.now())));
    await page.getByTestId('enrolment-code-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    await screenshots(page, 'account-security-codes-en');
    await page.getByTestId('recovery-codes-done').click();
    await page.getByText('Unused recovery codes: 10').waitFor();
    await screenshots(page, 'account-security-on-en');
    await context.close();
  });

  it('sends a staff member without a second factor to enrolment, then on to the desk they asked for', async () => {
    const context = await newContext(e2e.browser, e2e.server.url, 'en');
    const page = await context.newPage();
    const email = e2eEmail('new.support');
    await signUpInBrowser(page, 'Sam Support', email, 'en');
    await e2e.server.deps.database.db.update(users).set({ role: 'support' }).where(eq(users.email, email));
    await page.goto('/admin/support');
    await page.waitForURL('**/account/security?next=%2Fadmin%2Fsupport');
    await page.getByText('Staff accounts must use a second factor', { exact: false }).waitFor();
    await screenshots(page, 'account-security-staff-en');
    // Slow reads after enrolment (a busy server, a phone): Done, pressed while they are on their way, must
    // still lead to the desk, not back here because the cached session still says "no second factor"
    // (two clean-clone runs saw exactly that bounce).
    await page.route(/\/api\/me(\/two-factor)?$/, async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await enrolInBrowser(page, email);
    await page.waitForURL('**/admin/support');
    // The desk itself, drawn after the slow session read: a page sent back to enrolment never shows it.
    await page.getByRole('heading', { level: 1, name: 'Support', exact: true }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/support');
    await context.close();
  });

  it('asks staff for a fresh code in a dialog before an export when the last one is old, then downloads', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const email = e2eEmail('sahip');
    // An owner made as the test before made its support member (the admin code only makes the first
    // staff member, decision 0043, and that test's member took it): role set, then the second factor.
    await signUpInBrowser(page, 'Selin Sahip', email);
    await e2e.server.deps.database.db.update(users).set({ role: 'owner' }).where(eq(users.email, email));
    await page.goto('/admin/formations');
    await enrolInBrowser(page, email);
    await page.waitForURL('**/admin/formations');
    const [owner] = await e2e.server.deps.database.db.select().from(users).where(eq(users.email, email));
    await e2e.server.deps.database.db
      .update(sessions)
      .set({ twoFactorAt: new Date(Date.now() - STEP_UP_MAX_AGE_MS - 60_000) })
      .where(eq(sessions.userId, owner.id));
    await page.goto('/admin/formations');
    await page.getByTestId('formations-export-csv').click();
    const dialog = page.getByTestId('step-up-dialog');
    await dialog.waitFor();
    await screenshots(page, 'step-up-dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await dialog.locator('input[name=stepUpCode]').fill(nextSecondFactorCode(email));
        await page.getByTestId('step-up-dialog-confirm').click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^formations-.*\.csv$/);

    // Signing in again asks for the second step.
    await page.getByRole('button', { name: 'Çıkış yap' }).first().click();
    await page.waitForURL('**/signin');
    await page.fill('input[name=email]', email);
    // The password signUpInBrowser chose for the account this owner began as.
    await page.fill('input[name=password]', 'Sirket2025ok');
    await page.click('button[type=submit]');
    await giveSignInCode(page, email);
    await page.waitForURL('**/admin/ein');
    await context.close();
  });
});
