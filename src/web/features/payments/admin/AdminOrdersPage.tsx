import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { PACKAGE_IDS } from '../../../../shared/catalogue/packages';
import {
  ADMIN_ORDER_MODES,
  type AdminOrderMode,
  ORDER_KINDS,
  ORDER_STATUSES,
  type OrderKind,
  type OrderStatus,
} from '../../../../shared/features/payments/orders.domain';
import type { AdminOrderListItem } from '../../../../shared/features/payments/orders-admin.contracts';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { AttributionFilter } from '../../../components/admin/AttributionFilter';
import { ListExport } from '../../../components/admin/ExportButtons';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { PagedList } from '../../../components/admin/ListParts';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { PeriodFields } from '../../../components/admin/PeriodFields';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import {
  type ListParamsCodec,
  readDay,
  readPage,
  readQuery,
  readToken,
  useListParams,
} from '../../../components/admin/useListParams';
import { Checkbox } from '../../../components/ui/Checkbox';
import { SelectField } from '../../../components/ui/Select';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { serviceListQuery } from '../../services';
import { OrderFlagBadge } from '../components/OrderFlagBadge';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge';
import { TestModeBadge } from '../components/TestModeBadge';
import { ADMIN_ORDERS_KEY, downloadOrdersCsv, type OrderListParams, orderListQuery } from './ordersApi';

