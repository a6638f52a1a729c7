import { adminPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The audit trail (decision 0068). */
export const auditFeature: SharedFeature = {
  name: 'audit',
  pages: [adminPage('admin/audit', 'features/audit/admin/AdminAuditPage.tsx', ['adminAudit', 'catalogue'])],
  adminNav: [{ path: '/admin/audit', key: 'audit', permission: 'audit.read' }],
  messages: ['adminAudit'],
};
