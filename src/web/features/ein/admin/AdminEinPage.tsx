import { FileText } from 'lucide-react';
import { lazy, useCallback } from 'react';
import type { EinStatus } from '../../../../shared/features/ein/ein.domain';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { AttributionFilter } from '../../../components/admin/AttributionFilter';
import { PeriodFields } from '../../../components/admin/PeriodFields';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { useTranslation } from '../../../lib/useTranslation';
import { EinList } from './EinList';
import { EinOverdueBar } from './EinOverdueBar';
import { EinToolbar } from './EinToolbar';
import { EIN_KEY, type EinSort, einListQuery } from './einApplicationsApi';
import { useEinListParams } from './useEinListParams';

// Its code loads when a row is opened: the list paints without it (decision 0060).
const EinDetailPanel = lazy(() => import('./EinDetailPanel').then((m) => ({ default: m.EinDetailPanel })));

/**
 * The EIN desk, the admin home. A paged, filtered, searchable list on the left and the chosen
 * application on the right (below it on phones); all of it kept in the URL.
 */
export function AdminEinPage() {
  const { t } = useTranslation();
  const params = useEinListParams();
  const { page, sort, status, q, overdue, reachedFrom, reachedTo, utm, link, update } = params;
  const { view, toolbar, detail, data } = useAdminList(params, {
    query: einListQuery({ page, sort, status, q, overdue, reachedFrom, reachedTo, utm, link }),
    refreshKey: EIN_KEY,
    loadFailedKey: 'adminEin.list.loadFailed',
    filtered: Boolean(status || q || overdue || reachedFrom || reachedTo || utm || link),
    clearFilters: { q: '', status: null, overdue: false, reachedFrom: null, reachedTo: null, utm: null, link: null },
    rowTestId: 'ein-row',
  });

  const onStatus = useCallback((value: EinStatus | null) => update({ status: value, page: 1 }), [update]);
  const onSort = useCallback((value: EinSort) => update({ sort: value, page: 1 }), [update]);
  const onOverdue = useCallback((value: boolean) => update({ overdue: value, page: 1 }), [update]);

  return (
    <AdminListFrame
      icon={FileText}
      title={t('admin.nav.ein')}
      subtitle={t('adminEin.subtitle')}
      toolbar={<EinToolbar {...toolbar} status={status} sort={sort} onStatus={onStatus} onSort={onSort} />}
      controls={
        <>
          <EinOverdueBar summary={data?.overdue} active={overdue} onToggle={onOverdue} />
          {/* When it reached its status: a period only a chosen status gives a meaning to. */}
          {status ? (
            <div className="flex flex-col gap-3 sm:flex-row">
              <PeriodFields
                id="ein-reached"
                fromLabel={t('adminEin.filters.reachedFrom')}
                toLabel={t('adminEin.filters.reachedTo')}
                from={reachedFrom}
                to={reachedTo}
                onChange={({ from, to }) => update({ reachedFrom: from, reachedTo: to, page: 1 })}
              />
            </div>
          ) : null}
          <AttributionFilter utm={utm} link={link} onClear={() => update({ utm: null, link: null, page: 1 })} />
        </>
      }
      panelWidth="narrow"
      panel={detail && <EinDetailPanel key={detail.id} {...detail} />}
    >
      <EinList {...view} />
    </AdminListFrame>
  );
}
