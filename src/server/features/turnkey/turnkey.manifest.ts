import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { turnkeyRoutes } from './turnkey.routes';

export const turnkeyFeature: ServerFeature = {
  name: 'turnkey',
  api: [{ path: '/api/formation-service', routes: turnkeyRoutes }],
  personalData: [
    {
      store: t('formation_service_requests', 'all'),
      what: 'the turnkey formation request: company names, address, members',
      export: { file: 'turnkey-request.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'formation',
    },
  ],
};
