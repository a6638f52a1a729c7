import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RefreshCcw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { linkClass } from '../../../components/ui/TextLink';
import { useTranslation } from '../../../lib/useTranslation';
import { subscriptionsQuery } from '../api/renewals';
import { SubscriptionPanel } from '../components/SubscriptionPanel';

/** /account/subscriptions: the registered agent and the private address, each renewed only on the customer's word. */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(subscriptionsQuery);
  const [search] = useSearchParams();
  const askCancel = search.get('cancel');
  const title = t('renewals.page.title');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <PageHeading icon={RefreshCcw} title={title} subtitle={t('renewals.page.intro')} />
      {isPending ? (
        <div role="status" className="flex justify-center py-12">
          <Spinner className="size-8 text-indigo-600" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : isError ? (
        <Alert tone="error">{t('renewals.page.loadFailed')}</Alert>
      ) : data.subscriptions.length === 0 ? (
        <Alert tone="info">{t('renewals.page.empty')}</Alert>
      ) : (
        <div className="space-y-4">
          {data.subscriptions.map((sub) => (
            <SubscriptionPanel key={sub.id} sub={sub} askCancel={askCancel === sub.id} />
          ))}
        </div>
      )}
      <div className="mt-6 text-center">
        <Link to="/dashboard" className={`inline-flex items-center gap-2 font-medium ${linkClass}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common.backToDashboard')}
        </Link>
      </div>
    </div>
  );
}
