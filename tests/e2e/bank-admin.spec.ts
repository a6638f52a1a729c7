/**
 * The bank side of the back office in the browser (decisions 0085, 0091), in both languages with
 * screenshots at 1280 and 375 px: the home's bank panel links each figure to the list behind it (a
 * provider's approval rate to its applications, a refusal reason to the refusals with that reason, the
 * stale rules to the catalogue's stale filter); the catalogue's screen re-checks a stale rule and
 * withdraws another, each with its audit row.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, bankRuleOverrides, users } from '../../src/server/db/schema';
import { bankReadyCompany } from '../../src/server/features/bank-readiness/bank-readiness.fixtures';
import { followAdminNav, fromOurPages, screenshots, serverAndBrowserForFile } from '../support/e2e';
import { adminPage, customerPage } from '../support/e2e-accounts';

const e2e = serverAndBrowserForFile();
const REASON = 'Registered agent address not accepted';

describe('the bank catalogue and applications in the back office', () => {
  it("links the home's bank figures to their lists and edits the catalogue", async () => {
    const db = e2e.server.deps.database.db;
    // A founder who recorded three answers, two of them refusals with the same reason.
    const { page: founder, email } = await customerPage(e2e, 'Işıl Kılıç', 'bank.admin.founder');
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await bankReadyCompany(e2e.server, user.id, { name: 'Kılıç Çözüm LLC' });
    for (const [provider, outcome, reason] of [
      ['relay', 'refused', REASON],
      ['wise', 'refused', ` ${REASON.toUpperCase()} `],
      ['wise', 'approved', undefined],
    ] as const) {
      const res = await founder.request.post('/api/bank-readiness/applications', {
        data: { provider, outcome, reason, decidedOn: '2026-11-20' },
        ...fromOurPages(founder),
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await founder.context().close();
    // One rule last checked long ago: stale.
    await db.insert(bankRuleOverrides).values({ provider: 'wise', ruleKey: 'review', checkedOn: '2025-01-02' });

    const owner = await adminPage(e2e, 'Banka Sahibi', 'bank.admin.owner');
    const panel = owner.getByTestId('home-panel-bank');

    // A provider's approval rate → the applications to that provider.
    await owner.goto('/admin?lang=tr');
    const wiseRate = panel.getByTestId('home-figure-bank-wise').getByRole('link', { name: '50% (1/2)' });
    await wiseRate.waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshots(owner, 'bank-home-panel-tr');
    await wiseRate.click();
    await owner.waitForURL('**/admin/bank-applications?provider=wise');
    const rows = owner.getByTestId('bank-application');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: 'Kılıç Çözüm LLC' }).first().waitFor();
    await screenshots(owner, 'bank-applications-provider-tr');

    // A refusal reason → the refusals with that reason, whatever their case and spaces.
    await owner.goto('/admin?lang=en');
    await panel.getByRole('link', { name: `${REASON.toLowerCase()} (2)` }).click();
    await owner.waitForURL('**/admin/bank-applications?outcome=refused&reason=**');
    await owner.getByTestId('bank-applications-reason').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    await screenshots(owner, 'bank-applications-reason-en');
    // The search box finds the company with Turkish letters folded.
    await owner.goto('/admin/bank-applications?lang=en');
    await owner.locator('#bank-applications-search').fill('kilic cozum');
    await expect.poll(() => rows.count()).toBe(3);

    // The stale rules → the catalogue filtered to them; re-checked today, the rule is no longer stale.
    await owner.goto('/admin?lang=tr');
    await panel.getByTestId('home-figure-bank-stale').getByRole('link').click();
    await owner.waitForURL('**/admin/bank-catalogue?stale=1');
    const stale = owner.locator('[data-testid="bank-rule"][data-rule="wise:review"]');
    await stale.getByText('Olağan inceleme süresi').waitFor();
    expect(await stale.getAttribute('data-stale')).toBe('true');
    await screenshots(owner, 'bank-catalogue-stale-tr');
    await stale.getByTestId('bank-rule-recheck').click();
    await owner.getByTestId('bank-catalogue-stale-count').getByText('180 günden eski kural yok.').waitFor();
    await stale.waitFor({ state: 'detached' });

    // Withdraw a rule through the form, with a note: customers then see "unknown, ask the bank".
    await owner.goto('/admin/bank-catalogue?lang=en&provider=mercury');
    const physical = owner.locator('[data-testid="bank-rule"][data-rule="mercury:address.physical"]');
    await physical.getByText('Operating (physical) address').waitFor();
    await physical.getByTestId('bank-rule-change').click();
    const form = physical.getByTestId('bank-rule-form');
    await form.getByLabel('Withdraw this rule (it no longer holds)').check();
    await form.getByLabel('Note (kept in the audit trail)').fill('The page moved');
    await form.getByTestId('bank-rule-save').click();
    await expect.poll(() => physical.getAttribute('data-withdrawn')).toBe('true');
    await physical.getByText('The page moved').waitFor();
    expect(await physical.getByTestId('bank-rule-recheck').count()).toBe(0);
    await screenshots(owner, 'bank-catalogue-withdrawn-en');
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bank.rule_changed'), eq(auditEvents.entityId, 'mercury:address.physical')));
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ withdrawn: true, note: 'The page moved' });
    await owner.context().close();
  });

  it('lists Form 8822-B on the deadlines desk after a mailing address change, with its date caveat and source', async () => {
    const db = e2e.server.deps.database.db;
    const { page: founder, email } = await customerPage(e2e, 'Ece Adres', 'bank.admin.8822b');
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await bankReadyCompany(e2e.server, user.id, { name: 'Adres Değişen LLC' });
    const moved = await founder.request.put('/api/bank-readiness/addresses/mailing', {
      data: { kind: 'office', country: 'US', line1: '9 Elm St', city: 'Casper', region: 'WY', postalCode: '82601' },
      ...fromOurPages(founder),
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await founder.context().close();

    // Staff reach the desk through the top bar's group, then filter on the rule and search the customer.
    const owner = await adminPage(e2e, 'Takvim Sahibi', 'bank.admin.8822b.owner');
    await owner.goto('/admin?lang=tr');
    await followAdminNav(owner, 'Son tarihler');
    await owner.waitForURL('**/admin/deadlines');
    await owner.goto(`/admin/deadlines?days=90&rule=form_8822b&q=${encodeURIComponent(email)}`);
    const row = owner.getByTestId('deadline-row');
    await row.getByText('Form 8822-B (adres değişikliği)').waitFor();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Adres Değişen LLC', { exact: false }).waitFor();
    const note = row.getByTestId('deadline-event-note');
    await expect.poll(() => note.textContent()).toContain('sorumlu kişi değişikliği için 60 gün verir');
    await expect
      .poll(() => note.getByRole('link').getAttribute('href'))
      .toBe('https://grokipedia.com/page/IRS_Form_8822-B');
    await screenshots(owner, 'deadlines-8822b-tr');
    await owner.context().close();
  });
});
