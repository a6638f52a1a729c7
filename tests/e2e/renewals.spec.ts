/**
 * Renewals in the browser (decisions 0053, 0054), in both languages with screenshots at 1280 and 375 px:
 * a customer seven days before the agent's end sees the card and renews in TEST MODE (the period moves
 * a year from the old end); another cancels, sees "ends on …", and undoes it; a third lapses after the
 * grace period once the clock (TEST_CLOCK_OFFSET_DAYS, a setting only tests may use) has moved, and an
 * operations member sees the lapsed-agent task on the renewals desk and marks it done with a day and a note.
 */

import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { companyFormations, renewalTasks, users } from '../../src/server/db/schema';
import { runDailyReminders } from '../../src/server/features/compliance/compliance-reminders.service';
import { serverToday } from '../../src/server/platform/clock';
import { periodEndFrom } from '../../src/shared/features/renewals/renewals.domain';
import { addDays } from '../../src/shared/format/calendar-days';
import { formatCalendarDateLong } from '../../src/shared/format/dates';
import { screenshots, serverAndBrowserForFile } from '../support/e2e';
import { customerPage, staffPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();

/**
 * A turnkey customer (their package paid, so the agent is ours: decision 0074) whose company was formed
 * `daysAgo` days ago (by the server's clock), on a page of their own.
 */
async function formedCustomer(name: string, prefix: string, daysAgo: number) {
  const customer = await customerPage(e2e, name, prefix, { formationType: 'self' });
  await e2e.server.deps.database.db
    .update(companyFormations)
    .set({
      formedOn: addDays(serverToday(e2e.server.deps.env), -daysAgo),
      stateSelected: 'Wyoming',
      businessName: `${name} LLC`,
      paymentStatus: 'paid',
    })
    .where(eq(companyFormations.id, customer.formationId as string));
  return customer;
}

const agent = (page: Page) => page.getByTestId('subscription-registered_agent');

describe('renewals', () => {
  it('renews from the card in TEST MODE, cancels and undoes, and lapses into a task for staff', async () => {
    const today = serverToday(e2e.server.deps.env);

    // 1. Turkish: seven days before the end, the dashboard card; "Renew for a year" through TEST MODE.
    const ayse = await formedCustomer('Ayşe Yılmaz', 'renew.tr', 358);
    const end = addDays(today, 7);
    await ayse.page.goto('/dashboard');
    const notice = ayse.page.getByTestId('renewal-notice-registered_agent');
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain(formatCalendarDateLong(end, 'tr'));
    await expect.poll(() => notice.textContent()).toContain('$125');
    // The card's words (decision 0072): the period ends, and continues only if she renews.
    await expect.poll(() => notice.textContent()).toContain('yenilemezseniz');
    await screenshots(ayse.page, 'renewals-card-tr');
    await ayse.page.goto('/dashboard?lang=en');
    await notice.getByText('only if you renew it', { exact: false }).waitFor();
    await screenshots(ayse.page, 'renewals-card-en');
    await ayse.page.goto('/dashboard?lang=tr');
    await notice.getByText('yenilemezseniz', { exact: false }).waitFor();
    await notice.getByTestId('renewal-card-renew').click();
    await ayse.page.waitForURL(/\/payment\/test-checkout\/cs_/);
    await ayse.page.getByTestId('test-checkout-pay').click();
    await ayse.page.waitForURL(/\/payment\/success\?session_id=cs_/);
    await ayse.page.getByTestId('order-status').waitFor();
    await ayse.page.goto('/account/subscriptions');
    await agent(ayse.page).getByTestId('subscription-receipts').waitFor();
    const period = await agent(ayse.page).getByTestId('subscription-period').textContent();
    expect(period).toContain(formatCalendarDateLong(end, 'tr'));
    expect(period).toContain(formatCalendarDateLong(periodEndFrom(end), 'tr'));
    await expect.poll(() => agent(ayse.page).getAttribute('data-status')).toBe('active');
    await screenshots(ayse.page, 'renewals-renewed-tr');
    await ayse.page.context().close();

    // 2. English: "Do not renew" with its confirmation and a reason, "ends on …", then undo.
    const john = await formedCustomer('John Carter', 'cancel.en', 200);
    await john.page.goto('/account/subscriptions?lang=en');
    await agent(john.page).getByTestId('subscription-cancel').click();
    const dialog = john.page.getByTestId('subscription-cancel-dialog');
    await dialog.getByText('we resign as your agent', { exact: false }).waitFor();
    await dialog.getByLabel('Why? (optional)').selectOption('closing_company');
    await screenshots(john.page, 'renewals-cancel-dialog-en');
    await john.page.getByTestId('subscription-cancel-dialog-confirm').click();
    await john.page.locator('[data-testid="subscription-registered_agent"][data-status="cancelled"]').waitFor();
    await expect.poll(() => agent(john.page).getByTestId('subscription-standing').textContent()).toMatch(/^Ends on /);
    await screenshots(john.page, 'renewals-cancelled-en');
    await agent(john.page).getByTestId('subscription-resume').click();
    await john.page.locator('[data-testid="subscription-registered_agent"][data-status="active"]').waitFor();
    const johnEnd = addDays(today, 165);
    await john.page.context().close();

    // 3. The clock moves past the end and the 14-day grace period: the daily run lets it lapse.
    const lapsing = await formedCustomer('Mehmet Kaya', 'lapse.tr', 360);
    await lapsing.page.goto('/account/subscriptions');
    await agent(lapsing.page).waitFor();
    const env = e2e.server.deps.env as { TEST_CLOCK_OFFSET_DAYS: number };
    env.TEST_CLOCK_OFFSET_DAYS = 25;
    try {
      const run = await runDailyReminders(e2e.server.deps, serverToday(env));
      expect(run.outcome).toBe('ran');
      await lapsing.page.reload();
      await lapsing.page.locator('[data-testid="subscription-registered_agent"][data-status="lapsed"]').waitFor();
      await screenshots(lapsing.page, 'renewals-lapsed-tr');

      // Operations resign as agent and notify the state (decision 0053): an operations member, not an
      // owner, sees the task and marks it done with the day it was done and a note.
      const ops = await staffPage(e2e, 'Deniz Operasyon', 'renewals.ops', 'operations');
      await ops.goto('/admin/renewals?view=lapsed');
      await ops.getByTestId('renewal-row').first().waitFor();
      const task = ops.getByTestId('renewal-task').filter({ hasText: 'Mehmet Kaya LLC' });
      await task.waitFor();
      await screenshots(ops, 'renewals-desk-tr');
      const doneOn = addDays(serverToday(env), -1);
      await task.getByLabel('Yapıldığı tarih').fill(doneOn);
      await task.getByLabel('Not').fill('Eyalete istifa bildirildi');
      await task.getByTestId('renewal-task-done').click();
      await ops.getByTestId('renewal-tasks').getByText('Açık görev yok.').waitFor();
      const db = e2e.server.deps.database.db;
      const [lapsingUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, lapsing.email));
      const [done] = await db
        .select({ doneOn: renewalTasks.doneOn, note: renewalTasks.note, doneBy: users.role })
        .from(renewalTasks)
        .innerJoin(users, eq(users.id, renewalTasks.doneBy))
        .where(eq(renewalTasks.userId, lapsingUser.id));
      expect(done).toEqual({ doneOn, note: 'Eyalete istifa bildirildi', doneBy: 'operations' });
      // The deadlines desk lists John's agent renewal at his subscription's end, with its state, as his
      // calendar does (decision 0057); Mehmet's lapsed one is no coming deadline.
      await ops.goto('/admin/deadlines?days=180&rule=registered_agent_renewal');
      const johnRow = ops.getByTestId('deadline-row').filter({ hasText: 'John Carter LLC' });
      await johnRow.waitFor();
      await expect
        .poll(() => johnRow.getByTestId('deadline-renewal-status').textContent())
        .toBe(`Dönem sonu ${formatCalendarDateLong(johnEnd, 'tr')}`);
      await expect.poll(() => ops.getByTestId('deadline-row').filter({ hasText: 'Mehmet Kaya LLC' }).count()).toBe(0);
      await screenshots(ops, 'renewals-deadlines-tr');
      await ops.goto('/admin/renewals?view=lapsed&lang=en');
      await ops.getByTestId('renewal-row').first().waitFor();
      await ops.getByRole('heading', { name: 'Renewals', level: 1 }).waitFor();
      await screenshots(ops, 'renewals-desk-en');
      await ops.context().close();
    } finally {
      env.TEST_CLOCK_OFFSET_DAYS = 0;
    }
    await lapsing.page.context().close();
  });
});
