import { Building2 } from 'lucide-react';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { ADMIN_FORMATION_SORTS } from '../../../../shared/domain/admin-lists';
import type { FormationStatus } from '../../../../shared/features/formations/formation.domain';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { AttributionFilter } from '../../../components/admin/AttributionFilter';
import { ExportButtons, useExport } from '../../../components/admin/ExportButtons';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { PeriodFields } from '../../../components/admin/PeriodFields';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { useCan } from '../../../lib/can';
import { useTranslation } from '../../../lib/useTranslation';
import { FormationList } from './FormationList';
import { FormationToolbar } from './FormationToolbar';
import { downloadFormationsCsv, FORMATIONS_KEY, formationListQuery } from './formationsApi';
import { useFormationListParams } from './useFormationListParams';

/**
 * product.md#admin-pages Admin formations: every formation, searched, filtered and sorted on the server, with its
 * status dropdown, 'View Details' to the customer file, and the CSV exports of what the filter shows.
 * Search, filter, order and page are kept in the URL.
 */
export function AdminFormationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const location = useLocation();
  const params = useFormationListParams();
  const { page, sort, status, q, createdFrom, createdTo, reachedFrom, reachedTo, utm, link, update } = params;
  const periods = { createdFrom, createdTo, reachedFrom, reachedTo, utm, link };
  // Rows open the customer file on a page of its own, so the panel half of the hook goes unused.
  const { view, toolbar } = useAdminList(params, {
    query: formationListQuery({ page, sort, status, q, ...periods }),
    refreshKey: FORMATIONS_KEY,
    loadFailedKey: 'adminFormations.list.loadFailed',
    filtered: Boolean(status || q || createdFrom || createdTo || reachedFrom || reachedTo || utm || link),
    clearFilters: {
      q: '',
      status: null,
      createdFrom: null,
      createdTo: null,
      reachedFrom: null,
      reachedTo: null,
      utm: null,
      link: null,
    },
    rowTestId: 'formation-row',
  });

  const onStatus = useCallback((value: FormationStatus | null) => update({ status: value, page: 1 }), [update]);
  const exporting = useExport(
    (format) => downloadFormationsCsv({ sort, status, q, ...periods }, format),
    'adminFormations.export.done',
    'adminFormations.export.failed',
  );

  return (
    <AdminListFrame
      icon={Building2}
      title={t('admin.nav.formations')}
      subtitle={t('adminFormations.subtitle')}
      toolbar={<FormationToolbar {...toolbar} status={status} onStatus={onStatus} />}
      controls={
        <>
          <FilterSelect
            id="formations-sort"
            name="sort"
            label={t('adminFormations.filters.sort')}
            value={sort}
            values={ADMIN_FORMATION_SORTS}
            labelOf={(s) => t(`adminFormations.filters.sorts.${s}`)}
            onChange={(value) => update({ sort: value, page: 1 })}
            className="min-w-0 sm:w-72"
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <PeriodFields
              id="formations-created"
              fromLabel={t('adminFormations.filters.createdFrom')}
              toLabel={t('adminFormations.filters.createdTo')}
              from={createdFrom}
              to={createdTo}
              onChange={({ from, to }) => update({ createdFrom: from, createdTo: to, page: 1 })}
            />
            {/* When it reached its status: a period only a chosen status gives a meaning to. */}
            {status ? (
              <PeriodFields
                id="formations-reached"
                fromLabel={t('adminFormations.filters.reachedFrom')}
                toLabel={t('adminFormations.filters.reachedTo')}
                from={reachedFrom}
                to={reachedTo}
                onChange={({ from, to }) => update({ reachedFrom: from, reachedTo: to, page: 1 })}
              />
            ) : null}
          </div>
          <AttributionFilter utm={utm} link={link} onClear={() => update({ utm: null, link: null, page: 1 })} />
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
        </>
      }
    >
      <FormationList {...view} backTo={`${location.pathname}${location.search}`} />
    </AdminListFrame>
  );
}
