import { clsx } from 'clsx';
import { Clock, Hourglass } from 'lucide-react';
import { type AdminListViewProps, PagedList, SelectableRows } from '../../../components/admin/ListParts';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { AdminThread, AdminThreadList } from '../api/support';
import { SupportStatusBadge } from '../components/SupportStatusBadge';

export type SupportThreadListProps = AdminListViewProps<AdminThreadList>;

/** The threads of one page: subject, the user's email, status, last message and how long it has waited for us. */
export function SupportThreadList(props: SupportThreadListProps) {
  const { updating, selectedId, onSelect } = props;
  const { t } = useTranslation();
  return (
    <PagedList
      {...props}
      idPrefix="support"
      ns="support.admin.list"
      filtersNs="support.admin.filters"
      emptyTestId="support-list-empty"
    >
      {(items) => (
        <SelectableRows
          label={t('support.admin.list.label')}
          items={items}
          updating={updating}
          selectedId={selectedId}
          onSelect={onSelect}
          row={Row}
        />
      )}
    </PagedList>
  );
}

/** `panelOpen`: aria-controls may only name an element that exists, and the panel is there while a row is selected. */
function Row({
  item,
  selected,
  panelOpen,
  onSelect,
}: {
  item: AdminThread;
  selected: boolean;
  panelOpen: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <li
      data-testid="support-row"
      data-id={item.id}
      data-status={item.status}
      data-waiting={item.waitingSince ? 'true' : undefined}
      aria-current={selected ? 'true' : undefined}
      className={clsx(
        'relative px-4 py-3',
        selected ? 'bg-indigo-50 shadow-[inset_3px_0_0_var(--color-indigo-600)]' : 'hover:bg-slate-50',
      )}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <button
            type="button"
            aria-controls={panelOpen ? 'support-detail' : undefined}
            onClick={() => onSelect(item.id)}
            // The button's ::after covers the whole row, so a click anywhere on it opens the thread.
            className="block max-w-full after:absolute after:inset-0 after:content-[''] break-words rounded-sm text-left font-semibold text-slate-900 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {item.subject}
            {selected ? <span className="sr-only"> ({t('support.admin.list.selected')})</span> : null}
          </button>
          <p className="break-all text-sm text-slate-600">{item.userEmail}</p>
        </div>
        <SupportStatusBadge status={item.status} className="mt-0.5 shrink-0" />
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5 text-slate-400" />
          <span className="sr-only">{t('support.admin.list.lastMessage')}: </span>
          <time dateTime={item.lastMessageAt}>{fmt.dateTime(item.lastMessageAt)}</time>
        </span>
        {item.waitingSince ? (
          <span
            data-testid="support-waiting"
            className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-inset ring-amber-200"
          >
            <Hourglass aria-hidden="true" className="size-3.5" />
            {t('support.admin.list.waitingSince', { date: fmt.dateTime(item.waitingSince) })}
          </span>
        ) : null}
      </div>
    </li>
  );
}
