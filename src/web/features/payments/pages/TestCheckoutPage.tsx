import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CreditCard, LayoutDashboard, Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Spinner } from '../../../components/ui/Spinner';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { cancelTestCheckout, payTestCheckout, type TestCheckoutSession, testCheckoutQuery } from '../api/payments';
import { OrderSummary } from '../components/OrderSummary';
import { TestModeBanner } from '../components/TestModeBanner';

/**
 * The local stand-in for the payment provider's hosted checkout, used while no provider is
 * configured: Pay and Cancel do what the provider's confirmation would.
 */
export function TestCheckoutPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const session = useQuery(testCheckoutQuery(sessionId));
  return (
    <>
      <TestModeBanner />
      <PageWrapper
        icon={CreditCard}
        title={t('payments.testCheckout.title')}
        subtitle={t('payments.testCheckout.subtitle')}
        hideBackLink
      >
        {session.data ? (
          session.data.status === 'open' ? (
            <OpenCheckout session={session.data} onClosed={() => void session.refetch()} />
          ) : (
            <ClosedCheckout session={session.data} />
          )
        ) : session.isError ? (
          <CheckoutLoadFailed
            notFound={isApiError(session.error) && session.error.status === 404}
            onRetry={() => void session.refetch()}
          />
        ) : (
          <div role="status" className="flex items-center justify-center gap-2 py-8 text-slate-600">
            <Spinner className="size-6 text-indigo-600" />
            {t('common.loading')}
          </div>
        )}
      </PageWrapper>
    </>
  );
}

function OpenCheckout({ session, onClosed }: { session: TestCheckoutSession; onClosed: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  // Stays set once the answer came: the browser is leaving, nothing may be pressed twice meanwhile.
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const inFlight = useRef(false);

  async function act(action: 'pay' | 'cancel') {
    // The ref stops a double click that lands before the re-render disabling the buttons.
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(action);
    try {
      const { redirectUrl } = await (action === 'pay' ? payTestCheckout : cancelTestCheckout)(session.id);
      // The cancelled page needs nothing from the server, so it opens within the app; the success
      // page loads afresh, as it does when a real provider sends the browser back.
      const target = new URL(redirectUrl, window.location.origin);
      if (action === 'cancel' && target.origin === window.location.origin) {
        navigate(`${target.pathname}${target.search}`, { replace: true });
      } else {
        window.location.assign(redirectUrl);
      }
    } catch (error) {
      inFlight.current = false;
      setBusy(null);
      toast.error(
        errorMessage(
          error,
          action === 'pay' ? 'payments.testCheckout.payFailed' : 'payments.testCheckout.cancelFailed',
          t,
        ),
      );
      if (isApiError(error, 'CHECKOUT_CLOSED')) onClosed();
    }
  }

  return (
    <div data-testid="test-checkout">
      <OrderSummary order={session.order} showAmount={false} />
      <p className="mt-4 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-4">
        <span className="font-semibold text-slate-900">{t('payments.testCheckout.total')}</span>
        <span data-testid="checkout-total" className="text-2xl font-bold tracking-tight text-slate-900">
          {fmt.usd(session.amountCents)}
        </span>
      </p>
      <Alert tone="warning" className="mt-6">
        {t('payments.testCheckout.note')}
      </Alert>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          data-testid="test-checkout-cancel"
          loading={busy === 'cancel'}
          disabled={busy !== null}
          onClick={() => void act('cancel')}
        >
          {t('payments.testCheckout.cancel')}
        </Button>
        <Button
          data-testid="test-checkout-pay"
          loading={busy === 'pay'}
          disabled={busy !== null}
          onClick={() => void act('pay')}
        >
          <Lock aria-hidden="true" className="size-4" />
          {t('payments.testCheckout.pay', { amount: fmt.usd(session.amountCents) })}
        </Button>
      </div>
    </div>
  );
}

function DashboardLink() {
  const { t } = useTranslation();
  return (
    <Link to="/dashboard" className={clsx(buttonLinkClass, buttonLinkVariants.primary, 'mt-6')}>
      <LayoutDashboard aria-hidden="true" className="size-4" />
      {t('payments.actions.dashboard')}
    </Link>
  );
}

function ClosedCheckout({ session }: { session: TestCheckoutSession }) {
  const { t } = useTranslation();
  return (
    <div data-testid="test-checkout-closed">
      <Alert tone="info">
        <p className="font-semibold">{t('payments.testCheckout.closed.title')}</p>
        <p className="mt-0.5">{t('payments.testCheckout.closed.body')}</p>
      </Alert>
      <OrderSummary order={session.order} showStatus className="mt-6" />
      <DashboardLink />
    </div>
  );
}

function CheckoutLoadFailed({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (notFound) {
    return (
      <div>
        <Alert tone="error">{t('payments.testCheckout.notFound')}</Alert>
        <DashboardLink />
      </div>
    );
  }
  return (
    <Alert
      tone="error"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {t('payments.testCheckout.loadFailed')}
    </Alert>
  );
}
