import { clsx } from 'clsx';
import { CircleCheck, CircleX, Clock, Undo2 } from 'lucide-react';
import type { FormationPaymentStatus, OrderStatus } from '../../../../shared/domain/orders';
import { useTranslation } from '../../../lib/useTranslation';

// The same colours and icons as the admin's badge: the icon repeats the colour's meaning.
const STYLES: Record<OrderStatus, { tone: string; Icon: typeof Clock }> = {
  pending: { tone: 'bg-amber-50 text-amber-900 ring-amber-200', Icon: Clock },
  paid: { tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200', Icon: CircleCheck },
  failed: { tone: 'bg-red-50 text-red-900 ring-red-200', Icon: CircleX },
  cancelled: { tone: 'bg-slate-100 text-slate-700 ring-slate-300', Icon: Undo2 },
};

function Badge({ status, testId, children }: { status: OrderStatus; testId: string; children: string }) {
  const { tone, Icon } = STYLES[status];
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={clsx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {children}
    </span>
  );
}

/** An order's status: pending, paid, failed or cancelled. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge status={status} testId="order-status">
      {t(`payments.status.${status}`)}
    </Badge>
  );
}

/** The turnkey formation's payment status (SPEC §4: a badge on the formation). */
export function FormationPaymentBadge({ status }: { status: FormationPaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge status={status} testId="formation-payment-status">
      {t('payments.formationPayment', { status: t(`catalogue.paymentStatus.${status}`) })}
    </Badge>
  );
}
