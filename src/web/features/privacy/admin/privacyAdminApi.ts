import type {
  ErasureList,
  ErasureListQuery,
  ErasureRequest,
} from '../../../../shared/features/privacy/privacy.contracts';
import { adminListApi, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/download';

export type { ErasureQueueItem } from '../../../../shared/features/privacy/privacy.contracts';

/* /admin/privacy (decision 0047): the erasure queue and a customer's copy. */

const BASE = '/api/admin/privacy';
export const ERASURES_PAGE_SIZE = 20;
export const ERASURES_KEY = ['admin', 'privacy', 'erasures'] as const;
const erasures = adminListApi<ErasureListQuery, ErasureList>('erasures', ERASURES_KEY, ERASURES_PAGE_SIZE);
export const ERASURE_STATUSES_SHOWN = ['pending', 'erased', 'declined'] as const;
export type ShownStatus = (typeof ERASURE_STATUSES_SHOWN)[number];

export const erasuresQuery = (status: ShownStatus, page: number) => listPageQuery(erasures, { status, page });

export const approveErasure = (id: string, answer: string) =>
  api<ErasureRequest>('POST', `${BASE}/erasures/${encodeURIComponent(id)}/approve`, answer ? { answer } : {});

export const declineErasure = (id: string, answer: string) =>
  api<ErasureRequest>('POST', `${BASE}/erasures/${encodeURIComponent(id)}/decline`, { answer });

export const downloadCustomerData = (userId: string) =>
  downloadCsv(`${BASE}/customers/${encodeURIComponent(userId)}/export.zip`, 'customer-data.zip');
