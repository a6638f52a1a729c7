import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import { type ComponentType, type ReactNode, useDeferredValue } from 'react';
import { formatCount } from '../../../shared/catalogue/money';
import type { ListPage, TotalKind } from '../../../shared/contracts/common';
import { useTranslation } from '../../lib/useTranslation';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

/** What an admin page hands its list component (EIN applications, users, support threads). */
export interface AdminListViewProps<Page> {
  data: Page | undefined;
  /** True on the first load, before any page has arrived. */
  loading: boolean;
  /** True while a newer page is on its way and the old one is still shown. */
  updating: boolean;
  error: string | null;
  filtered: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRetry: () => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
}

/** A failed load keeps the list usable: the message and a retry, never a redirect. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      tone="error"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** The first load of a list, before any page has arrived. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-16 text-slate-600"
    >
      <Spinner className="size-5 text-indigo-600" />
      {label}
    </div>
  );
}

export interface ListPagerProps {
  /** Prefix of the test ids (`${idPrefix}-range`, `-prev`, `-next`). */
  idPrefix: string;
  /** `${ns}.range`, `.pagination`, `.previous`, `.next`. */
  ns: string;
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
  /** How the server counted (src/server/db/list-total.ts): a capped count or an estimate reads differently. */
  totalKind?: TotalKind;
}

