import { expect } from 'vitest';
import { TOAST_DURATION_MS } from '../../../src/shared/domain/limits';
import { fromOurPages } from '../../support/e2e';
import { fail, givenFormation, json, messagesFile, moveInApp, pdf, type Row, say, toast } from './messages-kit';

/*
 * The customer at preparation (the formation record made through the API): documents, services,
 * support, the shared wrapper and the toasts' time.
 */

const ROWS: Row[] = [
  {
    name: 'documents: the list cannot be loaded',
    on: 'customer',
    expect: 'documents.loadFailed',
    // A first load of /documents carries its list in the boot data (decision 0104), so the failing call is
    // the one a visit inside the app makes.
    async run({ customer }) {
      await moveInApp(customer, '/dashboard', '/documents', () =>
        fail(customer, 'GET', /\/api\/documents(\?|$)/, 'busy'),
      );
    },
  },
  {
    name: 'documents: the refresh button reloads the list',
    on: 'customer',
    expect: 'documents.refreshed',
    async run({ customer, lang }) {
      await customer.goto('/documents');
      await customer.getByRole('button', { name: say(lang, 'documents.refresh') }).click();
    },
  },
  {
    name: 'documents: refreshing fails',
    on: 'customer',
    expect: 'documents.loadFailed',
    async run({ customer, lang }) {
      await customer.goto('/documents');
      const refresh = customer.getByRole('button', { name: say(lang, 'documents.refresh') });
      await customer.locator('[data-testid=documents-empty]').waitFor();
      await fail(customer, 'GET', /\/api\/documents(\?|$)/, 'busy');
      await refresh.click();
    },
  },
  {
    name: 'documents: the upload fails',
    on: 'customer',
    expect: 'documents.upload.failed',
    async run({ customer }) {
      await customer.goto('/documents');
      await customer.selectOption('select[name=category]', { index: 1 });
      await customer.setInputFiles('input[name=file]', {
        name: 'license.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('License'),
      });
      await fail(customer, 'POST', /\/api\/documents$/);
      await customer.click('[data-testid=documents-upload-submit]');
    },
  },
  {
    name: 'services: the list cannot be loaded',
    on: 'customer',
    expect: 'services.loadFailed',
    async run({ customer }) {
      await moveInApp(customer, '/support', '/services', () => fail(customer, 'GET', /\/api\/services(\?|$)/, 'busy'));
    },
  },
  {
    name: 'services: a service cannot be loaded',
    on: 'customer',
    expect: 'services.detail.loadFailed',
    async run({ customer, ids }) {
      await fail(customer, 'GET', new RegExp(`/api/services/${ids.service}$`), 'busy');
      await customer.goto(`/services/${ids.service}`);
    },
  },
  {
    name: 'services: the checkout cannot be created (the server’s reason beneath)',
    on: 'customer',
    expect: 'services.purchase.failed',
    async run({ customer, ids, lang }) {
      await customer.goto(`/services/${ids.service}`);
      await fail(customer, 'POST', /\/api\/payments\/checkout$/, 'providerFailed');
      await customer.click('[data-testid=service-buy]');
      await customer
        .locator('[data-sonner-toast] [data-description]')
        .getByText(say(lang, 'errors.PAYMENT_PROVIDER_FAILED'), { exact: true })
        .first()
        .waitFor();
    },
  },
  {
    name: 'support: the requests cannot be loaded',
    on: 'customer',
    expect: 'support.threads.loadFailed',
    async run({ customer }) {
      await fail(customer, 'GET', /\/api\/support\/threads(\?|$)/, 'busy');
      await customer.goto('/support');
    },
  },
  {
    name: 'support: a request cannot be created',
    on: 'customer',
    expect: 'support.create.failed',
    async run({ customer }) {
      await customer.goto('/support');
      await customer.fill('input[name=subject]', 'Banka hesabı');
      await fail(customer, 'POST', /\/api\/support\/threads$/);
      await customer.click('[data-testid=support-create]');
    },
  },
  {
    name: 'support: a request is created (the short form)',
    on: 'customer',
    expect: 'support.create.success',
    async run({ customer, ids }) {
      await customer.goto('/support');
      await customer.fill('input[name=subject]', 'Banka hesabı');
      await customer.click('[data-testid=support-create]');
      await customer.waitForURL(/\/support\?thread=/);
      ids.thread = new URL(customer.url()).searchParams.get('thread') ?? undefined;
    },
  },
  {
    name: 'support: the messages cannot be loaded',
    on: 'customer',
    expect: 'support.conversation.loadFailed',
    inPage: true,
    async run({ customer, ids }) {
      await fail(customer, 'GET', new RegExp(`/api/support/threads/${ids.thread}$`), 'busy');
      await customer.goto(`/support?thread=${ids.thread}`);
    },
  },
  {
    name: 'support: a message cannot be sent',
    on: 'customer',
    expect: 'support.reply.failed',
    async run({ customer, ids }) {
      await customer.goto(`/support?thread=${ids.thread}`);
      await customer.fill('[data-testid=support-reply] textarea[name=message]', 'Hangi belgeler gerekiyor?');
      await fail(customer, 'POST', new RegExp(`/api/support/threads/${ids.thread}/messages$`));
      await customer.click('[data-testid=support-send]');
    },
  },
  {
    name: 'support: the status badges are blue, yellow, green and gray',
    on: 'customer',
    once: true,
    async run({ customer, admin }) {
      const statuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
      for (const status of statuses) {
        const created = await json<{ thread: { id: string } }>(
          await customer.request.post('/api/support/threads', {
            multipart: { subject: `Rozet ${status}` },
            ...fromOurPages(customer),
          }),
          201,
        );
        await json(
          await admin.request.put(`/api/admin/support/threads/${created.thread.id}/status`, {
            data: { status },
            ...fromOurPages(admin),
          }),
        );
      }
      await customer.goto('/support');
      const hues: Record<string, string> = {};
      for (const status of statuses) {
        const badge = customer.locator(`[data-testid=support-status][data-status=${status}]`).first();
        await badge.waitFor();
        hues[status] = await badge.evaluate((el) => {
          // The background as sRGB, whatever colour space the stylesheet wrote it in.
          const canvas = document.createElement('canvas');
          canvas.width = 1;
          canvas.height = 1;
          const g = canvas.getContext('2d') as CanvasRenderingContext2D;
          g.fillStyle = getComputedStyle(el).backgroundColor;
          g.fillRect(0, 0, 1, 1);
          const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
          if (Math.max(r, gr, b) - Math.min(r, gr, b) < 12) return 'gray';
          if (b > r && b > gr) return 'blue';
          if (gr > b && r > b && Math.abs(r - gr) < 40) return 'yellow';
          if (gr > r && gr > b) return 'green';
          return `rgb(${r},${gr},${b})`;
        });
      }
      expect(hues).toEqual({ open: 'blue', in_progress: 'yellow', resolved: 'green', closed: 'gray' });
    },
  },
  {
    name: 'every page in the shared wrapper links back to the panel with "Panele Geri Dön"',
    on: 'customer',
    once: true,
    async run({ customer, lang }) {
      for (const route of ['/documents', '/support', '/bank-account', '/business-address', '/formation']) {
        await customer.goto(route);
        const back = customer.getByRole('link', { name: say(lang, 'common.backToDashboard') });
        await back.waitFor();
        expect(await back.getAttribute('href'), route).toBe('/dashboard');
      }
      await customer.getByRole('link', { name: say(lang, 'common.backToDashboard') }).click();
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'toasts stay 5 seconds',
    on: 'customer',
    once: true,
    async run({ customer, lang }) {
      await customer.goto('/documents');
      const refresh = customer.getByRole('button', { name: say(lang, 'documents.refresh') });
      await refresh.waitFor();
      // Timed in the page, from the toast's arrival to its removal: a busy test runner that notices
      // either late cannot shorten or lengthen it.
      const lasted = customer.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let shownAt = 0;
            new MutationObserver(() => {
              const present = document.querySelector('[data-sonner-toast]') !== null;
              if (present && !shownAt) shownAt = performance.now();
              if (!present && shownAt) resolve(performance.now() - shownAt);
            }).observe(document.body, { childList: true, subtree: true });
          }),
      );
      await refresh.click();
      await toast(customer, say(lang, 'documents.refreshed')).waitFor();
      expect(TOAST_DURATION_MS).toBe(5000);
      // Sonner removes the toast once its exit animation (a few hundred ms) has run.
      const ms = await lasted;
      expect(ms).toBeGreaterThanOrEqual(TOAST_DURATION_MS);
      expect(ms).toBeLessThan(TOAST_DURATION_MS + 1500);
    },
  },
];

messagesFile('messages: documents, services and support at preparation', ROWS, givenFormation);
