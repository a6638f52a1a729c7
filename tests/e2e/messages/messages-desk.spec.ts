import { expect } from 'vitest';
import { FORMATION, fail, givenApplication, messagesFile, moveInApp, path$, pdf, type Row } from './messages-kit';

/*
 * The admin's EIN, formations and services desks, with the customer's application sent through the
 * API; the desk's SS-4 upload then opens the customer's SS-4 page, whose rows follow.
 */

const ROWS: Row[] = [
  // ── The admin ────────────────────────────────────────────────────────────────────────────────
  {
    name: 'the dashboard sends an admin to /admin/ein',
    on: 'admin',
    once: true,
    async run({ admin }) {
      await admin.goto('/dashboard');
      await admin.waitForURL('**/admin/ein');
    },
  },
  {
    name: 'admin EIN: the list cannot be loaded (the page stays, decision 0035)',
    on: 'admin',
    expect: 'adminEin.list.loadFailed',
    async run({ admin }) {
      // A first load of the desk carries its first page in the boot data (decision 0104): the failing call
      // is the one a visit inside the back office makes.
      await moveInApp(admin, '/admin', '/admin/ein', () =>
        fail(admin, 'GET', /\/api\/admin\/ein-applications(\?|$)/, 'busy'),
      );
      await admin.locator('[data-sonner-toast]').first().waitFor();
      expect(path$(admin)).toBe('/admin/ein');
    },
  },
  {
    name: 'admin EIN: the SS-4 upload fails',
    on: 'admin',
    expect: 'adminEin.toast.uploadFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await fail(admin, 'POST', /\/api\/admin\/ein-applications\/[^/]+\/ss4$/);
      await admin.setInputFiles('[data-testid=ein-upload-ss4-input]', {
        name: 'ss4.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('SS-4'),
      });
    },
  },
  {
    name: 'admin EIN: the status cannot be advanced',
    on: 'admin',
    expect: 'adminEin.toast.statusFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await fail(admin, 'POST', /\/api\/admin\/ein-applications\/[^/]+\/advance$/);
      await admin.click('[data-testid=ein-advance]');
    },
  },
  {
    name: 'admin EIN: the notes cannot be saved',
    on: 'admin',
    expect: 'adminEin.toast.notesFailed',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await admin.fill('textarea[name=adminNotes]', 'Müşteri aranacak');
      await fail(admin, 'PUT', /\/api\/admin\/ein-applications\/[^/]+\/notes$/);
      await admin.click('[data-testid=ein-notes-save]');
    },
  },
  {
    name: 'admin EIN: the SS-4 is uploaded',
    on: 'admin',
    expect: 'adminEin.toast.uploaded',
    async run({ admin, ids }) {
      await admin.goto(`/admin/ein?id=${ids.application}`);
      await admin.setInputFiles('[data-testid=ein-upload-ss4-input]', {
        name: 'ss4.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('SS-4'),
      });
    },
  },
  {
    name: 'admin formations: the list cannot be loaded',
    on: 'admin',
    expect: 'adminFormations.list.loadFailed',
    async run({ admin }) {
      // As the EIN desk's row above: the failing call is the one a visit inside the back office makes.
      await moveInApp(admin, '/admin', '/admin/formations', () =>
        fail(admin, 'GET', /\/api\/admin\/formations(\?|$)/, 'busy'),
      );
    },
  },
  {
    name: 'admin formations: the export fails',
    on: 'admin',
    expect: 'adminFormations.export.failed',
    async run({ admin }) {
      await admin.goto('/admin/formations');
      await fail(admin, 'GET', /\/api\/admin\/formations\/export\.csv/, 'busy');
      await admin.click('[data-testid=formations-export-csv]');
    },
  },
  {
    name: 'admin services: a service cannot be saved',
    on: 'admin',
    expect: 'adminServices.toast.saveFailed',
    async run({ admin }) {
      await admin.goto('/admin/services');
      await admin.fill('#service-title', 'Vergi Danışmanlığı');
      await admin.fill('#service-description', 'Yıllık beyanname desteği.');
      await admin.fill('#service-price', '75');
      await fail(admin, 'POST', /\/api\/admin\/services$/);
      await admin.click('[data-testid=service-form-submit]');
    },
  },
  {
    name: 'admin services: a service cannot be deleted',
    on: 'admin',
    expect: 'adminServices.toast.deleteFailed',
    async run({ admin }) {
      await admin.goto('/admin/services');
      await fail(admin, 'DELETE', /\/api\/admin\/services\/[^/]+$/);
      await admin.locator('[data-testid=service-delete]').first().click();
      await admin.click('[data-testid=service-delete-dialog-confirm]');
    },
  },

  // ── The customer with a prepared SS-4 ────────────────────────────────────────────────────────
  {
    name: 'SS-4 page: the formation cannot be loaded, so back to /dashboard',
    on: 'customer',
    expect: 'ss4.loadFailed',
    async run({ customer }) {
      await customer.goto('/dashboard');
      await fail(customer, 'GET', FORMATION, 'busy');
      await customer.goto('/ss4-instructions');
      await customer.waitForURL('**/dashboard');
    },
  },
  {
    name: 'SS-4 page: the signed form cannot be uploaded',
    on: 'customer',
    expect: 'ss4.toast.uploadFailed',
    async run({ customer }) {
      await customer.goto('/ss4-instructions');
      await customer.setInputFiles('input[name=file]', {
        name: 'signed.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('Signed SS-4'),
      });
      await fail(customer, 'POST', /\/api\/ein-applications\/me\/signed-ss4$/);
      await customer.click('[data-testid=ss4-upload]');
    },
  },
  {
    name: 'SS-4 page: the signed form is uploaded',
    on: 'customer',
    expect: 'ss4.toast.uploaded',
    async run({ customer }) {
      await customer.goto('/ss4-instructions');
      await customer.setInputFiles('input[name=file]', {
        name: 'signed.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf('Signed SS-4'),
      });
      await customer.click('[data-testid=ss4-upload]');
    },
  },
];

messagesFile('messages: the EIN, formations and services desks, then the SS-4 page', ROWS, givenApplication);
