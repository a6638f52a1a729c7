import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, PackageSearch, ShoppingBag } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { servicesQuery } from '../api/services';
import { usePurchase } from '../api/usePurchase';
import { MeetingPrompt, SupportPrompt } from '../components/HelpBox';
import { LoadFailed, LoadingState } from '../components/PageStates';
import { ServiceCard } from '../components/ServiceCard';

/** product.md#services-and-payment-pages "Services list": the active services, oldest first, open to anonymous visitors too. */
export function ServicesPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const services = useQuery(servicesQuery);
  const { purchase, pendingId } = usePurchase();
  const loadFailed = services.isError && services.data === undefined;

  useEffect(() => {
    if (loadFailed) toast.error(t('services.loadFailed'), { id: 'services-load-failed' });
  }, [loadFailed, t]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <title>{`${t('services.title')} · ${t('common.appName')}`}</title>
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 sm:flex">
          <ShoppingBag aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('services.title')}</h1>
          <p className="mt-1 max-w-prose text-slate-600">{t('services.subtitle')}</p>
        </div>
      </div>

      {services.data ? (
        services.data.length === 0 ? (
          <div
            data-testid="services-empty"
            className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
          >
            <PackageSearch aria-hidden="true" className="size-10 text-slate-400" />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('services.empty.title')}</h2>
            <p className="mt-1 max-w-prose text-sm text-slate-600">{t('services.empty.body')}</p>
          </div>
        ) : (
          <ul data-testid="services-grid" className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {services.data.map((service) => (
              <ServiceCard
                key={service.id}
                service={service}
                onBuy={() => void purchase(service.id)}
                buying={pendingId === service.id}
                disabled={pendingId !== null}
              />
            ))}
          </ul>
        )
      ) : loadFailed ? (
        <LoadFailed message={t('services.loadFailed')} onRetry={() => void services.refetch()} />
      ) : (
        <LoadingState />
      )}

      <div className="mt-10 grid grid-cols-1 gap-5 md:grid-cols-2">
        <SupportPrompt title={t('services.support.title')} body={t('services.support.body')} />
        <MeetingPrompt />
      </div>

      {me ? (
        <div className="mt-8 text-center">
          <Link
            to="/dashboard"
            className="inline-flex items-center gap-2 rounded-md font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('common.backToDashboard')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
