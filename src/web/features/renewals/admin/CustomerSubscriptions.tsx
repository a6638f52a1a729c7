import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../lib/useTranslation';
import { SubscriptionPanel } from '../components/SubscriptionPanel';
import { customerSubscriptionsQuery } from './renewalsApi';

/** The customer file's subscriptions: each one's period, price, status, receipts and history, read-only. */
export function CustomerSubscriptions({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(customerSubscriptionsQuery(userId));
  if (isPending) return <Spinner className="size-5 text-indigo-600" />;
  if (isError) return <Alert tone="error">{t('renewals.page.loadFailed')}</Alert>;
  if (data.subscriptions.length === 0) return <p className="text-sm text-slate-600">{t('renewals.file.empty')}</p>;
  return (
    <div className="space-y-3" data-testid="customer-subscriptions">
      {data.subscriptions.map((sub) => (
        <SubscriptionPanel key={sub.id} sub={sub} readOnly />
      ))}
    </div>
  );
}
