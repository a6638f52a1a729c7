import type { SupportStatus } from '../../../../shared/features/support/support.domain';
import { type BadgeStyle, StatusBadge } from '../../../components/ui/StatusBadge';
import { useTranslation } from '../../../lib/useTranslation';

// Blue, yellow, green, grey (docs/product.md, support).
const STYLES: Record<SupportStatus, BadgeStyle> = {
  open: { tone: 'bg-blue-50 text-blue-900 ring-blue-200' },
  in_progress: { tone: 'bg-yellow-50 text-yellow-900 ring-yellow-300' },
  resolved: { tone: 'bg-green-50 text-green-900 ring-green-200' },
  closed: { tone: 'bg-slate-100 text-slate-800 ring-slate-300' },
};

export function SupportStatusBadge({ status, className }: { status: SupportStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={STYLES[status]} testId="support-status" className={className}>
      {t(`support.status.${status}`)}
    </StatusBadge>
  );
}
