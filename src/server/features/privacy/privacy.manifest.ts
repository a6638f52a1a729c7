import { ACCOUNTING, t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import { isCustomer } from '../../../shared/domain/roles';
import type { ServerFeature } from '../../platform/feature';
import { privacyAdminRoutes, privacyRoutes } from './privacy.routes';
import { getConsents } from './privacy-consents.service';
import { myErasure } from './privacy-erasure.service';

export const privacyFeature: ServerFeature = {
  name: 'privacy',
  api: [{ path: '/api/privacy', routes: privacyRoutes }],
  admin: [{ path: '/privacy', routes: privacyAdminRoutes }],
  firstCalls: {
    // The account page draws the data-rights sections for customers only.
    account: ({ deps, reader: { user } }) =>
      isCustomer(user.role)
        ? [
            ['/api/privacy/consents', () => getConsents(deps.database.db, user.id)],
            ['/api/privacy/erasure', () => myErasure(deps, user.id)],
          ]
        : [],
  },
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
