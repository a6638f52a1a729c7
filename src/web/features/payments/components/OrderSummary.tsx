import { type Fact, FactList } from '../../../components/ui/FactList';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { OrderView } from '../api/payments';
import { orderName } from '../lib/orderName';
import { OrderStatusBadge } from './OrderStatusBadge';

/** What was bought and for how much; the status and date when the page is about an order already made. */
export function OrderSummary({
  order,
  showStatus = false,
  showAmount = true,
  className,
}: {
  order: OrderView;
  showStatus?: boolean;
  /** Off where the page shows the amount itself, larger (the checkout's total). */
  showAmount?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const facts: Fact[] = [
    {
      id: 'name',
      label: t('payments.summary.item'),
      value: <span data-testid="order-name">{orderName(order, t, fmt.lang)}</span>,
    },
  ];
  if (showAmount) {
    facts.push({
      id: 'amount',
      label: t('payments.summary.amount'),
      value: <span data-testid="order-amount">{fmt.usd(order.amountCents)}</span>,
    });
  }
  if (showStatus) {
    facts.push({
      id: 'status',
      label: t('payments.summary.status'),
      value: <OrderStatusBadge status={order.status} />,
    });
    if (order.paidAt)
      facts.push({ id: 'paidAt', label: t('payments.summary.paidAt'), value: <>{fmt.date(order.paidAt)}</> });
  }
  return <FactList facts={facts} className={className} />;
}
