import { fail, givenThread, messagesFile, moveInApp, type Row, say } from './messages-kit';

/*
 * The admin's users and support desks, short links and signing out, with the customer's support
 * request made through the API.
 */

const ROWS: Row[] = [
  {
    name: 'admin users: the list cannot be loaded',
    on: 'admin',
    expect: 'adminUsers.list.loadFailed',
    async run({ admin }) {
      // A first load of the desk carries its first page in the boot data (decision 0104): the failing call
      // is the one a visit inside the back office makes.
      await moveInApp(admin, '/admin', '/admin/users', () => fail(admin, 'GET', /\/api\/admin\/users(\?|$)/, 'busy'));
    },
  },
  {
    name: 'admin users: the name cannot be saved',
    on: 'admin',
    expect: 'adminUsers.toast.updateFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/users?id=${ids.user}`);
      await admin.click('[data-testid=user-edit]');
      await admin.fill('input[name=displayName]', 'Yeni Ad');
      await fail(admin, 'PATCH', new RegExp(`/api/admin/users/${ids.user}$`));
      await admin.click('[data-testid=user-save]');
    },
  },
  {
    name: 'admin users: a support thread is opened for the customer (the long form)',
    on: 'admin',
    expect: 'support.admin.user.created',
    async run({ admin, ids }) {
      await admin.goto(`/admin/users?id=${ids.user}`);
      const form = admin.locator('[data-testid=user-support-create]');
      await form.locator('input[name=subject]').fill('Belgeleriniz');
      await form.locator('textarea[name=message]').fill('Kuruluş belgenizi yükler misiniz?');
      await form.getByRole('button').last().click();
    },
  },
  {
    name: 'admin support: the list cannot be loaded',
    on: 'admin',
    expect: 'support.admin.list.loadFailed',
    async run({ admin }) {
      // As above: the failing call is the one a visit inside the back office makes.
      await moveInApp(admin, '/admin', '/admin/support', () =>
        fail(admin, 'GET', /\/api\/admin\/support\/threads(\?|$)/, 'busy'),
      );
    },
  },
  {
    name: 'admin support: the messages cannot be loaded',
    on: 'admin',
    expect: 'support.admin.detail.loadFailed',
    inPage: true,
    async run({ admin, ids }) {
      await fail(admin, 'GET', new RegExp(`/api/admin/support/threads/${ids.thread}$`), 'busy');
      await admin.goto(`/admin/support?thread=${ids.thread}`);
    },
  },
  {
    name: 'admin support: a reply cannot be sent',
    on: 'admin',
    expect: 'support.admin.detail.replyFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/support?thread=${ids.thread}`);
      await admin.fill('[data-testid=support-reply] textarea[name=message]', 'Yarın dönüyoruz.');
      await fail(admin, 'POST', new RegExp(`/api/admin/support/threads/${ids.thread}/messages$`));
      await admin.click('[data-testid=support-send]');
    },
  },
  {
    name: 'admin support: the status cannot be changed',
    on: 'admin',
    expect: 'support.admin.detail.statusFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/support?thread=${ids.thread}`);
      await fail(admin, 'PUT', new RegExp(`/api/admin/support/threads/${ids.thread}/status$`));
      await admin.locator('[data-testid=support-detail] select').first().selectOption('resolved');
    },
  },
  {
    name: 'short links: the list cannot be loaded',
    on: 'admin',
    expect: 'shortLinks.toast.loadFailed',
    async run({ admin }) {
      await fail(admin, 'GET', /\/api\/admin\/short-links(\?|$)/, 'busy');
      await admin.goto('/shorten');
    },
  },
  {
    name: 'short links: a link cannot be created',
    on: 'admin',
    expect: 'shortLinks.toast.createFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await admin.fill('input[name=originalUrl]', 'https://example.com/kampanya');
      await fail(admin, 'POST', /\/api\/admin\/short-links$/);
      await admin.click('[data-testid=short-link-submit]');
    },
  },
  {
    name: 'short links: a link cannot be updated',
    on: 'admin',
    expect: 'shortLinks.toast.updateFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await admin.locator('[data-testid=short-link-edit]').first().click();
      await admin.fill('input[name=originalUrl]', 'https://example.com/yeni');
      await fail(admin, 'PATCH', /\/api\/admin\/short-links\/[^/]+$/);
      await admin.click('[data-testid=short-link-submit]');
    },
  },
  {
    name: 'short links: a link cannot be deleted',
    on: 'admin',
    expect: 'shortLinks.toast.deleteFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await fail(admin, 'DELETE', /\/api\/admin\/short-links\/[^/]+$/);
      await admin.locator('[data-testid=short-link-delete]').first().click();
      await admin.click('[data-testid=short-link-delete-dialog-confirm]');
    },
  },
  {
    name: 'short links: the clipboard refuses the copy',
    on: 'admin',
    expect: 'shortLinks.toast.copyFailed',
    async run({ admin }) {
      await admin.goto('/shorten');
      await admin.locator('[data-testid=short-link-copy]').first().waitFor();
      await admin.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
        });
      });
      await admin.locator('[data-testid=short-link-copy]').first().click();
    },
  },
  {
    name: 'admin: signing out fails',
    on: 'admin',
    expect: 'common.signOut.failed',
    async run({ admin, lang }) {
      await admin.goto('/admin/formations');
      await fail(admin, 'POST', /\/api\/auth\/sign-out$/);
      await admin
        .getByRole('button', { name: say(lang, 'common.signOut.label') })
        .first()
        .click();
    },
  },
];

messagesFile('messages: the users and support desks, short links and signing out', ROWS, givenThread);
