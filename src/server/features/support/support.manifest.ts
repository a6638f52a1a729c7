import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import { adminSupportListQuerySchema } from '../../../shared/features/support/support.contracts';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall } from '../../platform/first-calls';
import { supportRoutes } from './support.routes';
import { supportAdminRoutes, supportDeskPage } from './support-admin.routes';

export const supportFeature: ServerFeature = {
  name: 'support',
  api: [{ path: '/api/support', routes: supportRoutes }],
  admin: [{ path: '/support', routes: supportAdminRoutes, refusals: { 'POST /threads': 'ADMIN_REQUIRED' } }],
  firstCalls: {
    'admin/support': deskFirstCall('support', 'support.read', adminSupportListQuerySchema, supportDeskPage),
  },
  personalData: [
    {
      store: t('support_threads', 'all'),
      what: 'support threads: subject, status, read marks',
      export: { file: 'support-threads.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'support',
    },
    {
      store: t('support_messages', ['message']),
      what: 'support messages, the customer’s and staff’s',
      export: { file: 'support-threads.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'support',
    },
    {
      store: t('support_attachments', ['file_name', 'file_path'], null),
      what: 'support attachments (rows)',
      export: { file: 'support-threads.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'support',
    },
    {
      store: { files: 'support' },
      what: 'the bytes of support attachments',
      export: { file: 'files/support/' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'support',
    },
  ],
};
