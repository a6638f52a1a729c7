import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { einApplications, sessions, users } from '../../src/server/db/schema';
import { encryptSsn } from '../../src/server/features/ein/ein-ssn.service';
import { STEP_UP_MAX_AGE_MS } from '../../src/server/platform/http/admin-door';
import {
  adminNavLinks,
  e2eEmail,
  enrolInBrowser,
  followAdminNav,
  fromOurPages,
  latestMail,
  newContext,
  screenshots,
  serverAndBrowserForFile,
  signUpAdminInBrowser,
} from '../support/e2e';
import { nextSecondFactorCode } from '../support/test-app';

const e2e = serverAndBrowserForFile();

/*
 * Decision 0043's staff by invitation (decision 0043), in the browser: the owner invites a support member,
 * who accepts and works; the owner deactivates them and their open tab is refused at once; the audit
 * page shows what happened. The member sets up the second factor first (decision 0042) and, as support,
 * reads the EIN desk without the SSN.
 */
describe('staff by invitation', () => {
  it('invites, accepts, deactivates (the open tab gets 401) and shows it all in the audit trail', async () => {
    const ownerContext = await newContext(e2e.browser, e2e.server.url);
    const owner = await ownerContext.newPage();
    const ownerEmail = e2eEmail('sahip');
    await signUpAdminInBrowser(owner, 'Sahip Yönetici', ownerEmail);

    // The owner's top bar has the staff page; the invitation goes out.
    await followAdminNav(owner, 'Ekip');
    await owner.waitForURL('**/admin/staff');
    await owner.getByRole('heading', { name: 'Ekip', level: 1 }).waitFor();
    const memberEmail = e2eEmail('destek.uyesi');
    await owner.fill('#invite-email', memberEmail);
    await owner.locator('#invite-role').selectOption('support');
    await owner.getByTestId('invite-submit').click();
    await owner.getByText(`${memberEmail} adresine davet gönderildi.`).first().waitFor();
    await owner.locator('[data-testid=staff-invitation]', { hasText: memberEmail }).waitFor();

    // The invitee opens the mail's link, sees the role, chooses a name and a password.
    const mail = await latestMail(e2e.server.url, memberEmail, /ekibine davet/);
    const link = /\/invite\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const memberContext = await newContext(e2e.browser, e2e.server.url);
    const member = await memberContext.newPage();
    await member.goto(link as string);
    await member.getByText(`${memberEmail} adresiyle Destek rolünde davet edildiniz`, { exact: false }).waitFor();
    await member.fill('input[name=fullName]', 'Deniz Destek');
    await member.fill('input[name=password]', 'Destek2025ok');
    await member.fill('input[name=confirmPassword]', 'Destek2025ok');
    await member.getByRole('button', { name: 'Ekibe katıl' }).click();
    await member.waitForURL(/\/account\/security\?next=%2Fadmin%2Fsupport$/);
    // The second factor, with a code computed from the key on the screen; then the member's own desk.
    await screenshots(member, 'staff-invitee-second-factor-tr');
    await enrolInBrowser(member, memberEmail);
    await member.waitForURL('**/admin/support');
    await member.getByRole('heading', { level: 1 }).first().waitFor();
    // Not even inside a closed group: the support role has no staff page.
    await expect.poll(() => adminNavLinks(member)).toContain('Destek');
    expect(await adminNavLinks(member)).not.toContain('Ekip');
    const before = await member.request.get('/api/admin/support/threads');
    expect(before.status()).toBe(200);

    // Support reads the EIN desk, but the SSN is not theirs: no reveal on the screen, 403 from the API.
    const { db } = e2e.server.deps.database;
    const [ownerRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail.toLowerCase()));
    const [application] = await db
      .insert(einApplications)
      .values({
        userId: ownerRow.id,
        businessName: 'Destek Görünüm LLC',
        email: ownerEmail,
        state: 'Wyoming',
        businessActivity: 'consulting',
        responsiblePartyName: 'Sahip Yönetici',
        responsiblePartyPhone: '+905551112233',
        responsiblePartySsnEncrypted: encryptSsn('123456789', e2e.server.deps.encryptionKey, ownerRow.id),
        responsiblePartySsnLast4: '6789',
      })
      .returning({ id: einApplications.id });
    await member.goto('/admin/ein');
    await member.getByText('Destek Görünüm LLC').first().click();
    await member.getByTestId('ein-ssn').first().waitFor();
    await expect.poll(() => member.getByTestId('ein-ssn-reveal').count()).toBe(0);
    await screenshots(member, 'staff-support-ein-tr');
    const reveal = await member.request.post(`/api/admin/ein-applications/${application.id}/ssn`, fromOurPages(member));
    expect(reveal.status()).toBe(403);

    // The owner sees the member, and the invitation is gone.
    await owner.reload();
    const row = owner.locator('[data-testid=staff-member]', { hasText: memberEmail });
    await row.waitFor();
    // The member set up the second factor: the owner sees it, and could reset it (decision 0042).
    await row.getByText('İki adımlı doğrulama: Açık').waitFor();
    await row.getByTestId('staff-reset-two-factor').waitFor();
    await expect.poll(() => owner.locator('[data-testid=staff-invitation]', { hasText: memberEmail }).count()).toBe(0);
    await screenshots(owner, 'admin-staff-tr');

    // Deactivation: confirmed, and the member's open tab is refused on its next request. The owner's last
    // code is made old first (a stolen cookie): staff.manage asks for a fresh one (decision 0068), the
    // admin layout's dialog takes it and the deactivation goes through.
    await db
      .update(sessions)
      .set({ twoFactorAt: new Date(Date.now() - STEP_UP_MAX_AGE_MS - 60_000) })
      .where(eq(sessions.userId, ownerRow.id));
    await row.getByTestId('staff-deactivate').click();
    await owner.getByTestId('staff-confirm').getByRole('button', { name: 'Devre dışı bırak' }).click();
    const stepUp = owner.getByTestId('step-up-dialog');
    await stepUp.waitFor();
    await stepUp.locator('input[name=stepUpCode]').fill(nextSecondFactorCode(ownerEmail));
    await owner.getByTestId('step-up-dialog-confirm').click();
    await owner.getByText('Deniz Destek devre dışı bırakıldı ve e-postayla bilgilendirildi.').first().waitFor();
    await expect.poll(() => row.getByTestId('staff-status').textContent()).toBe('Devre dışı');
    const after = await member.request.get('/api/admin/support/threads');
    expect(after.status()).toBe(401);
    expect((await member.request.get('/api/me')).status()).toBe(401);

    // The audit page names each step, with the network it came from.
    await followAdminNav(owner, 'Denetim kaydı');
    await owner.waitForURL('**/admin/audit');
    for (const label of ['Ekibe davet edildi', 'Ekibe katıldı', 'Ekip üyesi devre dışı bırakıldı']) {
      await owner.locator('[data-testid=audit-action]', { hasText: label }).first().waitFor();
    }
    await expect.poll(() => owner.getByTestId('audit-network').first().textContent()).toBe('127.0.0.0/24');
    await owner.locator('#audit-action').selectOption('staff.deactivated');
    await owner.waitForURL(/[?&]action=staff\.deactivated/);
    await expect.poll(() => owner.locator('[data-testid=audit-row]').count()).toBe(1);
    await owner.locator('#audit-action').selectOption('');
    await expect.poll(() => owner.locator('[data-testid=audit-row]').count()).toBeGreaterThan(2);
    await screenshots(owner, 'admin-audit-tr');

    // Both pages in English too.
    await owner.goto('/admin/staff?lang=en');
    await owner.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await owner.locator('[data-testid=staff-member]', { hasText: memberEmail }).getByText('Deactivated').waitFor();
    await screenshots(owner, 'admin-staff-en');
    await owner.goto('/admin/audit?lang=en');
    await owner.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    await owner.locator('[data-testid=audit-action]', { hasText: 'Staff member deactivated' }).first().waitFor();
    await screenshots(owner, 'admin-audit-en');

    // The used link is refused; the deactivated member cannot sign in again.
    const again = await memberContext.newPage();
    await again.goto(link as string);
    await again.getByText('Bu davet kullanılamıyor').waitFor();
    const signIn = await again.request.post('/api/auth/sign-in', {
      data: { email: memberEmail, password: 'Destek2025ok' },
      headers: { origin: e2e.server.url },
    });
    expect(signIn.status()).toBe(403);
    expect((await signIn.json()).error.code).toBe('ACCOUNT_DEACTIVATED');

    await memberContext.close();
    await ownerContext.close();
  });
});
