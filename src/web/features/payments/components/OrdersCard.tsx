import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { ordersQuery } from '../api/payments';
import { orderName } from '../lib/orderName';
import { OrderStatusBadge } from './OrderStatusBadge';

/** The dashboard's "Your orders": every purchase with its status; nothing at all before the first one. */
export function OrdersCard() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data: orders } = useQuery(ordersQuery);
  // A failed load hides the card too: the orders are a side note of the dashboard, not its point.
  if (!orders?.length) return null;
  return (
    <Card data-testid="orders-card" className="sm:p-6">
      <div className="flex items-center gap-2">
        <Receipt aria-hidden="true" className="size-5 text-indigo-600" />
        <h2 className="text-lg font-semibold text-slate-900">{t('payments.orders.title')}</h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('payments.orders.subtitle')}</p>
      <ul
        aria-label={t('payments.orders.label')}
        className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {orders.map((order) => (
          <li
            key={order.id}
            data-testid="order-row"
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{orderName(order, t, fmt.lang)}</p>
              <p className="text-sm text-slate-600">{t('payments.orders.date', { date: fmt.date(order.createdAt) })}</p>
            </div>
            <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
              <span className="font-semibold text-slate-900">{fmt.usd(order.amountCents)}</span>
              <OrderStatusBadge status={order.status} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
