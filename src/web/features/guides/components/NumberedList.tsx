import type { ReactNode } from 'react';

/** The numbered instructions of a guide step. */
export function NumberedList({ items }: { items: { key: string; title: string; body: string; action?: ReactNode }[] }) {
  return (
    <ol className="space-y-4">
      {items.map((item, index) => (
        <li key={item.key} className="flex gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-1 text-sm text-slate-700">{item.body}</p>
            {item.action ? <div className="mt-3">{item.action}</div> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
