import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ListShell } from '../../../components/admin/ListParts';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { ServiceActions } from './ServiceActions';
import type { AdminService } from './servicesApi';

export interface ServiceListProps {
  services: AdminService[] | undefined;
  loading: boolean;
  updating: boolean;
  error: string | null;
  filtered: boolean;
  editingId: string | null;
  onEdit: (service: AdminService) => void;
  onDeleted: (id: string) => void;
  onRetry: () => void;
  onClearFilters: () => void;
}

const headClass = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';

/**
 * The services as a table on wide screens; below `lg` each row lays itself out as a card (the same
 * markup, so there is one set of rows and one set of buttons).
 */
export function ServiceList(props: ServiceListProps) {
  const { services, loading, updating, error, filtered, onRetry, onClearFilters } = props;
  const { t } = useTranslation();
  return (
    <ListShell
      items={services}
      loading={loading}
      loadingLabel={t('adminServices.list.loading')}
      error={error}
      onRetry={onRetry}
      empty={{
        testId: 'services-empty',
        message: t(filtered ? 'adminServices.list.emptyFiltered' : 'adminServices.list.empty'),
        clearLabel: t('adminServices.filters.clear'),
        onClear: filtered ? onClearFilters : undefined,
      }}
    >
      {(items) => (
        <table
          aria-busy={updating || undefined}
          className={clsx('block w-full text-sm lg:table', updating && 'opacity-60 transition-opacity')}
          data-testid="services-table"
        >
          <caption className="sr-only">{t('adminServices.list.caption')}</caption>
          <thead className="hidden border-b border-slate-200 bg-slate-50 lg:table-header-group">
            <tr>
              <th scope="col" className={headClass}>
                {t('adminServices.list.service')}
              </th>
              <th scope="col" className={clsx(headClass, 'text-right')}>
                {t('adminServices.list.price')}
              </th>
              <th scope="col" className={headClass}>
                {t('adminServices.list.status')}
              </th>
              <th scope="col" className={clsx(headClass, 'text-right')}>
                {t('adminServices.list.orders')}
              </th>
              <th scope="col" className={headClass}>
                {t('adminServices.list.created')}
              </th>
              <th scope="col" className={clsx(headClass, 'text-right')}>
                {t('adminServices.list.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 lg:table-row-group">
            {items.map((service) => (
              <ServiceRow key={service.id} service={service} {...props} />
            ))}
          </tbody>
        </table>
      )}
    </ListShell>
  );
}

function ServiceRow({
  service,
  editingId,
  onEdit,
  onDeleted,
}: { service: AdminService } & Pick<ServiceListProps, 'editingId' | 'onEdit' | 'onDeleted'>) {
  const { t } = useTranslation();
  const { usd, date } = useFormat();
  const editing = service.id === editingId;
  return (
    <tr
      data-testid="service-row"
      data-id={service.id}
      data-active={String(service.isActive)}
      aria-current={editing ? 'true' : undefined}
      className={clsx(
        'grid grid-cols-2 gap-x-4 gap-y-3 px-4 py-4 align-top lg:table-row lg:p-0',
        editing && 'bg-indigo-50 shadow-[inset_3px_0_0_var(--color-indigo-600)]',
      )}
    >
      <td className="col-span-2 min-w-0 lg:w-full lg:px-4 lg:py-3">
        <span className="block font-semibold text-slate-900 [overflow-wrap:anywhere]" data-testid="service-title">
          {service.title}
        </span>
        {service.titleEn ? (
          <span lang="en" className="block text-slate-600 [overflow-wrap:anywhere]">
            <span className="sr-only">{t('adminServices.list.englishTitle')}: </span>
            {service.titleEn}
          </span>
        ) : null}
        <span className="mt-0.5 line-clamp-2 text-slate-600 [overflow-wrap:anywhere]">{service.description}</span>
      </td>
      <Cell label={t('adminServices.list.price')} className="lg:text-right">
        <span className="font-medium tabular-nums text-slate-900" data-testid="service-price">
          {usd(service.priceCents)}
        </span>
      </Cell>
      <Cell label={t('adminServices.list.status')}>
        <ActiveBadge active={service.isActive} />
      </Cell>
      <Cell label={t('adminServices.list.orders')} className="lg:text-right">
        <span className="tabular-nums text-slate-900" data-testid="service-orders">
          {service.orderCount}
        </span>
      </Cell>
      <Cell label={t('adminServices.list.created')}>
        <time dateTime={service.createdAt} className="whitespace-nowrap text-slate-700">
          {date(service.createdAt)}
        </time>
      </Cell>
      <td className="col-span-2 lg:px-4 lg:py-3">
        <ServiceActions service={service} onEdit={onEdit} onDeleted={onDeleted} />
      </td>
    </tr>
  );
}

/** A table cell that, as a card on a phone, carries its column's name above the value. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={clsx('min-w-0 lg:whitespace-nowrap lg:px-4 lg:py-3', className)}>
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-500 lg:hidden">{label}</span>
      {children}
    </td>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="service-active-badge"
      className={clsx(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        active ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-slate-300',
      )}
    >
      <span aria-hidden="true" className={clsx('size-1.5 rounded-full', active ? 'bg-emerald-600' : 'bg-slate-500')} />
      {t(active ? 'adminServices.status.active' : 'adminServices.status.inactive')}
    </span>
  );
}
