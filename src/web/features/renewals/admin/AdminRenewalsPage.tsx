import { useQuery } from '@tanstack/react-query';
import { RefreshCcw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  RENEWAL_DESK_HORIZONS,
  RENEWAL_DESK_VIEWS,
  type RenewalDeskView,
  SUBSCRIPTION_PRODUCTS,
  type SubscriptionProduct,
} from '../../../../shared/features/renewals/renewals.domain';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { ListExport } from '../../../components/admin/ExportButtons';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { PagedList } from '../../../components/admin/ListParts';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { type ListParamsCodec, readPage, readQuery, useListParams } from '../../../components/admin/useListParams';
import { SelectField } from '../../../components/ui/Select';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { useIdle } from '../../../lib/whenIdle';
import { STATUS_STYLES } from '../lib/status';
import {
  downloadRenewalsCsv,
  RENEWALS_KEY,
  type RenewalDeskRow,
  type RenewalListParams,
  renewalListQuery,
  renewalSummaryQuery,
} from './renewalsApi';

// Below the list: the region appears whole once its code is in, and nothing under it moves (it is the last).
const RenewalTasks = lazy(() => import('./RenewalTasks').then((m) => ({ default: m.RenewalTasks })));

/** The view the desk opens on, as its first page in the HTML was asked. */
const FIRST = DESK_FIRST_QUERY.renewals;
const DEFAULT_DAYS: number = FIRST.days;
const SORTS = ['end_asc', 'end_desc'] as const;

const codec: ListParamsCodec<RenewalListParams> = {
  read: (search) => {
    const days = Number(search.get('days'));
    const view = search.get('view');
    const product = search.get('product');
    const sort = search.get('sort');
    return {
      page: readPage(search),
      view: (RENEWAL_DESK_VIEWS as readonly string[]).includes(view ?? '') ? (view as RenewalDeskView) : FIRST.view,
      days: (RENEWAL_DESK_HORIZONS as readonly number[]).includes(days) ? days : DEFAULT_DAYS,
      product: (SUBSCRIPTION_PRODUCTS as readonly string[]).includes(product ?? '')
        ? (product as SubscriptionProduct)
        : null,
      sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as (typeof SORTS)[number]) : FIRST.sort,
      q: readQuery(search),
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('view', p.view, FIRST.view);
    set('days', String(p.days), String(DEFAULT_DAYS));
    set('product', p.product, null);
    set('sort', p.sort, FIRST.sort);
    set('q', p.q, '');
  },
};

/**
 * /admin/renewals (decisions 0053, 0054): the finance and operations desk. Subscriptions due within N
 * days, in grace, lapsed, or cancelled this month, searched, filtered, sorted and paged on the server,
 * exported as CSV; the counts with the cancellation reasons; operations' lapsed-agent tasks.
 */