/** "1–20 of 45" with Previous / Next, under a server-paged list. */
export function ListPager({ idPrefix, ns, page, pageSize, total, shown, onPage, totalKind = 'exact' }: ListPagerProps) {
  const { t, i18n } = useTranslation();
  if (total === 0 && shown === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = (page - 1) * pageSize + shown;
  // An inexact total cannot say where the list ends; a full page means there may be another.
  const lastPage =
    totalKind === 'exact' ? Math.max(1, Math.ceil(total / pageSize)) : shown < pageSize ? page : page + 1;
  // An estimate never reads lower than what the user has already paged through.
  const shownTotal =
    totalKind === 'estimate' ? Math.max(total, (page - 1) * pageSize + shown + (shown === pageSize ? 1 : 0)) : total;
  const count = formatCount(shownTotal, i18n.language === 'en' ? 'en' : 'tr');
  const range =
    totalKind === 'exact'
      ? t(`${ns}.range`, { from, to, total })
      : t(totalKind === 'atLeast' ? 'admin.list.rangeAtLeast' : 'admin.list.rangeEstimate', { from, to, total: count });
  return (
    <nav
      aria-label={t(`${ns}.pagination`)}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-4 py-3"
    >
      <p className="text-sm text-slate-700" data-testid={`${idPrefix}-range`} aria-live="polite">
        {range}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          data-testid={`${idPrefix}-prev`}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t(`${ns}.previous`)}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPage(page + 1)}
          disabled={page >= lastPage}
          data-testid={`${idPrefix}-next`}
        >
          {t(`${ns}.next`)}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** No rows: the reason, and a way out when a search or filter is what hid them. */
export function ListEmpty({
  testId,
  message,
  clearLabel,
  onClear,
}: {
  testId: string;
  message: string;
  clearLabel: string;
  /** Given when a search or filter is active. */
  onClear?: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-14 text-center" data-testid={testId}>
      <Inbox aria-hidden="true" className="size-10 text-slate-400" />
      <p className="text-slate-700">{message}</p>
      {onClear ? (
        <Button variant="secondary" size="sm" onClick={onClear}>
          {clearLabel}
        </Button>
      ) : null}
    </div>
  );
}

export interface ListShellProps<Item> {
  /** The rows of the page shown; undefined until the first page has arrived. */
  items: Item[] | undefined;
  /** False when the rows are gone for a reason other than the first load (the label is then the generic one). */
  loading?: boolean;
  loadingLabel: string;
  error: string | null;
  onRetry: () => void;
  empty: { testId: string; message: string; clearLabel: string; onClear?: () => void };
  /** Added to the framed box, e.g. '@container' for a list whose rows lay out by container queries. */
  frameClassName?: string;
  /** Under the rows inside the frame: the pager of a server-paged list. */
  footer?: ReactNode;
  children: (items: Item[]) => ReactNode;
}

/**
 * The frame every admin list shares: the first load, a failed load (a retry, with the old rows kept
 * when there are some), the empty state with its way out, and the bordered box the rows and pager sit in.
 * New rows are drawn in a deferred render, which yields to the browser every few milliseconds: the data's
 * arrival re-renders the page at once (a query's update cannot wait), and with the rows in it that was
 * one task of 150-580 ms on Lighthouse's phone (decision 0063). Meanwhile the loading state or the
 * previous rows stay on screen.
 */
export function ListShell<Item>({
  items: latest,
  loading = true,
  loadingLabel,
  error,
  onRetry,
  empty,
  frameClassName,
  footer,
  children,
}: ListShellProps<Item>) {
  const { t } = useTranslation();
  const items = useDeferredValue(latest);
  if (!items) {
    if (error) return <RetryAlert message={error} onRetry={onRetry} />;
    return <ListLoading label={loading ? loadingLabel : t('common.loading')} />;
  }
  return (
    <div className="min-w-0 space-y-3">
      {error ? <RetryAlert message={error} onRetry={onRetry} /> : null}
      <div
        className={`${frameClassName ? `${frameClassName} ` : ''}overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm`}
      >
        {items.length === 0 ? <ListEmpty {...empty} /> : children(items)}
        {footer}
      </div>
    </div>
  );
}

/** A page of rows as the server sends it: the one page envelope (src/shared/contracts/common.ts `pageOf`). */
export type { ListPage } from '../../../shared/contracts/common';

export interface PagedListProps<Item> {
  /** The page shown, or undefined until the first has arrived. */
  data: ListPage<Item> | undefined;
  /** The test ids: `${idPrefix}-empty` and the pager's. */
  idPrefix: string;
  /** The list's texts: `${ns}.loading`, `.empty`, `.emptyFiltered`, and the pager's unless `pagerNs` is given. */
  ns: string;
  pagerNs?: string;
  /** `${filtersNs}.clear`: the empty state's way out of a search or a filter (read only when one is active). */
  filtersNs: string;
  /** Where a list's empty state was given another test id before the lists shared this frame. */
  emptyTestId?: string;
  loading?: boolean;
  error: string | null;
  filtered: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
  frameClassName?: string;
  children: (items: Item[]) => ReactNode;
}

/** An admin list paged on the server: the shell (loading, failure, empty) with the pager under the rows. */
export function PagedList<Item>(props: PagedListProps<Item>) {
  // The pager moves with the rows it counts (ListShell draws new rows in a deferred render).
  const data = useDeferredValue(props.data);
  const { idPrefix, ns, pagerNs = ns, filtersNs, emptyTestId, loading, error, filtered } = props;
  const { t } = useTranslation();
  return (
    <ListShell
      items={data?.items}
      loading={loading}
      loadingLabel={t(`${ns}.loading`)}
      error={error}
      onRetry={props.onRetry}
      frameClassName={props.frameClassName}
      empty={{
        testId: emptyTestId ?? `${idPrefix}-empty`,
        message: t(filtered ? `${ns}.emptyFiltered` : `${ns}.empty`),
        clearLabel: filtered ? t(`${filtersNs}.clear`) : '',
        onClear: filtered ? props.onClearFilters : undefined,
      }}
      footer={
        data ? (
          <ListPager
            idPrefix={idPrefix}
            ns={pagerNs}
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            totalKind={data.totalKind}
            shown={data.items.length}
            onPage={props.onPage}
          />
        ) : null
      }
    >
      {props.children}
    </ListShell>
  );
}

export interface SelectableRowProps<Item> {
  item: Item;
  selected: boolean;
  /** aria-controls may only name an element that exists: the panel is there while a row is selected. */
  panelOpen: boolean;
  onSelect: (id: string) => void;
}

/** The rows of a list whose rows open a detail panel, each told whether it is the open one. */
export function SelectableRows<Item extends { id: string }>({
  label,
  items,
  updating,
  selectedId,
  onSelect,
  row: Row,
}: {
  label: string;
  items: Item[];
  updating: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  row: ComponentType<SelectableRowProps<Item>>;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={updating || undefined}
      className={clsx('divide-y divide-slate-200', updating && 'opacity-60 transition-opacity')}
    >
      {items.map((item) => (
        <Row
          key={item.id}
          item={item}
          selected={item.id === selectedId}
          panelOpen={Boolean(selectedId)}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}
