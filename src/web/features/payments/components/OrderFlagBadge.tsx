import { TriangleAlert } from 'lucide-react';
import type { OrderFlag } from '../../../../shared/features/payments/orders.domain';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * Decision 0032: a paid turnkey order that did not buy the request ("paid twice", "paid for a different
 * package"), for staff to refund or settle with the customer.
 */
export function OrderFlagBadge({ flag, testId }: { flag: OrderFlag; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-flag={flag}
      data-testid={testId}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-inset ring-red-200"
    >
      <TriangleAlert aria-hidden="true" className="size-3.5" />
      {t(`catalogue.orderFlags.${flag}`)}
    </span>
  );
}
