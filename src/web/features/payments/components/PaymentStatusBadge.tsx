import { clsx } from 'clsx';
import { CircleCheck, CircleX, Clock, Undo2 } from 'lucide-react';
import type { OrderStatus } from '../../../../shared/domain/orders';
import { useTranslation } from '../../../lib/useTranslation';

const STYLES: Record<OrderStatus, { tone: string; Icon: typeof Clock }> = {
  pending: { tone: 'bg-amber-50 text-amber-900 ring-amber-200', Icon: Clock },
  paid: { tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200', Icon: CircleCheck },
  failed: { tone: 'bg-red-50 text-red-900 ring-red-200', Icon: CircleX },
  cancelled: { tone: 'bg-slate-100 text-slate-700 ring-slate-300', Icon: Undo2 },
};

/**
 * An order's or a formation's payment status: pending yellow, paid green, failed red, cancelled grey.
 * The icon repeats the colour's meaning for those who cannot tell the colours apart.
 */
export function PaymentStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  const { tone, Icon } = STYLES[status];
  return (
    <span
      data-status={status}
      data-testid={testId}
      className={clsx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`adminServices.paymentStatus.${status}`)}
    </span>
  );
}
