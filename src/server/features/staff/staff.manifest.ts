import { t } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { invitationsRoutes } from './invitations.routes';
import { staffAdminRoutes } from './staff-admin.routes';

export const staffFeature: ServerFeature = {
  name: 'staff',
  api: [{ path: '/api/invitations', routes: invitationsRoutes }],
  admin: [{ path: '/staff', routes: staffAdminRoutes }],
  personalData: [
    {
      store: t('staff_invitations', ['email', 'invited_by'], 'invited_by'),
      what: 'staff invitations: the invitee’s email and who invited them',
      export: { excluded: 'staff data; customers have none here' },
      erasure: {
        does: 'keep',
        reason: 'staff accounts are removed by the owner on /admin/staff, not by a customer erasure',
      },
      retention: { period: 'until accepted or expired', sweep: null },
      notice: 'staff',
    },
  ],
};
