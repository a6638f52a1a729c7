import { describe, expect, it } from 'vitest';
import { ADMIN_CODE, e2eEmail, fromOurPages } from '../../support/e2e';
import {
  CATALOGUES,
  FORMATION,
  fail,
  json,
  messagesFile,
  moveInApp,
  next,
  onboardToLastStep,
  PASSWORD,
  type Row,
  SPEC_TEXT,
  say,
} from './messages-kit';

/*
 * A visitor and a new customer: signing in and up, the pages that need an account, onboarding and the
 * dashboard (the customer's formation record is made by the onboarding rows).
 */

const ROWS: Row[] = [
  // ── A visitor ────────────────────────────────────────────────────────────────────────────────
  {
    name: 'sign-in: a failure other than bad credentials',
    on: 'visitor',
    expect: 'errors.SIGN_IN_FAILED',
    async run({ visitor, customerEmail }) {
      await visitor.goto('/signin');
      await fail(visitor, 'POST', /\/api\/auth\/sign-in$/);
      await visitor.fill('input[name=email]', customerEmail);
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.click('button[type=submit]');
    },
  },
  {
    name: 'sign-up: the account cannot be created',
    on: 'visitor',
    expect: 'errors.SIGN_UP_FAILED',
    async run({ visitor }) {
      await visitor.goto('/signup');
      await fail(visitor, 'POST', /\/api\/auth\/sign-up$/);
      await visitor.fill('input[name=fullName]', 'Deneme Kişi');
      await visitor.fill('input[name=email]', e2eEmail('msg-signup'));
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.fill('input[name=confirmPassword]', PASSWORD);
      await visitor.check('input[name=terms]');
      await visitor.click('button[type=submit]');
    },
  },
  {
    name: 'admin sign-up: the account cannot be created',
    on: 'visitor',
    expect: 'auth.adminSignUp.failed',
    async run({ visitor }) {
      await visitor.goto('/admin/signup');
      await fail(visitor, 'POST', /\/api\/auth\/admin-sign-up$/);
      await visitor.fill('input[name=fullName]', 'Deneme Yönetici');
      await visitor.fill('input[name=email]', e2eEmail('msg-admin-signup'));
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.fill('input[name=confirmPassword]', PASSWORD);
      await visitor.fill('input[name=adminCode]', ADMIN_CODE);
      await visitor.check('input[name=terms]');
      await visitor.click('button[type=submit]');
    },
  },
  ...['/formation-service', '/ein-application', '/ss4-instructions', '/payment/cancelled', '/onboarding'].map(
    (route): Row => ({
      name: `an anonymous visitor to ${route} is sent to /signin`,
      on: 'visitor',
      expect: 'common.signInRequired',
      async run({ visitor }) {
        await visitor.goto(route);
        await visitor.waitForURL('**/signin');
      },
    }),
  ),
  {
    name: 'an anonymous visitor to /payment/success is sent to /signin',
    on: 'visitor',
    expect: 'common.signInRequired',
    async run({ visitor }) {
      await visitor.goto('/payment/success?session_id=cs_test_nobody');
      await visitor.waitForURL('**/signin');
    },
  },
  {
    name: 'an anonymous visitor to /dashboard is sent to /signin',
    on: 'visitor',
    once: true,
    async run({ visitor }) {
      await visitor.goto('/dashboard');
      await visitor.waitForURL('**/signin');
    },
  },

  // ── The customer, before onboarding ──────────────────────────────────────────────────────────
  {
    name: 'the dashboard sends a customer without a formation record to /onboarding',
    on: 'customer',
    once: true,
    async run({ customer }) {
      await customer.goto('/dashboard');
      await customer.waitForURL('**/onboarding');
    },
  },
  {
    name: 'onboarding: no answer from the server',
    on: 'customer',
    expect: 'onboarding.toast.startFailed',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await fail(customer, 'POST', /\/api\/formations$/, 'noAnswer');
      await next(customer);
    },
  },
  {
    name: 'onboarding: the server refuses to create the record',
    on: 'customer',
    expect: 'onboarding.toast.createFailed',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await fail(customer, 'POST', /\/api\/formations$/);
      await next(customer);
    },
  },
  {
    name: 'onboarding: an answer that is not the portal’s',
    on: 'customer',
    expect: 'onboarding.toast.unexpected',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await fail(customer, 'POST', /\/api\/formations$/, 'notOurs');
      await next(customer);
    },
  },
  {
    name: 'onboarding: signing out fails',
    on: 'customer',
    expect: 'common.signOut.failed',
    async run({ customer, lang }) {
      await customer.goto('/onboarding');
      await fail(customer, 'POST', /\/api\/auth\/sign-out$/);
      await customer
        .getByRole('button', { name: say(lang, 'common.signOut.label') })
        .first()
        .click();
    },
  },
  {
    name: 'onboarding: the record was created meanwhile (another tab), so the customer is welcomed back',
    on: 'customer',
    expect: 'onboarding.toast.welcomeBack',
    async run({ customer }) {
      await onboardToLastStep(customer);
      await json(
        await customer.request.post('/api/formations', { data: { formationType: 'self' }, ...fromOurPages(customer) }),
        201,
      );
      await next(customer);
      await customer.waitForURL('**/dashboard');
    },
  },

  // ── The customer at preparation ──────────────────────────────────────────────────────────────
  {
    name: 'onboarding sends a customer with a formation record to /dashboard',
    on: 'customer',
    once: true,
    async run({ customer }) {
      await customer.goto('/onboarding');
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'sign-in: a customer with a formation record is welcomed back',
    on: 'visitor',
    expect: 'auth.signIn.welcomeBack',
    async run({ visitor, customerEmail }) {
      await visitor.goto('/signin');
      await visitor.fill('input[name=email]', customerEmail);
      await visitor.fill('input[name=password]', PASSWORD);
      await visitor.click('button[type=submit]');
      await visitor.waitForURL('**/dashboard');
      // The dashboard drawn, the session is no longer read: signed out before it was, a slow page went back
      // to the sign-in page and its toast with it (a busy run, both languages).
      await visitor.locator('main h1').first().waitFor();
      await visitor.context().clearCookies({ name: /session/ });
    },
  },
  {
    name: 'dashboard: the formation cannot be loaded',
    on: 'customer',
    expect: 'dashboard.loadFailed',
    async run({ customer }) {
      await moveInApp(customer, '/support', '/dashboard', () => fail(customer, 'GET', FORMATION, 'busy'));
    },
  },
  {
    name: 'dashboard: refreshing fails',
    on: 'customer',
    expect: 'dashboard.refresh.failed',
    async run({ customer, lang }) {
      await customer.goto('/dashboard');
      const refresh = customer.getByRole('button', { name: say(lang, 'dashboard.refresh.label') });
      await refresh.waitFor();
      await fail(customer, 'GET', FORMATION, 'busy');
      await refresh.click();
    },
  },
  {
    name: 'dashboard: refreshing succeeds',
    on: 'customer',
    expect: 'dashboard.refresh.success',
    async run({ customer, lang }) {
      await customer.goto('/dashboard');
      await customer.getByRole('button', { name: say(lang, 'dashboard.refresh.label') }).click();
    },
  },
];

describe('product.md#error-catalogue in the catalogues', () => {
  it('the English catalogue says what the spec says', () => {
    const differs = Object.entries(SPEC_TEXT)
      .filter(([key, text]) => key !== 'common.backToDashboard' && CATALOGUES.en[key] !== text)
      .map(([key, text]) => `${key}: "${CATALOGUES.en[key]}" where the spec says "${text}"`);
    expect(differs).toEqual([]);
    expect(CATALOGUES.tr['common.backToDashboard']).toBe(SPEC_TEXT['common.backToDashboard']);
  });
});

messagesFile('messages: a visitor, onboarding and the dashboard', ROWS);
