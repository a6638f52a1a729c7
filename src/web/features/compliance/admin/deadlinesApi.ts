import type { ComplianceRuleId } from '../../../../shared/catalogue/compliance';
import type {
  AdminDeadline,
  AdminDeadlineList,
  AdminDeadlineListQuery,
  ComplianceMark,
} from '../../../../shared/features/compliance/compliance.contracts';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import type { ExportFormat } from '../../../../shared/schemas/list-query';
import { adminListApi, downloadListCsv, listPageQuery } from '../../../components/admin/listApi';
import { api } from '../../../lib/api';

export type { AdminDeadline } from '../../../../shared/features/compliance/compliance.contracts';

export interface DeadlineListParams {
  page: number;
  days: number;
  state: string | null;
  rule: ComplianceRuleId | null;
  q: string;
  /** The occurrences that passed unmarked in the last 30 days instead of the coming `days` (decision 0064). */
  overdue: boolean;
  /** Only the items nobody marked done (the home's "due soon" figure opens the list with it). */
  open: boolean;
}

export const DEADLINES_PAGE_SIZE = DESK_FIRST_QUERY.deadlines.pageSize;
export const DEADLINES_KEY = ['admin', 'deadlines'] as const;
const deadlines = adminListApi<AdminDeadlineListQuery, AdminDeadlineList>(
  'deadlines',
  DEADLINES_KEY,
  DEADLINES_PAGE_SIZE,
);
/** The desk's marks, beside its list. */
const MARKS_BASE = '/api/admin/compliance/customers';

export const deadlineListQuery = (params: DeadlineListParams) => listPageQuery(deadlines, params);

export const setDeadlineDone = (row: Pick<AdminDeadline, 'userId' | 'itemKey'>, done: boolean) =>
  api<ComplianceMark>(
    done ? 'PUT' : 'DELETE',
    `${MARKS_BASE}/${encodeURIComponent(row.userId)}/items/${encodeURIComponent(row.itemKey)}/done`,
  );

/** Downloads the filter's deadlines (all pages) under the server's file name. */
export const downloadDeadlinesCsv = (params: Omit<DeadlineListParams, 'page'>, format: ExportFormat) =>
  downloadListCsv(deadlines, params, format);
