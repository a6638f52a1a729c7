import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import {
  OVERVIEW_EXPECTED as E,
  OVERVIEW_RANGE,
  seedOverview,
} from '../../src/server/features/overview/overview.fixtures';
import { inviteStaff } from '../../src/server/features/staff/staff.service';
import { serverToday } from '../../src/server/platform/clock';
import { e2eEmail, enrolInBrowser, newContext, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();
const RANGE = `from=${OVERVIEW_RANGE.from}&to=${OVERVIEW_RANGE.to}`;

/*
 * The operator's home (decision 0055) in the browser: an owner reads every panel of a data set whose
 * totals are known, opens one panel's table and its CSV, and follows a figure to the list it counts; a
 * support member sees only their panels. Both languages, 1280 and 375 px.
 */
describe('the operator home', () => {
  it('shows every panel to the owner with known figures, a table, a CSV and linked lists; support sees theirs', async () => {
    const { db } = e2e.server.deps.database;
    const seeded = await seedOverview(db, serverToday(e2e.server.deps.env));
    const owner = await adminPage(e2e, 'Sahip Yönetici', 'home.owner');

    await owner.goto(`/admin?${RANGE}`);
    await owner.getByRole('heading', { name: 'Ana sayfa', level: 1 }).waitFor();
    const figure = (panel: string, key: string) => owner.getByTestId(`home-figure-${panel}-${key}`);
    await figure('growth', 'signups').getByText(String(E.growth.signups), { exact: true }).waitFor();
    for (const [key, value] of Object.entries(E.growth))
      await expect.poll(() => figure('growth', key).innerText()).toMatch(new RegExp(`^${value}\\b`));
    await expect.poll(() => figure('growth', 'signups').innerText()).toContain(`önceki: ${E.growthPrevious.signups}`);
    await expect.poll(() => figure('funnel', 'signups').innerText()).toMatch(/^5 \(10%\)/);
    await expect.poll(() => figure('funnel', 'einIssued').innerText()).toMatch(/^1 \(50%\)/);
    await expect.poll(() => figure('money', 'orders').innerText()).toMatch(/^3\b/);
    await expect.poll(() => figure('money', 'revenue').innerText()).toContain('599');
    await expect.poll(() => figure('irs', 'overdue').innerText()).toBe(String(E.overdue));
    await expect.poll(() => figure('care', 'waiting').innerText()).toBe(String(E.waitingOver24h));
    await expect.poll(() => figure('care', 'median').innerText()).toMatch(/^14 sa/);
    await expect.poll(() => figure('deadlines', 'dueSoon').innerText()).toBe(String(E.dueSoon));
    await expect.poll(() => figure('deadlines', 'overdue').innerText()).toBe(String(E.deadlinesOverdue));
    // Six panels' charts, the bank panel's (decision 0085) and the mail panel's (decision 0089).
    await expect.poll(() => owner.getByTestId('home-chart').count()).toBe(8);
    await screenshots(owner, 'home-owner-tr');

    // The funnel filtered by a short link: its customers only.
    await owner.getByTestId('home-panel-funnel').getByLabel('Kısa link').selectOption(seeded.spring);
    await owner.waitForURL(`**link=${seeded.spring}**`);
    await figure('funnel', 'signups').getByText(`${E.funnelSpring.signups} (`, { exact: false }).waitFor();
    // Its first payments open the orders list narrowed the same way: each customer's first live payment.
    await figure('funnel', 'firstPayment').getByRole('link').click();
    await owner.waitForURL(`**/admin/orders?first=1**link=${seeded.spring}**`);
    await owner.getByTestId('order-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('order-row').count()).toBe(E.funnelSpring.firstPayment);
    await owner.getByTestId('attribution-filter').getByText(`Kısa link: ${seeded.spring}`).waitFor();
    await screenshots(owner, 'orders-first-payment-link-tr');
    await owner.goto(`/admin?${RANGE}`);

    // One panel's table (what a screen reader reads all along) and its CSV.
    const care = owner.getByTestId('home-panel-care');
    await care.getByRole('button', { name: 'Tablo' }).click();
    const table = owner.getByTestId('home-table-care');
    // Months in words, not "2025-03" (decision 0076).
    await table.getByRole('cell', { name: 'Mart 2025' }).waitFor();
    await expect.poll(() => table.locator('tbody tr').first().innerText()).toMatch(/Mart 2025\s+3\s+2\s+14 sa\s+22 sa/);
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      care.getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('home-care-tr.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFFAy;Açılan talepler;Yanıtlanan;Ortanca;90. yüzdelik')).toBe(true);
    expect(csv).toContain('Mart 2025;3;2;14 sa;22 sa');

    // "Overdue now: 1" opens the EIN desk filtered to that one application.
    await figure('irs', 'overdue').getByRole('link').click();
    await owner.waitForURL('**/admin/ein?overdue=1**');
    await owner.getByTestId('ein-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('ein-row').count()).toBe(E.overdue);

    // "Overdue" deadlines open the deadlines desk's overdue view (decision 0064): the item that passed
    // five days ago, unmarked.
    await owner.goto(`/admin?${RANGE}`);
    await figure('deadlines', 'overdue').getByRole('link').click();
    await owner.waitForURL('**/admin/deadlines?overdue=1**');
    await owner.getByTestId('deadline-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('deadline-row').count()).toBe(E.deadlinesOverdue);
    await owner.getByTestId('deadline-row').getByText('5 gün gecikti').waitFor();
    await screenshots(owner, 'deadlines-overdue-tr');

    // "Waiting over 24 hours" opens the support desk filtered to the waiting threads.
    await owner.goto(`/admin?${RANGE}`);
    await figure('care', 'waiting').getByRole('link').click();
    await owner.waitForURL('**/admin/support?waiting=1**');
    await owner.getByTestId('support-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('support-row').count()).toBe(E.waitingOver24h);
    await expect.poll(() => owner.getByLabel('24 saatten uzun süredir yanıt bekleyenler').isChecked()).toBe(true);
    await screenshots(owner, 'support-waiting-tr');

    // The money figures open the paid, live orders of the range's days.
    await owner.goto(`/admin?${RANGE}`);
    await figure('money', 'orders').getByRole('link').click();
    await owner.waitForURL(`**/admin/orders?**paidFrom=${OVERVIEW_RANGE.from}**`);
    await owner.getByTestId('order-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('order-row').count()).toBe(E.money.orders);
    await expect.poll(() => owner.getByLabel('Ödeme tarihi: ilk gün').inputValue()).toBe(OVERVIEW_RANGE.from);
    await screenshots(owner, 'orders-paid-range-tr');

    // Sign-ups open the customers who joined in the range.
    await owner.goto(`/admin?${RANGE}`);
    await figure('growth', 'signups').getByRole('link').click();
    await owner.waitForURL(`**/admin/users?**joinedFrom=${OVERVIEW_RANGE.from}**`);
    await owner.getByTestId('user-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('user-row').count()).toBe(E.growth.signups);
    await expect.poll(() => owner.getByLabel('Yalnızca müşteriler').isChecked()).toBe(true);
    await screenshots(owner, 'users-joined-range-tr');

    // Formations completed open the formations that reached that status in the range.
    await owner.goto(`/admin?${RANGE}`);
    await figure('growth', 'formationsCompleted').getByRole('link').click();
    await owner.waitForURL(`**/admin/formations?**reachedFrom=${OVERVIEW_RANGE.from}**`);
    await owner.getByTestId('formation-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('formation-row').count()).toBe(E.growth.formationsCompleted);
    await expect.poll(() => owner.getByLabel('Bu duruma geçiş: ilk gün').inputValue()).toBe(OVERVIEW_RANGE.from);
    await screenshots(owner, 'formations-reached-range-tr');

    // English, on a phone as well.
    await owner.goto(`/admin?${RANGE}&lang=en`);
    await owner.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await figure('growth', 'signups').getByText(`before: ${E.growthPrevious.signups}`).waitFor();
    await owner.getByText('Compared with Feb 1, 2025 – Feb 28, 2025').waitFor();
    await screenshots(owner, 'home-owner-en');
    await owner.context().close();

    // A support member: growth, funnel, the IRS clock, care and mail (they read the mail desk); no money, no deadlines.
    const email = e2eEmail('home.support');
    const [first] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).limit(1);
    const { token } = await inviteStaff(e2e.server.deps, { id: first.id, role: 'owner' }, { email, role: 'support' });
    const member = await (await newContext(e2e.browser, e2e.server.url)).newPage();
    await member.goto(`/invite/${token}`);
    await member.fill('input[name=fullName]', 'Deniz Destek');
    await member.fill('input[name=password]', 'Destek2025ok');
    await member.fill('input[name=confirmPassword]', 'Destek2025ok');
    await member.click('button[type=submit]');
    await enrolInBrowser(member, email);
    await member.waitForURL('**/admin/support');
    await member.getByRole('link', { name: 'Ana sayfa', exact: true }).click();
    await member.waitForURL(/\/admin$/);
    await member.getByTestId('home-panel-care').waitFor();
    await member.getByTestId('home-panel-mail').waitFor();
    for (const panel of ['growth', 'funnel', 'irs', 'care', 'mail'])
      await expect.poll(() => member.getByTestId(`home-panel-${panel}`).count(), { message: panel }).toBe(1);
    for (const panel of ['money', 'deadlines'])
      await expect.poll(() => member.getByTestId(`home-panel-${panel}`).count(), { message: panel }).toBe(0);
    await screenshots(member, 'home-support-tr');
    await member.context().close();
  }, 120_000);
});
