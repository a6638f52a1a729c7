import { queryOptions } from '@tanstack/react-query';
import type { ProviderId } from '../../../../shared/bank-readiness/providers';
import type { RuleChangeInput } from '../../../../shared/contracts/bank-readiness';
import { api } from '../../../lib/api';

const BASE = '/api/admin/bank-readiness';
export const BANK_ADMIN_KEY = ['admin', 'bank-readiness'] as const;

export interface CatalogueRule {
  provider: ProviderId;
  key: string;
  checkedOn: string;
  withdrawn: boolean;
  stale: boolean;
  disagree: boolean;
  sources: { url: string; pageDate: string | null; kind: 'official' | 'third_party' }[];
  note: string | null;
}

export const catalogueRulesQuery = queryOptions({
  queryKey: [...BANK_ADMIN_KEY, 'rules'],
  queryFn: () => api<{ maxAgeDays: number; rules: CatalogueRule[] }>('GET', `${BASE}/rules`),
  staleTime: 0,
});

export const changeRule = (provider: ProviderId, key: string, body: RuleChangeInput) =>
  api<{ ok: true }>('PUT', `${BASE}/rules/${provider}/${encodeURIComponent(key)}`, body);
