import { useTranslation } from 'react-i18next';
import { EIN_STATUSES, type EinStatus } from '../../../../shared/domain/ein';
import { SelectField } from '../../../components/ui/Select';
import type { EinSort } from '../api/einApplications';
import { ListToolbar } from './ListToolbar';

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

/** The list toolbar with the EIN status filter. */
export function EinToolbar({ q, status, sort, refreshing, onSearch, onStatus, onSort, onRefresh }: EinToolbarProps) {
  const { t } = useTranslation();
  const newest = sort === 'created_desc';
  return (
    <ListToolbar
      idPrefix="ein"
      ns="adminEin.filters"
      q={q}
      newest={newest}
      refreshing={refreshing}
      onSearch={onSearch}
      onToggleSort={() => onSort(newest ? 'created_asc' : 'created_desc')}
      onRefresh={onRefresh}
    >
      <SelectField
        id="ein-status"
        name="status"
        label={t('adminEin.filters.status')}
        value={status ?? ''}
        onChange={(event) => onStatus((event.target.value || null) as EinStatus | null)}
        className="min-w-0 flex-1 sm:w-52 sm:flex-none"
      >
        <option value="">{t('adminEin.filters.allStatuses')}</option>
        {EIN_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`catalogue.einStatus.${s}`)}
          </option>
        ))}
      </SelectField>
    </ListToolbar>
  );
}
