import type { OrderStatus } from '../../../../shared/features/payments/orders.domain';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useTranslation } from '../../../lib/useTranslation';
import { ORDER_STATUS_STYLES } from '../lib/orderStatusStyles';

/**
 * An order's or a formation's payment status as staff read it in the admin lists: the customer's
 * colours, the staff's words (a module of its own, so the customer's pages do not load those).
 */
export function PaymentStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={ORDER_STATUS_STYLES[status]} testId={testId}>
      {t(`adminServices.paymentStatus.${status}`)}
    </StatusBadge>
  );
}
