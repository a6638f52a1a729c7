import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Receipt, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useCan } from '../../../lib/can';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { OrderFlagBadge, PaymentStatusBadge, TestModeBadge } from '../../payments';
import { type AdminOrder, recheckOrder, userOrdersQuery } from './userOrdersApi';
import { userDetailQuery } from './usersApi';

/** A user's orders, newest first, each with what the payment provider knows of it and a re-check. */
export function UserOrders({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const orders = useQuery(userOrdersQuery(userId));

  if (orders.data) {
    if (orders.data.length === 0) {
      return (
        <p
          data-testid="user-orders-empty"
          className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600"
        >
          <Receipt aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          {t('adminServices.orders.empty')}
        </p>
      );
    }
    return (
      <ul className="space-y-3" aria-label={t('adminServices.orders.title')}>
        {orders.data.map((order) => (
          <OrderItem key={order.id} order={order} userId={userId} />
        ))}
      </ul>
    );
  }
  if (orders.isError) {
    return (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void orders.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorMessage(orders.error, 'adminServices.orders.loadFailed', t)}
      </Alert>
    );
  }
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-600">
      <Spinner className="size-4 text-indigo-600" />
      {t('adminServices.orders.loading')}
    </div>
  );
}

/** A package order is named from the catalogue; a service order from its title at purchase time. */
function useOrderName(order: AdminOrder): string {
  const { t } = useTranslation();
  const { lang } = useFormat();
  if (order.kind === 'formation_package' && order.packageId) {
    return t('adminServices.orders.packageName', { name: t(`catalogue.packages.${order.packageId}.name`) });
  }
  return (lang === 'en' && order.titleEn) || order.title || t('adminServices.orders.untitled');
}

function OrderItem({ order, userId }: { order: AdminOrder; userId: string }) {
  const { t } = useTranslation();
  const { usd, dateTime } = useFormat();
  const queryClient = useQueryClient();
  const name = useOrderName(order);
  const none = t('adminServices.orders.none');
  const mayRecheck = useCan()('orders.recheck');

  const recheck = useMutation({
    mutationFn: () => recheckOrder(order.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(userOrdersQuery(userId).queryKey, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      // A payment found here also marks the formation paid: the panel's badge must follow.
      void queryClient.invalidateQueries({ queryKey: userDetailQuery(userId).queryKey });
      toast.success(
        t('adminServices.orders.recheckDone', { status: t(`adminServices.paymentStatus.${updated.status}`) }),
        { description: name },
      );
    },
    onError: (error) => {
      const title = t('adminServices.orders.recheckFailed');
      const reason = errorMessage(error, 'adminServices.orders.recheckFailed', t);
      toast.error(title, { description: reason === title ? undefined : reason });
    },
  });

  return (
    <li
      data-testid="user-order"
      data-id={order.id}
      data-status={order.status}
      className="min-w-0 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h4 className="min-w-0 break-words text-sm font-semibold text-slate-900" data-testid="user-order-name">
          {name}
        </h4>
        <span className="flex flex-wrap gap-1">
          <PaymentStatusBadge status={order.status} testId="user-order-status" />
          {order.provider === 'local' ? <TestModeBadge testId="user-order-test-mode" /> : null}
          {order.flag ? <OrderFlagBadge flag={order.flag} testId="user-order-flag" /> : null}
        </span>
      </div>
      <p className="mt-1 text-base font-semibold tabular-nums text-slate-900" data-testid="user-order-amount">
        {usd(order.amountCents)}
        {order.addressOption ? (
          <span className="ml-2 text-sm font-normal text-slate-600">
            {t(`catalogue.addressOptions.${order.addressOption}`)}
          </span>
        ) : null}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <OrderFact label={t('adminServices.orders.created')}>
          <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time>
        </OrderFact>
        <OrderFact label={t('adminServices.orders.paid')}>
          {order.paidAt ? <time dateTime={order.paidAt}>{dateTime(order.paidAt)}</time> : none}
        </OrderFact>
        <OrderFact label={t('adminServices.orders.provider')}>
          <span data-testid="user-order-provider">{t(`adminServices.orders.providers.${order.provider}`)}</span>
        </OrderFact>
        <OrderFact label={t('adminServices.orders.sessionId')}>
          <ProviderId value={order.providerSessionId} none={none} />
        </OrderFact>
        <OrderFact label={t('adminServices.orders.paymentId')}>
          <ProviderId value={order.providerPaymentId} none={none} />
        </OrderFact>
      </dl>
      {mayRecheck ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => recheck.mutate()}
          loading={recheck.isPending}
          data-testid="user-order-recheck"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t(order.provider === 'stripe' ? 'adminServices.orders.recheck' : 'adminServices.orders.recheckLocal')}
          {/* The visible words start the accessible name (WCAG 2.5.3); the order's name tells the rows apart. */}
          <span className="sr-only"> ({name})</span>
        </Button>
      ) : null}
    </li>
  );
}

function OrderFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </>
  );
}

/** Long provider ids cut to the line; the whole id is in the tooltip and still selectable. */
function ProviderId({ value, none }: { value: string | null; none: string }) {
  if (!value) return <span className="text-slate-500">{none}</span>;
  return (
    <code title={value} className="block truncate font-mono text-xs leading-5 text-slate-800">
      {value}
    </code>
  );
}
