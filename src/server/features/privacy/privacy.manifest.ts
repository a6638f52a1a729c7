import { ACCOUNTING, t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { privacyAdminRoutes, privacyRoutes } from './privacy.routes';

export const privacyFeature: ServerFeature = {
  name: 'privacy',
  api: [{ path: '/api/privacy', routes: privacyRoutes }],
  admin: [{ path: '/privacy', routes: privacyAdminRoutes }],
  personalData: [
    {
      store: t('privacy_consents', ['version', 'given', 'network']),
      what: 'texts accepted and optional consents, with time and network',
      export: { file: 'consents.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'consents',
    },
    {
      store: t('privacy_erasure_requests', ['answer', 'token_hash']),
      what: 'erasure requests and staff’s answers',
      export: { file: 'consents.json' },
      erasure: {
        does: 'keep',
        reason: 'KVKK art. 13: proof that the request was answered; it names only the erased account’s id',
      },
      retention: ACCOUNTING,
      notice: 'consents',
    },
  ],
};
