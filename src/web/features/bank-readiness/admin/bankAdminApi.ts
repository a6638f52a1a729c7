import { queryOptions } from '@tanstack/react-query';
import type { ApplicationOutcome } from '../../../../shared/features/bank-readiness/applications.domain';
import type {
  BankApplicationList,
  BankApplicationListQueryInput,
  RuleChangeInput,
} from '../../../../shared/features/bank-readiness/bank-readiness.contracts';
import type { ProviderId } from '../../../../shared/features/bank-readiness/providers.domain';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { adminListApi, downloadListCsv, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';

export type { BankApplicationRow } from '../../../../shared/features/bank-readiness/bank-readiness.contracts';

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

export interface BankApplicationParams {
  page: number;
  provider: ProviderId | null;
  outcome: ApplicationOutcome | null;
  reason: string | null;
  q: string;
}

export const BANK_APPLICATIONS_PAGE_SIZE = 20;
export const BANK_APPLICATIONS_KEY = [...BANK_ADMIN_KEY, 'applications'] as const;
const applications = adminListApi<BankApplicationListQueryInput, BankApplicationList>(
  'bankApplications',
  BANK_APPLICATIONS_KEY,
  BANK_APPLICATIONS_PAGE_SIZE,
);

export const bankApplicationListQuery = (params: BankApplicationParams) => listPageQuery(applications, params);

/** Downloads the filter's applications (all pages) under the server's file name. */
export const downloadBankApplicationsCsv = (params: Omit<BankApplicationParams, 'page'>, format: ExportFormat) =>
  downloadListCsv(applications, params, format);
