import { clsx } from 'clsx';
import type { SupportStatus } from '../../../../shared/domain/support';
import { useTranslation } from '../../../lib/useTranslation';

// SPEC §4: blue, yellow, green, gray.
const TONES: Record<SupportStatus, string> = {
  open: 'bg-blue-50 text-blue-900 ring-blue-200',
  in_progress: 'bg-yellow-50 text-yellow-900 ring-yellow-300',
  resolved: 'bg-green-50 text-green-900 ring-green-200',
  closed: 'bg-slate-100 text-slate-800 ring-slate-300',
};

export function SupportStatusBadge({ status, className }: { status: SupportStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="support-status"
      data-status={status}
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[status],
        className,
      )}
    >
      {t(`support.status.${status}`)}
    </span>
  );
}
