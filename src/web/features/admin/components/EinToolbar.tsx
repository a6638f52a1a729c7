import { ArrowDownWideNarrow, ArrowUpNarrowWide, RefreshCw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EIN_STATUSES, type EinStatus } from '../../../../shared/domain/ein';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';
import { SelectField } from '../../../components/ui/Select';
import type { EinSort } from '../api/einApplications';

export const SEARCH_DEBOUNCE_MS = 300;

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

/** Search (debounced), status filter, created-date order and refresh, above the list. */
export function EinToolbar({ q, status, sort, refreshing, onSearch, onStatus, onSort, onRefresh }: EinToolbarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  // The last value this box sent, to tell our own URL updates from the back button's.
  const sent = useRef(q);

  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => {
    const value = text.trim();
    if (value === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = value;
      onSearch(value);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  const newest = sort === 'created_desc';
  const SortIcon = newest ? ArrowDownWideNarrow : ArrowUpNarrowWide;

  return (
    <search aria-label={t('adminEin.filters.label')}>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const value = text.trim();
          sent.current = value;
          onSearch(value);
        }}
      >
        <div className="min-w-0 sm:flex-1 sm:basis-72">
          <Label htmlFor="ein-search">{t('adminEin.filters.search')}</Label>
          <div className="relative mt-1.5">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="ein-search"
              name="q"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('adminEin.filters.searchPlaceholder')}
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex items-end gap-3">
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
          <Button
            variant="secondary"
            data-testid="ein-sort"
            data-sort={sort}
            onClick={() => onSort(newest ? 'created_asc' : 'created_desc')}
            title={t('adminEin.filters.sortHint')}
            className="shrink-0"
          >
            <SortIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('adminEin.filters.sortLabel')}: </span>
            {t(newest ? 'adminEin.filters.newest' : 'adminEin.filters.oldest')}
          </Button>
          <Button
            variant="secondary"
            onClick={onRefresh}
            disabled={refreshing}
            aria-label={t('adminEin.filters.refresh')}
            title={t('adminEin.filters.refresh')}
            className="shrink-0 px-3"
            data-testid="ein-refresh"
          >
            <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            <span className="hidden lg:inline">{t('adminEin.filters.refresh')}</span>
          </Button>
        </div>
      </form>
    </search>
  );
}
