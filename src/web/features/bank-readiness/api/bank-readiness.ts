import { queryOptions } from '@tanstack/react-query';
import type { AddressRole } from '../../../../shared/features/bank-readiness/addresses.domain';
import type {
  BankAddressInput,
  BankApplicationInput,
  BankReadiness,
  RecordedApplication,
  SavedAddress,
} from '../../../../shared/features/bank-readiness/bank-readiness.contracts';
import type { ProviderId } from '../../../../shared/features/bank-readiness/providers.domain';
import { api } from '../../../lib/api';

export const BANK_READINESS_KEY = ['bank-readiness'] as const;

export const bankReadinessQuery = queryOptions({
  queryKey: BANK_READINESS_KEY,
  queryFn: () => api<BankReadiness>('GET', '/api/bank-readiness'),
  staleTime: 0,
});

export const saveBankAddress = (role: AddressRole, body: BankAddressInput) =>
  api<SavedAddress>('PUT', `/api/bank-readiness/addresses/${role}`, body);

export const removeBankAddress = (role: AddressRole) =>
  api<{ ok: true }>('DELETE', `/api/bank-readiness/addresses/${role}`);

export const recordBankApplication = (body: BankApplicationInput) =>
  api<RecordedApplication>('POST', '/api/bank-readiness/applications', body);

/** A plain link: the browser downloads the ZIP with the session cookie. */
export const packUrl = (provider: ProviderId) => `/api/bank-readiness/pack.zip?provider=${provider}`;
