import { ABANDONED, t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { authRoutes } from './auth.routes';

export const authFeature: ServerFeature = {
  name: 'auth',
  api: [{ path: '/api/auth', routes: authRoutes }],
  personalData: [
    {
      store: t('users', ['name', 'email', 'image', 'lang'], 'id'),
      what: 'the account: name, email, language',
      export: { file: 'profile.json' },
      erasure: {
        does: 'anonymise',
        columns: ['name', 'email', 'image'],
        reason: 'the id stays so that kept orders and audit rows point at one erased account',
      },
      retention: { period: 'while the account is open', sweep: ABANDONED },
      notice: 'account',
    },
    {
      store: t('accounts', ['password']),
      what: 'the password, as a one-way hash',
      export: { excluded: 'a password hash is a secret, not information about the person' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'account',
    },
    {
      store: t('sessions', ['ip_address', 'network', 'user_agent', 'created_at', 'last_seen_at']),
      what: 'devices and sign-in records: browser, IP address, network, when opened and last seen',
      export: { file: 'profile.json' },
      erasure: { does: 'delete' },
      retention: { period: 'until sign-out, expiry or the device is removed on /account', sweep: null },
      notice: 'devices',
    },
    {
      store: t('verifications', ['identifier', 'value'], null),
      what: 'pending sign-up and password-reset links, naming the email address',
      export: { excluded: 'one-time links, secret and short-lived' },
      erasure: { does: 'delete' },
      retention: { period: 'until used or expired', sweep: null },
      notice: 'security',
    },
    {
      store: t('rate_limit_counters', ['key'], null),
      what: 'attempt counters whose keys may name the email address',
      export: { excluded: 'counters that expire within the hour' },
      erasure: { does: 'delete' },
      retention: { period: 'the limit’s window', sweep: null },
      notice: 'security',
    },
    {
      store: t(
        'user_profiles',
        ['email', 'display_name', 'utm_source', 'utm_medium', 'utm_campaign', 'short_link_slug'],
        'id',
      ),
      what: 'the profile and where the customer came from: UTM parameters and the short link',
      export: { file: 'profile.json' },
      erasure: { does: 'delete' },
      retention: { period: 'while the account is open', sweep: ABANDONED },
      notice: 'attribution',
    },
  ],
};
