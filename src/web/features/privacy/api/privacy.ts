import { queryOptions } from '@tanstack/react-query';
import type { AcceptTextsInput, Consents, MyErasure } from '../../../../shared/features/privacy/privacy.contracts';
import type { OptionalConsent } from '../../../../shared/features/privacy/privacy.domain';
import { api } from '../../../lib/api';
import { bootSeed } from '../../../lib/bootQuery';
import { downloadCsv } from '../../../lib/download';

export type {
  ConsentRecord,
  Consents,
  ErasureRequest,
  MyErasure,
} from '../../../../shared/features/privacy/privacy.contracts';

/* The customer's data rights (/api/privacy, decisions 0046 and 0047). */

export const PRIVACY_KEY = ['privacy'] as const;

export const consentsQuery = queryOptions({
  queryKey: [...PRIVACY_KEY, 'consents'],
  queryFn: () => api<Consents>('GET', '/api/privacy/consents'),
  ...bootSeed<Consents>('/api/privacy/consents'),
});

export const erasureQuery = queryOptions({
  queryKey: [...PRIVACY_KEY, 'erasure'],
  queryFn: () => api<MyErasure>('GET', '/api/privacy/erasure'),
  ...bootSeed<MyErasure>('/api/privacy/erasure'),
});

export const acceptTexts = (input: AcceptTextsInput) => api<Consents>('POST', '/api/privacy/consents/accept', input);

export const setConsent = (kind: OptionalConsent, given: boolean) =>
  api<Consents>('PUT', `/api/privacy/consents/${kind}`, { given });

export const requestErasure = () => api<MyErasure>('POST', '/api/privacy/erasure');

export const confirmErasure = (token: string) => api<MyErasure>('POST', '/api/privacy/erasure/confirm', { token });

/** The ZIP, saved under the server's file name (the download helper works for any attachment). */
export const downloadMyData = () => downloadCsv('/api/privacy/export.zip', 'my-data.zip');
