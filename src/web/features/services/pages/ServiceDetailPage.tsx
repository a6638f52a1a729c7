import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { isApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type ServiceView, serviceQuery } from '../api/services';
import { usePurchase } from '../api/usePurchase';
import { SupportPrompt } from '../components/HelpBox';
import { LoadFailed, LoadingState } from '../components/PageStates';
import { localizedService } from '../lib/localized';

/** product.md#services-and-payment-pages "Service detail": the whole description, the price paid once, and the purchase button. */
export function ServiceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const service = useQuery(serviceQuery(id));
  const notFound = isApiError(service.error) && service.error.status === 404;
  const loadFailed = service.isError && service.data === undefined && !notFound;

  useEffect(() => {
    if (notFound) {
      toast.error(t('services.detail.notFound'), { id: 'service-not-found' });
      navigate('/services', { replace: true });
    }
  }, [notFound, navigate, t]);
  useEffect(() => {
    if (loadFailed) toast.error(t('services.detail.loadFailed'), { id: 'service-load-failed' });
  }, [loadFailed, t]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      {/* The service's own title replaces this once it has loaded. */}
      {service.data ? null : <title>{`${t('services.title')} · ${t('common.appName')}`}</title>}
      <Link to="/services" data-testid="service-back" className={clsx(buttonLinkClass, buttonLinkVariants.secondary)}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('services.detail.back')}
      </Link>
      {service.data ? (
        <ServiceDetail service={service.data} />
      ) : loadFailed ? (
        <LoadFailed message={t('services.detail.loadFailed')} onRetry={() => void service.refetch()} />
      ) : (
        <LoadingState />
      )}
    </div>
  );
}

function ServiceDetail({ service }: { service: ServiceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { purchase, pendingId } = usePurchase();
  // "Let us file it" from the calendar names the item the purchase files (decision 0052).
  const [searchParams] = useSearchParams();
  const itemKey = searchParams.get('item') || undefined;
  const { title, description } = localizedService(service, fmt.lang);
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
      <title>{`${title} · ${t('common.appName')}`}</title>
      <article className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {/* The admin's line breaks are the description's paragraphs. */}
        <p data-testid="service-description" className="mt-4 whitespace-pre-line break-words text-slate-700">
          {description}
        </p>
      </article>
      <div className="space-y-6">
        <section
          aria-labelledby="service-price-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="service-price-heading" className="text-sm font-medium text-slate-600">
            {t('services.detail.priceLabel')}
          </h2>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900" data-testid="service-price">
            {fmt.usd(service.priceCents)}
          </p>
          <p className="text-sm text-slate-600">{t('services.price.oneTime')}</p>
          <Button
            fullWidth
            className="mt-5"
            data-testid="service-buy"
            loading={pendingId !== null}
            onClick={() => void purchase(service.id, itemKey)}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            {t('services.detail.buyNow')}
          </Button>
          <p className="mt-3 flex items-start gap-2 text-xs text-slate-600">
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
            {t('services.detail.secure')}
          </p>
        </section>
        <SupportPrompt title={t('services.detail.help.title')} body={t('services.detail.help.body')} />
      </div>
    </div>
  );
}
