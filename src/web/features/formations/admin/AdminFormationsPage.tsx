import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { FormationStatus } from '../../../../shared/domain/formation';
import {
  ADMIN_FORMATION_SORTS,
  type AdminFormationExportFormat,
  type AdminFormationSort,
} from '../../../../shared/schemas/admin-formations';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ExportButtons } from '../../../components/admin/ExportButtons';
import { useAdminListPage } from '../../../components/admin/useAdminListPage';
import { SelectField } from '../../../components/ui/Select';
import { useCan } from '../../../lib/can';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { FormationList } from './FormationList';
import { FormationToolbar } from './FormationToolbar';
import { downloadFormationsCsv, FORMATIONS_KEY, formationListQuery } from './formationsApi';
import { useFormationListParams } from './useFormationListParams';

/**
 * SPEC §2 Admin formations: every formation, searched, filtered and sorted on the server, with its
 * status dropdown, 'View Details' to the customer file, and the CSV exports of what the filter shows.
 * Search, filter, order and page are kept in the URL.
 */
export function AdminFormationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { page, sort, status, q, selectedId, update } = useFormationListParams();
  const list = useQuery(formationListQuery({ page, sort, status, q }));
  const { data } = list;

  // The role check's outcome, the load-failed toast, and a page past the end moved back. Rows open
  // the customer file on a page of its own, so the panel half of the hook goes unused.
  useAdminListPage({
    error: list.error,
    data,
    page,
    selectedId,
    update,
    loadFailedKey: 'adminFormations.list.loadFailed',
    rowTestId: 'formation-row',
  });

  const onSearch = useCallback((value: string) => update({ q: value, page: 1 }, { replace: true }), [update]);
  const onStatus = useCallback((value: FormationStatus | null) => update({ status: value, page: 1 }), [update]);
  const onSort = useCallback((value: AdminFormationSort) => update({ sort: value, page: 1 }), [update]);

  const exporting = useMutation({
    mutationFn: (format: AdminFormationExportFormat) => downloadFormationsCsv({ sort, status, q }, format),
    onSuccess: () => toast.success(t('adminFormations.export.done')),
    onError: () => toast.error(t('adminFormations.export.failed')),
  });

  const refreshing = list.isFetching && !list.isPending;
  const filtered = Boolean(status || q);

  return (
    <>
      <AdminPageHeader icon={Building2} title={t('admin.nav.formations')} subtitle={t('adminFormations.subtitle')} />
      <FormationToolbar
        q={q}
        status={status}
        refreshing={refreshing}
        onSearch={onSearch}
        onStatus={onStatus}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: FORMATIONS_KEY })}
      />
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SelectField
          id="formations-sort"
          name="sort"
          label={t('adminFormations.filters.sort')}
          value={sort}
          onChange={(event) => onSort(event.target.value as AdminFormationSort)}
          className="min-w-0 sm:w-72"
        >
          {ADMIN_FORMATION_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`adminFormations.filters.sorts.${s}`)}
            </option>
          ))}
        </SelectField>
        {can('formations.export') ? (
          <ExportButtons
            exporting={exporting}
            className="flex flex-wrap items-center justify-end gap-2"
            legend={t('adminFormations.export.label')}
            csvLabel={t('adminFormations.export.csv')}
            excelLabel={t('adminFormations.export.excel')}
            csvHint={t('adminFormations.export.csvHint')}
            excelHint={t('adminFormations.export.excelHint')}
            csvTestId="formations-export-csv"
            excelTestId="formations-export-excel"
          />
        ) : null}
      </div>
      <div className="mt-4">
        <FormationList
          data={data}
          loading={list.isPending}
          updating={list.isPlaceholderData}
          error={list.isError ? t('adminFormations.list.loadFailed') : null}
          filtered={filtered}
          backTo={`${location.pathname}${location.search}`}
          onRetry={() => void list.refetch()}
          onClearFilters={() => update({ q: '', status: null, page: 1 })}
          onPage={(next) => update({ page: next })}
        />
      </div>
    </>
  );
}
