import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { mountShortLinkRedirect } from './go.routes';
import { shortLinksAdminRoutes } from './short-links-admin.routes';

export const shortLinksFeature: ServerFeature = {
  name: 'short-links',
  admin: [{ path: '/short-links', routes: shortLinksAdminRoutes }],
  outside: [
    // Short links (/go/{slug}), before the web app’s catch-all (decision 0013).
    mountShortLinkRedirect,
  ],
  personalData: [
    {
      store: t('short_links', ['created_by'], 'created_by'),
      what: 'short links, with the staff member who made them',
      export: { excluded: 'staff data; customers have none here' },
      erasure: {
        does: 'keep',
        reason: 'staff accounts are removed by the owner on /admin/staff, not by a customer erasure',
      },
      retention: WHILE_OPEN,
      notice: 'staff',
    },
  ],
};