const codec: ListParamsCodec<OrderListParams> = {
  read: (search) => {
    const status = search.get('status');
    const mode = search.get('mode');
    const kind = search.get('kind');
    return {
      page: readPage(search),
      status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null,
      service: search.get('service') || null,
      mode: (ADMIN_ORDER_MODES as readonly string[]).includes(mode ?? '') ? (mode as AdminOrderMode) : null,
      kind: (ORDER_KINDS as readonly string[]).includes(kind ?? '') ? (kind as OrderKind) : null,
      q: readQuery(search),
      paidFrom: readDay(search, 'paidFrom'),
      paidTo: readDay(search, 'paidTo'),
      first: search.get('first') === '1',
      utm: readToken(search, 'utm'),
      link: readToken(search, 'link'),
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('status', p.status, null);
    set('service', p.service, null);
    set('mode', p.mode, null);
    set('kind', p.kind, null);
    set('q', p.q, '');
    set('paidFrom', p.paidFrom, null);
    set('paidTo', p.paidTo, null);
    set('first', p.first ? '1' : null, null);
    set('utm', p.utm, null);
    set('link', p.link, null);
  },
};

/**
 * Every order, read-only: newest first, filtered by status, service or package and TEST MODE,
 * searched by customer, paged and exported on the server.
 */
export function AdminOrdersPage() {
  const { t } = useTranslation();
  const params = useListParams(codec);
  const { page, status, service, mode, kind, q, paidFrom, paidTo, first, utm, link, update } = params;
  const filters = { status, service, mode, kind, q, paidFrom, paidTo, first, utm, link };
  const filtered = Boolean(status || service || mode || kind || q || paidFrom || paidTo || first || utm || link);
  const { view, toolbar } = useAdminList(params, {
    query: orderListQuery({ page, ...filters }),
    refreshKey: ADMIN_ORDERS_KEY,
    loadFailedKey: 'adminOrders.loadFailed',
    filtered,
    clearFilters: {
      q: '',
      status: null,
      service: null,
      mode: null,
      kind: null,
      paidFrom: null,
      paidTo: null,
      first: false,
      utm: null,
      link: null,
    },
    rowTestId: 'order-row',
  });
  const services = useQuery(serviceListQuery({ status: 'all', q: '' }));

  return (
    <AdminListFrame
      icon={Receipt}
      title={t('adminOrders.title')}
      subtitle={t('adminOrders.intro')}
      toolbar={
        <ListToolbar idPrefix="orders" ns="adminOrders.filters" {...toolbar}>
          <FilterSelect
            id="orders-status"
            name="status"
            label={t('adminOrders.status')}
            value={status}
            values={ORDER_STATUSES}
            labelOf={(s) => t(`payments.status.${s}`)}
            allLabel={t('adminOrders.allStatuses')}
            onFilter={(value) => update({ status: value, page: 1 })}
            className="min-w-0 flex-1 sm:w-40 sm:flex-none"
          />
        </ListToolbar>
      }
      controls={
        <>
          <div className="flex flex-col gap-3 sm:flex-row">
            <SelectField
              id="orders-service"
              name="service"
              label={t('adminOrders.service')}
              value={service ?? ''}
              onChange={(event) => update({ service: event.target.value || null, page: 1 })}
              className="min-w-0 sm:w-64"
            >
              <option value="">{t('adminOrders.allServices')}</option>
              {PACKAGE_IDS.map((id) => (
                <option key={id} value={id}>
                  {t('payments.order.package', { name: t(`catalogue.packages.${id}.name`) })}
                </option>
              ))}
              {(services.data?.services ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </SelectField>
            <FilterSelect
              id="orders-mode"
              name="mode"
              label={t('adminOrders.mode')}
              value={mode}
              values={ADMIN_ORDER_MODES}
              labelOf={(m) => t(`adminOrders.modes.${m}`)}
              allLabel={t('adminOrders.allModes')}
              onFilter={(value) => update({ mode: value, page: 1 })}
              className="min-w-0 sm:w-48"
            />
            <FilterSelect
              id="orders-kind"
              name="kind"
              label={t('adminOrders.kind')}
              value={kind}
              values={ORDER_KINDS}
              labelOf={(k) => t(`adminOrders.kinds.${k}`)}
              allLabel={t('adminOrders.allKinds')}
              onFilter={(value) => update({ kind: value, page: 1 })}
              className="min-w-0 sm:w-44"
            />
            <PeriodFields
              id="orders-paid"
              fromLabel={t('adminOrders.paidFrom')}
              toLabel={t('adminOrders.paidTo')}
              from={paidFrom}
              to={paidTo}
              onChange={({ from, to }) => update({ paidFrom: from, paidTo: to, page: 1 })}
            />
          </div>
          <Checkbox
            id="orders-first-only"
            name="first"
            label={t('adminOrders.firstOnly')}
            checked={first}
            onChange={(event) => update({ first: event.target.checked, page: 1 })}
          />
          <AttributionFilter utm={utm} link={link} onClear={() => update({ utm: null, link: null, page: 1 })} />
          <ListExport ns="adminOrders" idPrefix="orders" download={(format) => downloadOrdersCsv(filters, format)} />
        </>
      }
    >
      <PagedList
        {...view}
        idPrefix="orders"
        ns="adminOrders"
        pagerNs="adminOrders.pager"
        filtersNs="adminOrders.filters"
      >
        {(items) => (
          <ul aria-label={t('adminOrders.caption')} aria-busy={view.updating}>
            {items.map((row) => (
              <OrderRow key={row.id} row={row} />
            ))}
          </ul>
        )}
      </PagedList>
    </AdminListFrame>
  );
}

function OrderRow({ row }: { row: AdminOrderListItem }) {
  const { t } = useTranslation();
  const { usd, dateTime, lang } = useFormat();
  const item = row.packageId
    ? t('payments.order.package', { name: t(`catalogue.packages.${row.packageId}.name`) })
    : ((lang === 'en' ? row.titleEn || row.title : row.title) ?? '—');
  return (
    <li
      data-testid="order-row"
      data-id={row.id}
      data-status={row.status}
      className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 last:border-b-0 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="sm:w-40 sm:shrink-0">
        <time dateTime={row.createdAt} className="text-sm font-medium text-slate-900">
          {dateTime(row.createdAt)}
        </time>
        <p className="text-base font-semibold tabular-nums text-slate-900" data-testid="order-amount">
          {usd(row.amountCents)}
        </p>
      </div>
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900" data-testid="order-item">
          {item}
        </p>
        <p className="break-all text-sm text-slate-600">
          <Link
            to={`/admin/users?id=${encodeURIComponent(row.userId)}`}
            className="text-indigo-700 underline-offset-2 hover:underline"
            data-testid="order-customer"
          >
            {row.customerName ?? row.customerEmail}
          </Link>
          {row.customerName ? ` · ${row.customerEmail}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1 sm:justify-end">
        <PaymentStatusBadge status={row.status} testId="order-status" />
        {row.testMode ? <TestModeBadge testId="order-test-mode" /> : null}
        {row.flag ? <OrderFlagBadge flag={row.flag} testId="order-flag" /> : null}
      </div>
    </li>
  );
}
