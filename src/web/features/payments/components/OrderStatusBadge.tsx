import type { FormationPaymentStatus, OrderStatus } from '../../../../shared/features/payments/orders.domain';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useTranslation } from '../../../lib/useTranslation';
import { ORDER_STATUS_STYLES } from '../lib/orderStatusStyles';

/** An order's status: pending, paid, failed or cancelled. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={ORDER_STATUS_STYLES[status]} testId="order-status">
      {t(`payments.status.${status}`)}
    </StatusBadge>
  );
}

/** The turnkey formation's payment status: a badge on the formation. */
export function FormationPaymentBadge({ status }: { status: FormationPaymentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={ORDER_STATUS_STYLES[status]} testId="formation-payment-status">
      {t('payments.formationPayment', { status: t(`catalogue.paymentStatus.${status}`) })}
    </StatusBadge>
  );
}
