import { t } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { accountRoutes } from './account.routes';
import { getAccount, listDevices } from './account.service';

export const accountFeature: ServerFeature = {
  name: 'account',
  api: [{ path: '/api/account', routes: accountRoutes }],
  firstCalls: {
    account: ({ deps, reader: { user, sessionId } }) => [
      ['/api/account', () => getAccount(deps, user.id)],
      ['/api/account/sessions', () => listDevices(deps, user, sessionId)],
    ],
  },
  personalData: [
    {
      store: t('email_changes', ['new_email']),
      what: 'a pending email change with the new address',
      export: { excluded: 'a pending one-time change; the address in force is in profile.json' },
      erasure: { does: 'delete' },
      retention: { period: 'until confirmed or expired', sweep: null },
      notice: 'security',
    },
  ],
};
