import { expect } from 'vitest';
import { FORMATION, fail, givenFormation, guideLastStep, messagesFile, next, type Row, say } from './messages-kit';

/*
 * The customer at preparation (the formation record made through the API): the formation, bank and
 * address guides and the turnkey wizard.
 */

const ROWS: Row[] = [
  {
    name: 'formation guide: the formation cannot be loaded, so back to /dashboard',
    on: 'customer',
    expect: 'formation.loadFailed',
    async run({ customer }) {
      await fail(customer, 'GET', FORMATION, 'busy');
      await customer.goto('/formation');
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'formation guide: "yes" cannot be saved',
    on: 'customer',
    expect: 'formation.toast.updateFailed',
    async run({ customer }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=true]');
      await customer.selectOption('select[name=state]', 'Wyoming');
      await fail(customer, 'POST', /\/api\/formations\/me\/guide-completion$/);
      await next(customer);
    },
  },
  {
    name: 'formation guide: "no" cannot be saved',
    on: 'customer',
    expect: 'formation.toast.feedbackFailed',
    async run({ customer }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=false]');
      await customer.fill('textarea[name=reason]', 'Belgeleri topluyorum');
      await fail(customer, 'POST', /\/api\/formations\/me\/guide-completion$/);
      await next(customer);
    },
  },
  {
    name: 'formation guide: "no" thanks, its button reads "Panele Geri Dön" and goes to /dashboard',
    on: 'customer',
    expect: 'formation.toast.thanks',
    async run({ customer, lang }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=false]');
      await customer.locator('textarea[name=reason][rows="4"]').waitFor();
      await customer.fill('textarea[name=reason]', 'Belgeleri topluyorum');
      await customer.getByRole('button', { name: say(lang, 'common.backToDashboard') }).click();
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'bank guide: the feedback cannot be sent',
    on: 'customer',
    expect: 'guides.bank.feedback.failed',
    async run({ customer }) {
      await customer.goto('/bank-account');
      await next(customer);
      await next(customer);
      await customer.check('input[name=completed][value=true]');
      await customer.fill('textarea[name=feedbackText]', 'Kolaydı');
      await fail(customer, 'POST', /\/api\/feedback\/bank$/);
      await next(customer);
    },
  },
  {
    name: 'address guide: the feedback cannot be sent (its own Turkish wording)',
    on: 'customer',
    expect: 'guides.address.feedback.failed',
    async run({ customer }) {
      await customer.goto('/business-address');
      await next(customer);
      await next(customer);
      await customer.check('input[name=completed][value=false]');
      await customer.fill('textarea[name=feedbackText]', 'Fiyatları karşılaştırıyorum');
      await fail(customer, 'POST', /\/api\/feedback\/business-address$/);
      await next(customer);
    },
  },
  {
    name: 'bank guide: the feedback is sent',
    on: 'customer',
    expect: 'guides.thanks',
    async run({ customer }) {
      await customer.goto('/bank-account');
      await next(customer);
      await next(customer);
      await customer.check('input[name=completed][value=true]');
      await customer.fill('textarea[name=feedbackText]', 'Kolaydı');
      await next(customer);
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'turnkey wizard: a step cannot be saved',
    on: 'customer',
    expect: 'formationService.toast.saveFailed',
    async run({ customer }) {
      await customer.goto('/formation-service');
      await customer.check('input[name=packageSelected][value=formation_only]');
      await fail(customer, 'PUT', /\/api\/formation-service\/draft$/);
      await next(customer);
    },
  },
  {
    name: 'turnkey wizard: $125 agent renewal, the private address’s $100-250 state surcharge, then the request is sent',
    on: 'customer',
    expect: 'formationService.toast.submitted',
    checksItself: true,
    async run({ customer }, say) {
      await customer.goto('/formation-service');
      await customer.check('input[name=packageSelected][value=formation_only]');
      await next(customer);
      await customer
        .getByText(/\$125[.,]00/)
        .first()
        .waitFor();
      await next(customer);
      await customer.check('input[name=stateSelected][value=Wyoming]');
      await next(customer);
      await customer.check('input[name=businessAddress][value=private_address]');
      await customer
        .getByText(/\$100[.,]00\s?[-–]\s?\$250[.,]00/)
        .first()
        .waitFor();
      await next(customer);
      // The checkout page replaces this one at once, before sonner (loaded with the first toast) may
      // have drawn it: the checkout page is held until this page has reported the toast's title.
      const seen: string[] = [];
      await customer.exposeBinding('reportToast', (_source, text: string) => seen.push(text));
      await customer.evaluate(() => {
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-sonner-toast] [data-title]'))
            (window as unknown as { reportToast(t: string): void }).reportToast(el.textContent ?? '');
        }).observe(document.body, { childList: true, subtree: true });
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await customer.route(/\/payment\/test-checkout\//, async (route) => {
        await held;
        await route.continue();
      });
      // A DOM click: Playwright's own would wait for the navigation it starts, which is held.
      await customer.locator('[data-testid=wizard-next]').evaluate((el) => (el as HTMLElement).click());
      const text = say('formationService.toast.submitted');
      for (let waited = 0; !seen.includes(text) && waited < 20_000; waited += 100) await customer.waitForTimeout(100);
      release();
      expect(seen).toContain(text);
      await customer.waitForURL(/\/payment\/test-checkout\//);
    },
  },
];

messagesFile('messages: the guides and the turnkey wizard at preparation', ROWS, givenFormation);
