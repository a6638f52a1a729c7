import { FORMATION_STATUSES, type FormationStatus } from '../../../../shared/features/formations/formation.domain';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useTranslation } from '../../../lib/useTranslation';

export interface FormationToolbarProps {
  q: string;
  status: FormationStatus | null;
  refreshing: boolean;
  onSearch: (q: string) => void;
  onStatus: (status: FormationStatus | null) => void;
  onRefresh: () => void;
}

/** The list toolbar with the formation_status filter (the order sits with the export buttons below). */
export function FormationToolbar(props: FormationToolbarProps) {
  const { q, status, refreshing, onSearch, onStatus, onRefresh } = props;
  const { t } = useTranslation();
  return (
    <ListToolbar
      idPrefix="formations"
      ns="adminFormations.filters"
      q={q}
      refreshing={refreshing}
      onSearch={onSearch}
      onRefresh={onRefresh}
    >
      <FilterSelect
        id="formations-status"
        name="status"
        label={t('adminFormations.filters.status')}
        value={status}
        values={FORMATION_STATUSES}
        labelOf={(s) => t(`catalogue.formationStatus.${s}`)}
        allLabel={t('adminFormations.filters.allStatuses')}
        onFilter={onStatus}
        className="min-w-0 flex-1 sm:w-52 sm:flex-none"
      />
    </ListToolbar>
  );
}