export function AdminRenewalsPage() {
  const { t } = useTranslation();
  // The tasks region is the page's last: mounted once the list's first view has painted.
  const tasksAfterList = useIdle();
  const params = useListParams(codec);
  const { page, view, days, product, sort, q, update } = params;
  const filtered = Boolean(product || q);
  const { view: list, toolbar } = useAdminList(params, {
    query: renewalListQuery({ page, view, days, product, sort, q }),
    refreshKey: RENEWALS_KEY,
    loadFailedKey: 'renewals.desk.loadFailed',
    filtered,
    clearFilters: { q: '', product: null },
    rowTestId: 'renewal-row',
  });
  const can = useCan();

  return (
    <AdminListFrame
      icon={RefreshCcw}
      title={t('renewals.desk.title')}
      subtitle={t('renewals.desk.intro')}
      toolbar={
        <>
          <Summary />
          <ListToolbar idPrefix="renewals" ns="renewals.desk.filters" {...toolbar}>
            <SelectField
              id="renewals-view"
              name="view"
              label={t('renewals.desk.view')}
              value={view}
              onChange={(event) => update({ view: event.target.value as RenewalDeskView, page: 1 })}
              className="min-w-0 flex-1 sm:w-52 sm:flex-none"
            >
              {RENEWAL_DESK_VIEWS.map((v) => (
                <option key={v} value={v}>
                  {t(`renewals.desk.views.${v}`)}
                </option>
              ))}
            </SelectField>
            {view === 'due' ? (
              <SelectField
                id="renewals-days"
                name="days"
                label={t('renewals.desk.horizon')}
                value={String(days)}
                onChange={(event) => update({ days: Number(event.target.value), page: 1 })}
                className="min-w-0 flex-1 sm:w-32 sm:flex-none"
              >
                {RENEWAL_DESK_HORIZONS.map((n) => (
                  <option key={n} value={n}>
                    {t('renewals.desk.days', { count: n })}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </ListToolbar>
        </>
      }
      controls={
        <>
          <div className="flex flex-col gap-3 sm:flex-row">
            <FilterSelect
              id="renewals-product"
              name="product"
              label={t('renewals.desk.product')}
              value={product}
              values={SUBSCRIPTION_PRODUCTS}
              labelOf={(p) => t(`renewals.products.${p}`)}
              allLabel={t('renewals.desk.allProducts')}
              onFilter={(value) => update({ product: value, page: 1 })}
              className="min-w-0 sm:w-56"
            />
            <FilterSelect
              id="renewals-sort"
              name="sort"
              label={t('renewals.desk.sort')}
              value={sort}
              values={SORTS}
              labelOf={(s) => t(`renewals.desk.sorts.${s}`)}
              onChange={(value) => update({ sort: value, page: 1 })}
              className="min-w-0 sm:w-56"
            />
          </div>
          {can('renewals.export') ? (
            <ListExport
              ns="renewals.desk"
              idPrefix="renewals"
              download={(format) => downloadRenewalsCsv({ view, days, product, sort, q }, format)}
            />
          ) : null}
        </>
      }
    >
      <PagedList
        {...list}
        idPrefix="renewals"
        ns="renewals.desk"
        pagerNs="renewals.desk.pager"
        filtersNs="renewals.desk.filters"
      >
        {(items) => (
          <ul aria-label={t('renewals.desk.caption')} aria-busy={list.updating}>
            {items.map((row) => (
              <DeskRow key={row.id} row={row} />
            ))}
          </ul>
        )}
      </PagedList>
      {tasksAfterList ? (
        <Suspense fallback={null}>
          <RenewalTasks />
        </Suspense>
      ) : null}
    </AdminListFrame>
  );
}

function Summary() {
  const { t } = useTranslation();
  const { data } = useQuery(renewalSummaryQuery);
  if (!data) return null;
  const counts = ['dueIn30', 'inGrace', 'lapsed', 'cancelledThisMonth', 'openTasks'] as const;
  const reasons = data.reasons.filter((r) => r.count > 0);
  return (
    <div className="mb-4 space-y-3" data-testid="renewals-summary">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {counts.map((k) => (
          <div key={k} className="rounded-xl border border-slate-200 bg-white px-3 py-2">
            <dt className="text-xs text-slate-600">{t(`renewals.desk.counts.${k}`)}</dt>
            <dd className="text-xl font-semibold text-slate-900">{data[k]}</dd>
          </div>
        ))}
      </dl>
      {reasons.length > 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm" data-testid="renewals-reasons">
          <p className="font-medium text-slate-900">{t('renewals.desk.reasonsTitle')}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
            {reasons.map((r) => (
              <li key={r.reason}>
                {t(`renewals.reasons.${r.reason}`)}: <span className="font-semibold">{r.count}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function DeskRow({ row }: { row: RenewalDeskRow }) {
  const { t } = useTranslation();
  const { lang, usd } = useFormat();
  return (
    <li
      data-testid="renewal-row"
      data-id={row.id}
      className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 last:border-b-0 sm:flex-row sm:items-center"
    >
      <div className="sm:w-40 sm:shrink-0">
        <time dateTime={row.periodEnd} className="font-semibold text-slate-900">
          {formatCalendarDateLong(row.periodEnd, lang)}
        </time>
        <p className="text-sm text-slate-600">
          {row.daysLeft >= 0
            ? t('renewals.desk.daysLeft', { count: row.daysLeft })
            : t('renewals.desk.daysAgo', { count: -row.daysLeft })}
        </p>
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {t(`renewals.products.${row.product}`)} · {usd(row.priceCents)}
        </p>
        {row.businessName ? <p className="break-words text-sm text-slate-700">{row.businessName}</p> : null}
        <p className="break-all text-sm text-slate-600">
          <Link
            to={`/admin/users?id=${encodeURIComponent(row.userId)}`}
            className="text-indigo-700 underline-offset-2 hover:underline"
          >
            {row.customerName ?? row.customerEmail}
          </Link>
          {row.customerName ? ` · ${row.customerEmail}` : ''}
        </p>
        {row.cancelReason ? (
          <p className="text-sm text-slate-600">{t(`renewals.reasons.${row.cancelReason}`)}</p>
        ) : null}
      </div>
      <StatusBadge status={row.status} style={STATUS_STYLES[row.status]} className="self-start sm:self-auto">
        {t(`renewals.status.${row.status}`)}
      </StatusBadge>
    </li>
  );
}
