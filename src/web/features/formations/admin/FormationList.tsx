import { clsx } from 'clsx';
import { CalendarDays, ChevronRight, Mail, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PagedList } from '../../../components/admin/ListParts';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { EinStatusBadge } from '../../ein';
import { OrderFlagBadge, PaymentStatusBadge, TestModeBadge } from '../../payments';
import { FormationStatusSelect } from './FormationStatusSelect';
import type { AdminFormation, AdminFormationList } from './formationsApi';

export interface FormationListProps {
  data: AdminFormationList | undefined;
  loading: boolean;
  updating: boolean;
  error: string | null;
  filtered: boolean;
  /** The list's own URL (search, filter, page), so the customer file can lead back to it. */
  backTo: string;
  onRetry: () => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
}

/**
 * The formations as a table when there is room and as stacked cards in a narrow column (a phone):
 * the same rows, laid out by a container query. Each row has its status dropdown and 'View Details'.
 */
export function FormationList(props: FormationListProps) {
  const { updating, backTo } = props;
  const { t } = useTranslation();
  return (
    <PagedList
      {...props}
      idPrefix="formations"
      ns="adminFormations.list"
      filtersNs="adminFormations.filters"
      frameClassName="@container"
    >
      {(items) => (
        <div className="@4xl:overflow-x-auto">
          <table
            aria-busy={updating || undefined}
            className={clsx('block w-full text-sm @4xl:table', updating && 'opacity-60 transition-opacity')}
          >
            <caption className="sr-only">{t('adminFormations.list.caption')}</caption>
            <thead className="hidden border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold text-slate-600 @4xl:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminFormations.list.columns.business')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminFormations.list.columns.state')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminFormations.list.columns.dates')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminFormations.list.columns.payment')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminFormations.list.columns.status')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  <span className="sr-only">{t('adminFormations.list.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 @4xl:table-row-group">
              {items.map((item) => (
                <FormationRow key={item.id} item={item} backTo={backTo} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedList>
  );
}

const cell = '@4xl:table-cell @4xl:px-4 @4xl:py-3 @4xl:align-middle';

function Meta({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <Icon aria-hidden="true" className="size-3.5 shrink-0 text-slate-400 @4xl:hidden" />
      <span className="truncate">{children}</span>
    </span>
  );
}

function FormationRow({ item, backTo }: { item: AdminFormation; backTo: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const business = item.businessName || t('adminFormations.noBusinessName');
  const who = item.businessName || item.customerName || item.customerEmail;
  return (
    <tr
      data-testid="formation-row"
      data-id={item.id}
      data-status={item.formationStatus}
      className="flex flex-wrap items-start gap-x-3 gap-y-1.5 px-4 py-3 hover:bg-slate-50 @4xl:table-row"
    >
      <td className={clsx(cell, 'order-1 min-w-0 flex-1')}>
        <span
          className={clsx(
            'block max-w-full break-words text-base font-semibold @4xl:max-w-72 @4xl:truncate @4xl:text-sm',
            item.businessName ? 'text-slate-900' : 'italic text-slate-500',
          )}
          title={business}
          data-testid="formation-business"
        >
          {business}
        </span>
        <span className="block max-w-full truncate text-sm text-slate-700 @4xl:max-w-72">
          {item.customerName ?? t('adminFormations.noName')}
        </span>
        <span className="block max-w-full truncate text-sm text-slate-600 @4xl:max-w-72" title={item.customerEmail}>
          <Meta icon={Mail}>{item.customerEmail}</Meta>
        </span>
      </td>
      {/* Card layout only (the table has a payment column): the badge beside the name. */}
      <td className="order-2 flex shrink-0 flex-col items-end gap-1 pt-0.5 @4xl:hidden">
        <PaymentStatusBadge status={item.paymentStatus} />
        {item.purchase?.testMode ? <TestModeBadge /> : null}
        {item.orderFlag ? <OrderFlagBadge flag={item.orderFlag} /> : null}
      </td>
      {/* Card layout only: ends the first line so the details start a new one. */}
      <td aria-hidden="true" className="order-3 h-0 basis-full p-0 @4xl:hidden" />
      <td className={clsx(cell, 'order-4 min-w-0 text-slate-700 @4xl:whitespace-nowrap')}>
        <Meta icon={MapPin}>{item.stateSelected ?? '—'}</Meta>
        {item.purchase ? (
          <span className="block text-xs text-slate-600" data-testid="formation-package">
            {t(`catalogue.packages.${item.purchase.packageId}.name`)} ·{' '}
            {t(`catalogue.addressOptions.${item.purchase.addressOption}`)}
          </span>
        ) : null}
      </td>
      <td className={clsx(cell, 'order-5 min-w-0 text-slate-700 @4xl:whitespace-nowrap')}>
        <Meta icon={CalendarDays}>
          <time dateTime={item.createdAt}>{t('adminFormations.list.created', { date: fmt.date(item.createdAt) })}</time>
        </Meta>
        <span className="hidden text-xs text-slate-500 @4xl:block">
          <time dateTime={item.updatedAt}>{t('adminFormations.list.updated', { date: fmt.date(item.updatedAt) })}</time>
        </span>
      </td>
      <td className={clsx(cell, 'hidden @4xl:table-cell')}>
        <div className="flex flex-col items-start gap-1">
          <PaymentStatusBadge status={item.paymentStatus} />
          {item.purchase?.testMode ? <TestModeBadge testId="formation-test-mode" /> : null}
          {item.orderFlag ? <OrderFlagBadge flag={item.orderFlag} testId="formation-order-flag" /> : null}
          {item.einApplication ? <EinStatusBadge status={item.einApplication.einStatus} /> : null}
        </div>
      </td>
      <td className={clsx(cell, 'order-6 mt-1 w-full @4xl:mt-0 @4xl:w-52')}>
        <FormationStatusSelect
          formationId={item.id}
          status={item.formationStatus}
          name={who}
          formedOn={item.formedOn}
        />
      </td>
      <td className={clsx(cell, 'order-7 w-full @4xl:w-auto @4xl:text-right')}>
        <Link
          to={`/admin/formations/${encodeURIComponent(item.id)}`}
          state={{ backTo }}
          data-testid="formation-view"
          className="inline-flex min-h-11 w-full items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 @4xl:min-h-9 @4xl:w-auto @4xl:whitespace-nowrap"
        >
          {/* The visible words start the accessible name (WCAG 2.5.3), so voice control finds the link. */}
          {t('adminFormations.list.viewDetails')}
          <span className="sr-only"> ({who})</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </td>
    </tr>
  );
}
