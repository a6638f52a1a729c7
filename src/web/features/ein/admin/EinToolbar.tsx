import { EIN_STATUSES, type EinStatus } from '../../../../shared/features/ein/ein.domain';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useTranslation } from '../../../lib/useTranslation';
import type { EinSort } from './einApplicationsApi';

export interface EinToolbarProps {
  q: string;
  status: EinStatus | null;
  sort: EinSort;
  refreshing: boolean;
  onSearch: (q: string) => void;
  onStatus: (status: EinStatus | null) => void;
  onSort: (sort: EinSort) => void;
  onRefresh: () => void;
}

const SORT_LABELS: Record<EinSort, string> = {
  created_desc: 'adminEin.filters.newest',
  created_asc: 'adminEin.filters.oldest',
  waiting_longest: 'adminEin.stageWait.waitingLongest',
};

/**
 * The list toolbar with the EIN status filter and the order: a select rather than the newest/oldest
 * toggle, as "waiting longest" (decision 0016) makes three.
 */
export function EinToolbar({ q, status, sort, refreshing, onSearch, onStatus, onSort, onRefresh }: EinToolbarProps) {
  const { t } = useTranslation();
  return (
    <ListToolbar
      idPrefix="ein"
      ns="adminEin.filters"
      q={q}
      refreshing={refreshing}
      onSearch={onSearch}
      onRefresh={onRefresh}
    >
      <FilterSelect
        id="ein-status"
        name="status"
        label={t('adminEin.filters.status')}
        value={status}
        values={EIN_STATUSES}
        labelOf={(s) => t(`catalogue.einStatus.${s}`)}
        allLabel={t('adminEin.filters.allStatuses')}
        onFilter={onStatus}
        className="min-w-36 flex-1 sm:w-52 sm:flex-none"
      />
      <FilterSelect
        id="ein-sort"
        name="sort"
        testId="ein-sort"
        label={t('adminEin.stageWait.sortLabel')}
        value={sort}
        values={Object.keys(SORT_LABELS) as EinSort[]}
        labelOf={(s) => t(SORT_LABELS[s])}
        onChange={onSort}
        className="min-w-48 flex-1 sm:w-52 sm:flex-none"
      />
    </ListToolbar>
  );
}
