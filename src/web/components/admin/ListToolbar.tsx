import { ArrowDownWideNarrow, ArrowUpNarrowWide, RefreshCw, Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';

export const SEARCH_DEBOUNCE_MS = 300;

export interface ListToolbarProps {
  /** Prefix of the controls' ids and test ids (`${idPrefix}-search`, `-sort`, `-refresh`). */
  idPrefix: string;
  /**
   * Where the words live: `${ns}.label`, `.search`, `.searchPlaceholder`, `.refresh`, and with the sort
   * button `.sortLabel`, `.sortHint`, `.newest`, `.oldest`.
   */
  ns: string;
  q: string;
  /** With onToggleSort: the newest/oldest button. A list the server keeps in one order leaves both out. */
  newest?: boolean;
  refreshing: boolean;
  onSearch: (q: string) => void;
  onToggleSort?: () => void;
  onRefresh: () => void;
  /** Extra filters between the search box and the sort button. */
  children?: ReactNode;
}

/** Search (debounced), extra filters, newest/oldest toggle and refresh, above an admin list. */
export function ListToolbar(props: ListToolbarProps) {
  const { idPrefix, ns, q, newest, refreshing, onSearch, onToggleSort, onRefresh, children } = props;
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

  const SortIcon = newest ? ArrowDownWideNarrow : ArrowUpNarrowWide;

  return (
    <search aria-label={t(`${ns}.label`)}>
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
          <Label htmlFor={`${idPrefix}-search`}>{t(`${ns}.search`)}</Label>
          <div className="relative mt-1.5">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id={`${idPrefix}-search`}
              name="q"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t(`${ns}.searchPlaceholder`)}
              className="pl-9"
            />
          </div>
        </div>
        {/* Wraps only for filters that keep a minimum width (the EIN desk's order on a phone). */}
        <div className="flex flex-wrap items-end gap-3">
          {children}
          {onToggleSort ? (
            <Button
              variant="secondary"
              data-testid={`${idPrefix}-sort`}
              data-sort={newest ? 'newest' : 'oldest'}
              onClick={onToggleSort}
              title={t(`${ns}.sortHint`)}
              className="shrink-0"
            >
              <SortIcon aria-hidden="true" className="size-4" />
              <span className="sr-only">{t(`${ns}.sortLabel`)}: </span>
              {t(newest ? `${ns}.newest` : `${ns}.oldest`)}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={onRefresh}
            disabled={refreshing}
            aria-label={t(`${ns}.refresh`)}
            title={t(`${ns}.refresh`)}
            className="shrink-0 px-3"
            data-testid={`${idPrefix}-refresh`}
          >
            <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            <span className="hidden lg:inline">{t(`${ns}.refresh`)}</span>
          </Button>
        </div>
      </form>
    </search>
  );
}
