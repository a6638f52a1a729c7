import { expect } from 'vitest';
import {
  EIN_SUBMIT,
  einWizardFilled,
  fail,
  givenFormation,
  guideLastStep,
  json,
  messagesFile,
  next,
  path$,
  type Row,
  say,
} from './messages-kit';

/*
 * The customer at preparation answers the formation guide's "yes", then sends the EIN application
 * through the wizard, its failures first.
 */

const ROWS: Row[] = [
  {
    name: 'formation guide: "yes" moves the formation on and shows the completed step (product.md#other-states)',
    on: 'customer',
    expect: 'formation.toast.thanks',
    async run({ customer, lang }) {
      await guideLastStep(customer);
      await customer.check('input[name=isFormationComplete][value=true]');
      await customer.selectOption('select[name=state]', 'Wyoming');
      await next(customer);
      await customer.getByText(say(lang, 'formation.complete.doneTitle')).waitFor();
      expect(path$(customer)).toBe('/formation');
      // A locator wait, not expect.poll: the rows run in a concurrent describe, where poll has no test of its own.
      await customer
        .locator('[data-testid=wizard-next]')
        .filter({ hasText: new RegExp(`^${say(lang, 'common.backToDashboard')}$`) })
        .waitFor();
    },
  },

  // ── The customer at formation_completed: the EIN wizard ──────────────────────────────────────
  {
    name: 'EIN wizard: no answer while the documents go out',
    on: 'customer',
    expect: 'ein.toast.uploadFailed',
    async run({ customer, lang }) {
      await einWizardFilled(customer, lang);
      await fail(customer, 'POST', EIN_SUBMIT, 'noAnswer');
      await next(customer);
    },
  },
  {
    name: 'EIN wizard: an answer that is not the portal’s',
    on: 'customer',
    expect: 'ein.toast.unexpected',
    async run({ customer }) {
      // The wizard is still filled in after the previous row's failure.
      await fail(customer, 'POST', EIN_SUBMIT, 'notOurs');
      await next(customer);
    },
  },
  {
    name: 'EIN wizard: the portal fails to store the application',
    on: 'customer',
    expect: 'ein.toast.submitFailed',
    async run({ customer }) {
      await fail(customer, 'POST', EIN_SUBMIT);
      await next(customer);
    },
  },
  {
    name: 'EIN wizard: the application is sent',
    on: 'customer',
    expect: 'ein.toast.submitted',
    async run({ customer, ids }) {
      await next(customer);
      await customer.waitForURL('**/dashboard');
      const { application } = await json<{ application: { id: string } }>(
        await customer.request.get('/api/ein-applications/me'),
      );
      ids.application = application.id;
    },
  },
];

messagesFile('messages: the formation completed and the EIN wizard', ROWS, givenFormation);
