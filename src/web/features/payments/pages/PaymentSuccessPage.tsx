import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useFormat } from '../../../lib/format';
import { FORMATION_KEY } from '../../../lib/formation';
import { queryClient } from '../../../lib/queryClient';
import { useTranslation } from '../../../lib/useTranslation';
import { DRAFT_KEY } from '../../turnkey';
import { checkoutSessionQuery, ORDERS_KEY, type OrderView } from '../api/payments';
import { OrderSummary } from '../components/OrderSummary';
import { ResultCard } from '../components/ResultCard';
import { orderName } from '../lib/orderName';

/** The provider confirms a payment by its own call; until then the order is asked about this often… */
const POLL_MS = 2_000;
/** …for this long, after which the dashboard is where the customer will see it. */
const POLL_FOR_MS = 60_000;

/** True once the page has waited POLL_FOR_MS: polling stops and the page says where to look later. */
function usePollingWindowOver(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setOver(true), POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return over;
}

/** product.md#services-and-payment-pages "Payment pages": the order behind `?session_id=` (the route's loader requires it). */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const gaveUp = usePollingWindowOver();
  const order = useQuery({
    ...checkoutSessionQuery(sessionId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' && !gaveUp ? POLL_MS : false),
  });
  const status = order.data?.status;

  // The dashboard and the wizard show what this payment changed.
  useEffect(() => {
    if (status !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: FORMATION_KEY });
    void queryClient.invalidateQueries({ queryKey: DRAFT_KEY });
  }, [status]);

  if (order.data) return <OrderOutcome order={order.data} gaveUp={gaveUp} />;
  if (order.isError) {
    return (
      <ResultCard icon={CircleAlert} tone="error" title={t('payments.success.loadFailed')} testId="payment-result">
        <div className="mt-6 text-left">
          <Alert
            tone="error"
            action={
              <Button variant="secondary" size="sm" onClick={() => void order.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('payments.success.loadFailedBody')}
          </Alert>
        </div>
      </ResultCard>
    );
  }
  return (
    <ResultCard icon={LoaderCircle} iconClassName="animate-spin" tone="info" title={t('payments.success.checking')} />
  );
}

function OrderOutcome({ order, gaveUp }: { order: OrderView; gaveUp: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const vars = { name: orderName(order, t, fmt.lang), amount: fmt.usd(order.amountCents) };
  if (order.status === 'paid' && order.flag) {
    // Decision 0032: money for a replaced checkout or a package already paid is not merged into the request.
    return (
      <ResultCard icon={CircleAlert} tone="info" title={t('payments.success.flagged.title')} testId="payment-result">
        <p className="mt-2 text-slate-600">{t('payments.success.flagged.body', vars)}</p>
        <OrderSummary order={order} showStatus className="mt-6 text-left" />
      </ResultCard>
    );
  }
  if (order.status === 'cancelled' && order.replaced) {
    return (
      <ResultCard icon={CircleX} tone="neutral" title={t('payments.success.replaced.title')} testId="payment-result">
        <p className="mt-2 text-slate-600" data-testid="payment-replaced">
          {t('payments.success.replaced.body', vars)}
        </p>
        <OrderSummary order={order} showStatus className="mt-6 text-left" />
      </ResultCard>
    );
  }
  if (order.status === 'paid') {
    return (
      <ResultCard icon={CircleCheck} tone="success" title={t('payments.success.paid.title')} testId="payment-result">
        <p className="mt-2 text-slate-600">{t('payments.success.paid.body', vars)}</p>
        <OrderSummary order={order} showStatus className="mt-6 text-left" />
      </ResultCard>
    );
  }
  if (order.status === 'pending') {
    return (
      <ResultCard
        icon={LoaderCircle}
        iconClassName={gaveUp ? undefined : 'animate-spin'}
        tone="info"
        title={t('payments.success.pending.title')}
        testId="payment-result"
      >
        <p role="status" className="mt-2 text-slate-600">
          {gaveUp ? t('payments.success.pending.slow') : t('payments.success.pending.body')}
        </p>
        <OrderSummary order={order} showStatus className="mt-6 text-left" />
      </ResultCard>
    );
  }
  const failed = order.status === 'failed';
  return (
    <ResultCard
      icon={CircleX}
      tone={failed ? 'error' : 'neutral'}
      title={t(failed ? 'payments.success.failed.title' : 'payments.success.cancelled.title')}
      testId="payment-result"
    >
      <p className="mt-2 text-slate-600">
        {t(failed ? 'payments.success.failed.body' : 'payments.success.cancelled.body', vars)}
      </p>
      <OrderSummary order={order} showStatus className="mt-6 text-left" />
    </ResultCard>
  );
}
