import { CircleCheck, CircleX, Clock, Undo2 } from 'lucide-react';
import type { FormationPaymentStatus, OrderStatus } from '../../../../shared/domain/orders';
import { type BadgeStyle, StatusBadge } from '../../../components/ui/StatusBadge';
import { useTranslation } from '../../../lib/useTranslation';

// Pending yellow, paid green, failed red, cancelled grey: for the customer and for staff alike.
const STYLES: Record<OrderStatus, BadgeStyle> = {
  pending: { tone: 'bg-amber-50 text-amber-900 ring-amber-200', Icon: Clock },
  paid: { tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200', Icon: CircleCheck },
  failed: { tone: 'bg-red-50 text-red-900 ring-red-200', Icon: CircleX },
  cancelled: { tone: 'bg-slate-100 text-slate-700 ring-slate-300', Icon: Undo2 },
};

/** An order's status: pending, paid, failed or cancelled. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={STYLES[status]} testId="order-status">
      {t(`payments.status.${status}`)}
    </StatusBadge>
  );
}

/** The turnkey formation's payment status: a badge on the formation. */
export function FormationPaymentBadge({ status }: { status: FormationPaymentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={STYLES[status]} testId="formation-payment-status">
      {t('payments.formationPayment', { status: t(`catalogue.paymentStatus.${status}`) })}
    </StatusBadge>
  );
}

/** An order's or a formation's payment status as staff read it in the admin lists. */
export function PaymentStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={STYLES[status]} testId={testId}>
      {t(`adminServices.paymentStatus.${status}`)}
    </StatusBadge>
  );
}
