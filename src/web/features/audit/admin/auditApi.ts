import { queryOptions } from '@tanstack/react-query';
import type {
  AuditActors,
  AuditList,
  AuditListQuery,
  AuditSort,
} from '../../../../shared/features/audit/audit.contracts';
import type { AuditAction } from '../../../../shared/features/audit/audit.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { adminListApi, downloadListCsv, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';
import { bootSeed } from '../../../lib/bootQuery';

export interface AuditListParams {
  page: number;
  sort: AuditSort;
  actor: string | null;
  action: AuditAction | null;
  customer: string | null;
  from: string | null;
  to: string | null;
  q: string;
}

export const AUDIT_PAGE_SIZE = DESK_FIRST_QUERY.audit.pageSize;
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;
const audit = adminListApi<AuditListQuery, AuditList>('audit', ADMIN_AUDIT_KEY, AUDIT_PAGE_SIZE);

export const auditListQuery = (params: AuditListParams) => listPageQuery(audit, params);

export const auditActorsQuery = queryOptions({
  queryKey: [...ADMIN_AUDIT_KEY, 'actors'],
  queryFn: () => api<AuditActors>('GET', `${audit.path}/actors`),
  ...bootSeed<AuditActors>(`${audit.path}/actors`, { staleTime: 60_000 }),
});

/** Downloads the filter's rows (all pages); `excel-tr` is the Turkish Excel dialect. */
export const downloadAuditCsv = (params: Omit<AuditListParams, 'page'>, format: ExportFormat) =>
  downloadListCsv(audit, params, format);
