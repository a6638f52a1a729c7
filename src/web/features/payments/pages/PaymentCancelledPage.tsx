import { CircleSlash } from 'lucide-react';
import { useTranslation } from '../../../lib/useTranslation';
import { ResultCard } from '../components/ResultCard';

/** product.md#services-and-payment-pages "Payment pages": the customer left the checkout; nothing was charged. */
export function PaymentCancelledPage() {
  const { t } = useTranslation();
  return (
    <ResultCard icon={CircleSlash} tone="neutral" title={t('payments.cancelled.title')} testId="payment-cancelled">
      <p className="mt-2 text-slate-600">{t('payments.cancelled.body')}</p>
    </ResultCard>
  );
}
