import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import { adminFormationListQuerySchema } from '../../../shared/features/formations/formations-admin.contracts';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall } from '../../platform/first-calls';
import { formationsRoutes } from './formations.routes';
import { formationDeskPage, formationsAdminRoutes } from './formations-admin.routes';

export const formationsFeature: ServerFeature = {
  name: 'formations',
  api: [{ path: '/api/formations', routes: formationsRoutes }],
  admin: [{ path: '/formations', routes: formationsAdminRoutes }],
  firstCalls: {
    'admin/formations': deskFirstCall(
      'formations',
      'formations.read',
      adminFormationListQuerySchema,
      formationDeskPage,
    ),
  },
  personalData: [
    {
      store: t('company_formations', 'all'),
      what: 'the formation: choices, company details, phone number, guide answers',
      export: { file: 'formation.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'formation',
    },
    {
      store: t('stage_history', 'all'),
      what: 'the dates each application reached each stage',
      export: { file: 'history.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'history',
    },
  ],
};
