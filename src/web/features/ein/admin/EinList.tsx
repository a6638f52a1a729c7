import { clsx } from 'clsx';
import { CalendarDays, Hourglass, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { dayNumber } from '../../../../shared/features/formations/stage-waits.domain';
import { type AdminListViewProps, PagedList } from '../../../components/admin/ListParts';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { EinStatusBadge } from './EinStatusBadge';
import type { AdminEinApplication, AdminEinList } from './einApplicationsApi';

export type EinListProps = AdminListViewProps<AdminEinList>;

/**
 * The applications as a table when there is room, and as stacked cards in a narrow column (a phone,
 * or beside the detail panel): the same rows, laid out by a container query.
 */
export function EinList(props: EinListProps) {
  const { updating, selectedId, onSelect } = props;
  const { t } = useTranslation();
  return (
    <PagedList {...props} idPrefix="ein" ns="adminEin.list" filtersNs="adminEin.filters" frameClassName="@container">
      {(items) => (
        <div className="@2xl:overflow-x-auto">
          <table
            aria-busy={updating || undefined}
            className={clsx('block w-full text-sm @2xl:table', updating && 'opacity-60 transition-opacity')}
          >
            <caption className="sr-only">{t('adminEin.list.caption')}</caption>
            <thead className="hidden border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold text-slate-600 @2xl:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminEin.list.columns.business')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminEin.list.columns.responsibleParty')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminEin.list.columns.state')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminEin.list.columns.created')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminEin.list.columns.status')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  {t('adminEin.stageWait.column')}
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 @2xl:table-row-group">
              {items.map((item) => (
                <EinRow
                  key={item.id}
                  item={item}
                  overdue={
                    item.einStatus === 'submitted_to_irs' &&
                    Boolean(props.data?.overdue) &&
                    item.stageReachedAt < `${props.data?.overdue.submittedBefore}T00:00:00`
                  }
                  selected={item.id === selectedId}
                  panelOpen={Boolean(selectedId)}
                  onSelect={onSelect}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedList>
  );
}

const cell = '@2xl:table-cell @2xl:px-4 @2xl:py-3 @2xl:align-middle';

function Meta({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <Icon aria-hidden="true" className="size-3.5 shrink-0 text-slate-400 @2xl:hidden" />
      <span className="truncate">{children}</span>
    </span>
  );
}

function EinRow({
  item,
  overdue,
  selected,
  panelOpen,
  onSelect,
}: {
  item: AdminEinApplication;
  /** Decision 0050: at submitted_to_irs past the overdue rule. */
  overdue: boolean;
  selected: boolean;
  /** aria-controls may only name an element that exists: the panel is there while a row is selected. */
  panelOpen: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const day = dayNumber(item.stageReachedAt);
  return (
    <tr
      data-testid="ein-row"
      data-id={item.id}
      data-status={item.einStatus}
      data-overdue={overdue || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(item.id)}
      className={clsx(
        'flex cursor-pointer flex-wrap items-start gap-x-3 gap-y-1 px-4 py-3 @2xl:table-row',
        selected ? 'bg-indigo-50 shadow-[inset_3px_0_0_var(--color-indigo-600)]' : 'hover:bg-slate-50',
      )}
    >
      <td className={clsx(cell, 'order-1 min-w-0 flex-1')}>
        <button
          type="button"
          aria-controls={panelOpen ? 'ein-detail' : undefined}
          title={item.businessName}
          className="block max-w-full break-words rounded-sm text-left text-base font-semibold text-slate-900 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 @2xl:max-w-60 @2xl:truncate @2xl:text-sm"
        >
          {item.businessName}
          {selected ? <span className="sr-only"> ({t('adminEin.list.selected')})</span> : null}
        </button>
        <span className="block max-w-full truncate text-sm text-slate-600 @2xl:max-w-60" title={item.email}>
          {item.email}
        </span>
      </td>
      {/* Card layout only: ends the first line (name and status) so the details start a new one. */}
      <td aria-hidden="true" className="order-3 h-0 basis-full p-0 @2xl:hidden" />
      <td className={clsx(cell, 'order-4 min-w-0 text-slate-700 @2xl:max-w-44')}>
        <Meta icon={UserRound}>{item.responsiblePartyName}</Meta>
      </td>
      <td className={clsx(cell, 'order-5 text-slate-700 @2xl:whitespace-nowrap')}>
        <Meta icon={MapPin}>{item.state}</Meta>
      </td>
      <td className={clsx(cell, 'order-6 whitespace-nowrap text-slate-700')}>
        <Meta icon={CalendarDays}>
          <time dateTime={item.createdAt}>{fmt.date(item.createdAt)}</time>
        </Meta>
      </td>
      <td className={clsx(cell, 'order-2 shrink-0 pt-0.5 @2xl:pt-3')}>
        <EinStatusBadge status={item.einStatus} />
        {overdue ? (
          <span
            data-testid="ein-row-overdue"
            className="ml-1.5 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 @2xl:mt-1 @2xl:ml-0 @2xl:flex @2xl:w-fit"
          >
            {t('einFollowUps.desk.overdueBadge')}
          </span>
        ) : null}
      </td>
      <td className={clsx(cell, 'order-7 whitespace-nowrap text-slate-700')}>
        {/* An issued EIN waits for nothing: no counter. */}
        {item.einStatus === 'ein_issued' ? null : (
          <Meta icon={Hourglass}>
            <span
              data-testid="ein-row-day"
              title={t('adminEin.stageWait.dayLong', { day, date: fmt.date(item.stageReachedAt) })}
            >
              {t('adminEin.stageWait.day', { day })}
              <span className="sr-only">
                {' '}
                ({t('adminEin.stageWait.dayLong', { day, date: fmt.date(item.stageReachedAt) })})
              </span>
            </span>
          </Meta>
        )}
      </td>
    </tr>
  );
}
