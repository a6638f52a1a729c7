import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Fact {
  /** Stable React key. */
  id: string;
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  icon?: LucideIcon;
}

/** Label/value pairs (timings, fees, a summary) as a definition list. */
export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={clsx('divide-y divide-slate-200 rounded-xl border border-slate-200', className)}>
      {facts.map(({ id, label, value, note, icon: Icon }) => (
        <div key={id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <dt className="flex items-start gap-2 text-sm text-slate-700">
            {Icon ? <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" /> : null}
            <span>
              {label}
              {note ? <span className="mt-0.5 block text-xs text-slate-500">{note}</span> : null}
            </span>
          </dt>
          <dd className="text-base font-semibold text-slate-900 sm:text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
