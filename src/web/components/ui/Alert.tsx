import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<Tone, { box: string; Icon: typeof Info }> = {
  info: { box: 'border-indigo-200 bg-indigo-50 text-indigo-900', Icon: Info },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', Icon: CircleCheck },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: TriangleAlert },
  error: { box: 'border-red-200 bg-red-50 text-red-900', Icon: CircleAlert },
};

/** A message in the page flow; errors are announced at once, the rest politely. */
export function Alert({
  tone = 'info',
  children,
  action,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center', box, className)}
    >
      <div className="flex flex-1 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="flex-1">{children}</div>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
