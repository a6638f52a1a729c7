import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { twoFactorAdminRoutes, twoFactorRoutes, twoFactorSignInRoutes } from './two-factor.routes';

export const twoFactorFeature: ServerFeature = {
  name: 'two-factor',
  api: [
    { path: '/api/auth', routes: twoFactorSignInRoutes },
    { path: '/api/me/two-factor', routes: twoFactorRoutes },
  ],
  admin: [{ path: '/staff', routes: twoFactorAdminRoutes }],
  personalData: [
    {
      store: t('two_factors', ['secret_encrypted']),
      what: 'the second factor key, encrypted',
      export: { excluded: 'a secret key, not information about the person' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'security',
    },
    {
      store: t('two_factor_limits', ['failures', 'day_failures', 'lockouts', 'locked_until']),
      what: 'counts of wrong second-factor codes and the lockout they started (decision 0070)',
      export: { excluded: 'a security counter the portal keeps, not data the member gave' },
      erasure: { does: 'delete' },
      retention: { period: 'while the account is open; it starts over after a day without failures', sweep: null },
      notice: 'security',
    },
    {
      store: t('recovery_codes', ['code_hash']),
      what: 'recovery codes, as hashes',
      export: { excluded: 'secrets' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'security',
    },
  ],
};
