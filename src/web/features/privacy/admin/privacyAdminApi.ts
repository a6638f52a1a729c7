import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ErasureList, ErasureRequest } from '../../../../shared/contracts/privacy';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';

export type { ErasureQueueItem } from '../../../../shared/contracts/privacy';

/* /admin/privacy (decision 0047): the erasure queue and a customer's copy. */

const BASE = '/api/admin/privacy';
export const ERASURE_STATUSES_SHOWN = ['pending', 'erased', 'declined'] as const;
export type ShownStatus = (typeof ERASURE_STATUSES_SHOWN)[number];

export const erasuresQuery = (status: ShownStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'privacy', 'erasures', status, page],
    queryFn: () => api<ErasureList>('GET', `${BASE}/erasures?status=${status}&page=${page}&pageSize=20`),
    placeholderData: keepPreviousData,
  });

export const approveErasure = (id: string, answer: string) =>
  api<ErasureRequest>('POST', `${BASE}/erasures/${encodeURIComponent(id)}/approve`, answer ? { answer } : {});

export const declineErasure = (id: string, answer: string) =>
  api<ErasureRequest>('POST', `${BASE}/erasures/${encodeURIComponent(id)}/decline`, { answer });

export const downloadCustomerData = (userId: string) =>
  downloadCsv(`${BASE}/customers/${encodeURIComponent(userId)}/export.zip`, 'customer-data.zip');
