import { adminPage, customerPage, type PageRoute } from '../../routes/page';

/** The mailroom (decision 0086): the customer's letters and the mail desk. */
export const mailPages: readonly PageRoute[] = [
  customerPage('mail', 'pages/MailPage.tsx', ['catalogue', 'compliance', 'mailroom', 'support']),
  adminPage('admin/mail', 'admin/AdminMailPage.tsx', ['catalogue', 'compliance', 'mailroom'], {
    key: 'mail',
    permission: 'mail.read',
    group: 'mailBank',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['mailroom'];
