import { adminPage, type PageRoute } from '../../routes/page';

/** The audit trail (decision 0068). */
export const auditPages: readonly PageRoute[] = [
  adminPage('admin/audit', 'admin/AdminAuditPage.tsx', ['adminAudit', 'catalogue'], {
    key: 'audit',
    permission: 'audit.read',
    group: 'team',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['adminAudit'];
