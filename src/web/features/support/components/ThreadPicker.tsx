import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { SupportStatus } from '../../../../shared/features/support/support.domain';
import { useFormat } from '../../../lib/format';
import { SupportStatusBadge } from './SupportStatusBadge';

export interface PickableThread {
  id: string;
  subject: string;
  status: SupportStatus;
  lastMessageAt: string;
}

export interface ThreadPickerProps<T extends PickableThread> {
  threads: T[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The list's accessible name, and the screen-reader words around each row. */
  labels: { list: string; lastMessage: string; selected: string };
  className: string;
  testId: string;
  itemTestId: string;
  /** Smaller subject text, for the thread list inside a side panel. */
  compact?: boolean;
  /** Shown beside the subject (the customer's unread count). */
  badge?: (thread: T) => ReactNode;
}

/** A list of support threads to pick one from: the customer's page and a user's history on the admin side. */
export function ThreadPicker<T extends PickableThread>({
  threads,
  selectedId,
  onSelect,
  labels,
  className,
  testId,
  itemTestId,
  compact,
  badge,
}: ThreadPickerProps<T>) {
  const fmt = useFormat();
  return (
    <ul aria-label={labels.list} className={clsx('space-y-2 overflow-y-auto', className)} data-testid={testId}>
      {threads.map((thread) => {
        const selected = thread.id === selectedId;
        return (
          <li key={thread.id}>
            <button
              type="button"
              onClick={() => onSelect(thread.id)}
              aria-current={selected ? 'true' : undefined}
              data-testid={itemTestId}
              data-id={thread.id}
              className={clsx(
                'block w-full rounded-xl border px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                selected
                  ? 'border-indigo-300 bg-indigo-50 shadow-[inset_3px_0_0_var(--color-indigo-600)]'
                  : 'border-slate-200 bg-white hover:border-indigo-200 hover:bg-slate-50',
              )}
            >
              <span className="flex items-start gap-2">
                <span className={clsx('min-w-0 flex-1 break-words font-medium text-slate-900', compact && 'text-sm')}>
                  {thread.subject}
                </span>
                {badge?.(thread)}
              </span>
              <span className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                <SupportStatusBadge status={thread.status} />
                <span className="text-xs text-slate-600">
                  <span className="sr-only">{labels.lastMessage}: </span>
                  <time dateTime={thread.lastMessageAt}>{fmt.dateTime(thread.lastMessageAt)}</time>
                </span>
              </span>
              {selected ? <span className="sr-only"> ({labels.selected})</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
