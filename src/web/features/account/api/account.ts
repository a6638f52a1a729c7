import { queryOptions } from '@tanstack/react-query';
import type {
  Account,
  ChangePasswordInput,
  Devices,
  EmailChanged,
  EmailChangeInput,
  EmailChangeResult,
  Ok,
  SessionsEnded,
} from '../../../../shared/features/account/account.contracts';
import { api } from '../../../lib/api';
import { bootSeed } from '../../../lib/bootQuery';

export type { Account, Device } from '../../../../shared/features/account/account.contracts';

/* The account page's calls (/api/account, decision 0044). */

export const ACCOUNT_KEY = ['account'] as const;

export const accountQuery = queryOptions({
  queryKey: ACCOUNT_KEY,
  queryFn: () => api<Account>('GET', '/api/account'),
  ...bootSeed<Account>('/api/account'),
});

export const devicesQuery = queryOptions({
  queryKey: [...ACCOUNT_KEY, 'devices'],
  queryFn: async () => (await api<Devices>('GET', '/api/account/sessions')).devices,
  // Another device may have signed in or out meanwhile: ask again on every visit.
  ...bootSeed('/api/account/sessions', { select: (answer: Devices) => answer.devices, staleTime: 0 }),
});

export const saveName = (fullName: string) => api<Account>('PATCH', '/api/account', { fullName });

export const requestEmailChange = (input: EmailChangeInput) =>
  api<EmailChangeResult>('POST', '/api/account/email-change', input);

export const confirmEmailChange = (token: string) =>
  api<EmailChanged>('POST', '/api/account/email-change/confirm', { token });

export const changePassword = (input: ChangePasswordInput) => api<Ok>('POST', '/api/account/password', input);

export const endSession = (id: string) => api<Ok>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`);

export const endOtherSessions = () => api<SessionsEnded>('POST', '/api/account/sessions/end-others');
